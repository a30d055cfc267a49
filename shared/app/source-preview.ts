/**
 * A Forumactif topic as the referee would read it, before any duel is played in it (CONTRACT.md
 * 4.4, `POST /forums/{forumId}/source/preview`): every page of the topic read now, through the same
 * board client, session and page reader as the poller, and each post's words and recap as the
 * decider would count them. Nothing is stored: a forum's admin checks a board here while connecting it.
 */
import { ApiError, BoardFetchError, ForumactifPageError } from "../errors.js";
import type { BoardClient } from "../forumactif/board-client.js";
import { probeBoard } from "../forumactif/source-probe.js";
import { readTopic, type TopicAddress, type TopicReader } from "../forumactif/topic-fetch.js";
import type { TemplateVersion, TopicPage, TopicPost } from "../forumactif/types.js";
import { parseTopicId } from "../forumactif/urls.js";
import { readPost } from "../parsing/read-post.js";
import type { ReadPost } from "../parsing/types.js";
import type { Clock } from "../ports/clock.js";
import type { ForumConfig } from "../ports/forum-store.js";
import { defaultRuleset } from "../rules/default-ruleset.js";
import type { Ruleset } from "../rules/ruleset.js";
import { particularityName, spellName } from "../rules/ruleset-names.js";
import { errorTexts } from "../texts/errors.js";
import { sourcePreviewTexts } from "../texts/source-preview.js";

/** What a preview needs: the poller's own board client and page reader, and the time of the read. */
export interface SourcePreviewDeps {
  readonly board: Pick<BoardClient, "get" | "logIn">;
  readonly reader: TopicReader;
  readonly clock: Clock;
}

/** A post's action as the parser reads it, with the ruleset's names rather than its ids. */
export interface PreviewRecap {
  /** A `[duel]` block, or the author's recap without tags (CONTRACT.md 5). */
  readonly from: "block" | "free";
  readonly spells: readonly string[];
  readonly unknownSpells: readonly string[];
  readonly recoverWand: boolean;
  readonly target: string | null;
  readonly zone: string | null;
  readonly bet: string | null;
  readonly particularities: readonly string[];
}

/** One post of the topic as the referee reads it; `problem` says in French why it cannot be read. */
export interface PreviewPost {
  readonly id: string;
  readonly author: string;
  readonly authorId: string | null;
  /** The minute the board shows, ISO UTC. */
  readonly createdAt: string | null;
  readonly words: number | null;
  readonly recap: PreviewRecap | null;
  readonly problem: string | null;
}

export interface SourcePreview {
  readonly template: TemplateVersion | "custom";
  /** Pages read. */
  readonly pages: number;
  readonly posts: readonly PreviewPost[];
}

/** A preview reads a whole topic, but not an endless one: past this, the pages after are not read. */
const MAX_PAGES = 20;

/**
 * The topic named by `topic` (its id, or its address on the source's board), or a 400 in French:
 * an address on another board would be read with this forum's account.
 */
export function previewTopicId(topic: string, baseUrl: string): string {
  const id = parseTopicId(topic);
  if (id === null)
    throw new ApiError(400, "invalid_body", errorTexts.invalid_body.previewTopic, [
      { path: "topic", message: errorTexts.invalid_body.previewTopic },
    ]);
  if (/^\s*\d+\s*$/.test(topic)) return id;
  const host = new URL(baseUrl).host;
  let asked: string | null = null;
  try {
    asked = new URL(topic.trim()).host;
  } catch {
    // A path such as `/t1234-duel` names a topic of the source's own board.
  }
  if (asked !== null && asked !== host) {
    const message = errorTexts.invalid_body.previewTopicElsewhere(host);
    throw new ApiError(400, "invalid_body", message, [{ path: "topic", message }]);
  }
  return id;
}

function recapOf(read: ReadPost, ruleset: Ruleset): PreviewRecap | null {
  const { block } = read;
  if (block === null || read.recap === null) return null;
  return {
    from: read.recap,
    spells: block.spellIds.map((id) => spellName(ruleset, id)),
    unknownSpells: [...block.unknownSpells, ...block.unknownActions],
    recoverWand: block.recoverWand,
    target: block.target?.text ?? null,
    zone: block.zone,
    bet: block.bet,
    particularities: [
      ...block.particularityIds.map((id) => particularityName(ruleset, id)),
      ...block.unknownParticularities,
    ],
  };
}

/** A post read by the page reader, counted as the decider counts a duelist's post. */
function previewPost(post: TopicPost, ruleset: Ruleset): PreviewPost {
  // No duel yet: a target is shown as written, not matched to a duelist.
  const read = readPost(post.html, "html", { ruleset, duelists: [] });
  return {
    id: post.postId,
    author: post.authorName,
    authorId: post.authorId,
    createdAt: post.createdAt,
    words: read.words,
    recap: recapOf(read, ruleset),
    problem: null,
  };
}

/** Every post of a page in page order: those read, then (when the reader gives them) those it could not. */
function previewPage(page: TopicPage, ruleset: Ruleset): PreviewPost[] {
  // Each unreadable post in its place: after the readable post it follows on the page.
  const unreadableAfter = (after: string | null): PreviewPost[] =>
    page.unreadable
      .filter((u) => u.after === after)
      .map((u) => ({
        id: u.postId ?? "",
        author: u.authorName ?? "",
        authorId: null,
        createdAt: null,
        words: null,
        recap: null,
        problem: u.problem,
      }));
  return [
    ...unreadableAfter(null),
    ...page.posts.flatMap((post) => [previewPost(post, ruleset), ...unreadableAfter(post.postId)]),
  ];
}

/** Why the topic cannot be read at all, in French, as a 422. */
function unreadable(topicId: string, error: unknown): ApiError {
  let found: { cause: "page" | "board"; code: string; reason: string };
  if (error instanceof ForumactifPageError)
    found = { cause: "page", code: error.code, reason: sourcePreviewTexts.page[error.code] };
  // Boards answer a topic that does not exist with a 404 page: the board client refuses its status.
  else if (error instanceof BoardFetchError && /^HTTP 404\b/.test(error.message))
    found = { cause: "page", code: "not_found", reason: sourcePreviewTexts.page.not_found };
  else if (error instanceof BoardFetchError)
    found = { cause: "board", code: error.code, reason: sourcePreviewTexts.board[error.code] };
  else throw error;
  // The reader's or the board's code, for scripts; the message is the admin's.
  return new ApiError(422, "unreadable_topic", errorTexts.unreadable_topic(topicId, found.reason), {
    cause: found.cause,
    code: found.code,
  });
}

/**
 * Reads every page of the topic, a few at a time as a poll does (`readTopic`), each batch going on
 * from the last page the one before reached; a page read twice counts once.
 */
async function readAllPages(deps: SourcePreviewDeps, address: TopicAddress): Promise<TopicPage[]> {
  const pages = new Map<number, TopicPage>();
  let from: number | null = null;
  for (;;) {
    const read = await readTopic(
      deps.board,
      deps.reader,
      address,
      { lastPageOffset: from, etag: null, lastModified: null },
      deps.clock.now(),
    );
    if (read.kind === "unchanged") break;
    const before = pages.size;
    for (const page of read.pages) pages.set(page.pagination.currentPage, page);
    const last = read.pages[read.pages.length - 1];
    const done = last === undefined || last.pagination.currentPage >= last.pagination.lastPage;
    if (done || pages.size === before || pages.size >= MAX_PAGES) break;
    from = read.lastPageOffset;
  }
  return [...pages.values()].sort((a, b) => a.pagination.currentPage - b.pagination.currentPage);
}

/**
 * Reads a topic of the forum's Forumactif board now and says what each post reads as; 409 when the
 * forum has no Forumactif source, 422 `unreadable_topic` with a French reason when no page reads.
 */
export async function previewSource(
  deps: SourcePreviewDeps,
  forum: ForumConfig,
  topic: string,
): Promise<SourcePreview> {
  const { source } = forum;
  if (!source) throw new ApiError(409, "not_forumactif", errorTexts.not_forumactif);
  const topicId = previewTopicId(topic, source.baseUrl);
  const address: TopicAddress = {
    baseUrl: source.baseUrl,
    timeZone: source.timeZone,
    topicId,
    ...(source.template ? { template: source.template } : {}),
    ...(source.account
      ? { account: { forumId: forum.forumId, baseUrl: source.baseUrl, ...source.account } }
      : {}),
  };
  let pages: TopicPage[];
  try {
    pages = await readAllPages(deps, address);
  } catch (error) {
    throw unreadable(topicId, error);
  }
  const first = pages[0];
  if (first === undefined)
    throw unreadable(topicId, new ForumactifPageError("incomplete_page", "no page was read"));
  const ruleset = forum.ruleset ?? defaultRuleset;
  return {
    template: first.template,
    pages: pages.length,
    posts: pages.flatMap((page) => previewPage(page, ruleset)),
  };
}

/** What a connection test found: the board's answer, and the bot account's login when there is one. */
export interface SourceCheck {
  /** Why the board's address answers no Forumactif page, in French; null when it does. */
  readonly board: string | null;
  /** Null without an account; else whether it logged in, and why not (in French). */
  readonly account: { readonly username: string; readonly refusal: string | null } | null;
}

/**
 * Tries the forum's source as the poller will use it: its address answers a Forumactif page, and
 * its bot account (if any) logs in through the board's own form. Nothing is stored.
 */
export async function checkSource(
  deps: Pick<SourcePreviewDeps, "board">,
  forum: ForumConfig,
): Promise<SourceCheck> {
  const { source } = forum;
  if (!source) throw new ApiError(409, "not_forumactif", errorTexts.not_forumactif);
  const board = (await probeBoard(deps.board, source.baseUrl)) ?? null;
  if (!source.account) return { board, account: null };
  const { username } = source.account;
  try {
    await deps.board.logIn({ forumId: forum.forumId, baseUrl: source.baseUrl, ...source.account });
    return { board, account: { username, refusal: null } };
  } catch (error) {
    if (!(error instanceof BoardFetchError)) throw error;
    return { board, account: { username, refusal: sourcePreviewTexts.board[error.code] } };
  }
}
