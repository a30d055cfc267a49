import { contentHash } from "../domain/decide-post.js";
import { minuteOf } from "../domain/minute-doubt.js";
import type { HeldPost, KnownPost } from "../ports/poll-store.js";
import { forumactifTexts } from "../texts/forumactif.js";
import type { TopicPage, TopicPost, UnreadablePost } from "./types.js";

/** A forum die roll read from the Game Master's post that follows a member's post (`readDiceRoll`). */
export type DiceReading =
  | { readonly status: "none" }
  | { readonly status: "rolled"; readonly values: readonly number[] }
  | { readonly status: "unreadable"; readonly reason: string };

/** A change the poller found, in the words of the intake (`IncomingPost`). */
export interface PostChange {
  readonly kind: "created" | "edited" | "deleted";
  readonly postId: string;
  readonly authorId: string;
  readonly authorName: string;
  /** A post's: the minute the board shows (`shownToTheMinute`); a deletion's: when it was seen gone. */
  readonly createdAt: string;
  readonly changedAt: string;
  readonly html: string;
  readonly hash: string;
  readonly forumDice?: readonly [number, number];
  /** The board shows the post's time to the minute only: the domain gives it the benefit of the doubt. */
  readonly shownToTheMinute?: boolean;
}

export interface DiffOptions {
  /** When the topic was read: the time of a deletion or of an edit whose note gives none. */
  readonly now: string;
  /** The duel's dice mode: only `forum` reads the Game Master's rolls. */
  readonly diceMode: "server" | "forum";
  readonly isGameMaster: (post: TopicPost) => boolean;
  readonly rollOf: (gameMasterPost: TopicPost) => DiceReading;
}

export interface TopicDiff {
  /** In thread order: posts as they stand on the pages, then deletions. */
  readonly changes: readonly PostChange[];
  /** Posts kept back this time (a roll that cannot be read), by post id. */
  readonly held: Readonly<Record<string, HeldPost>>;
  /**
   * Posts the pages show but that cannot be read, never guessed: keyed by post id, or by their
   * place (`after:<id>` on the page of that offset) when the id is not shown.
   */
  readonly unreadable: readonly (UnreadablePost & { readonly key: string })[];
}

/**
 * An edit's time as the board's note makes it known: the end of the minute it shows (Forumactif
 * shows minutes only), so an edit is never placed before a decision of that minute it may have
 * followed. A post's own time stays the minute shown: where it sits in that minute is the
 * domain's rule (domain/minute-doubt.ts).
 */
export function endOfMinute(iso: string): string {
  const ms = Date.parse(iso);
  return new Date(ms - (ms % 60_000) + 59_999).toISOString();
}

/** The later of two instants (ISO strings of one form compare as times). */
function later(a: string, b: string): string {
  return a >= b ? a : b;
}

/** Post ids compare as numbers (Forumactif's are), so `999` comes before `1000`. */
function idKey(id: string): bigint {
  return /^\d{1,30}$/.test(id) ? BigInt(id) : -1n;
}

/** The two Duel dice (attack, defence) of a roll, or why they cannot be taken as such. */
function duelDice(reading: DiceReading): readonly [number, number] | string {
  if (reading.status === "unreadable") return reading.reason;
  if (reading.status === "none") return forumactifTexts.dice.none;
  const [attack, defence, ...more] = reading.values;
  if (attack === undefined || defence === undefined || more.length > 0)
    return forumactifTexts.dice.count(reading.values.length);
  if (![attack, defence].every((v) => Number.isInteger(v) && v >= 1 && v <= 6))
    return forumactifTexts.dice.outOfRange(reading.values);
  return [attack, defence];
}

/**
 * The ranges of post ids where a known post that does not show is gone (deleted): within each page
 * read (from its first post to its last), before the first post of the topic's first page, and
 * after the last post of its last page. Between two pages nothing is judged: a deletion between the
 * two requests moves a post across the boundary, and it shows on neither.
 */
function judgedRanges(pages: readonly TopicPage[]): (readonly [bigint, bigint])[] {
  const ranges: (readonly [bigint, bigint])[] = [];
  const big = 10n ** 31n;
  for (const page of pages) {
    // A post shown without its id may be any known post: nothing on its page is judged gone.
    if (page.unreadable.some((u) => u.postId === null)) continue;
    const first = page.posts[0];
    const last = page.posts[page.posts.length - 1];
    if (!first || !last) continue;
    const from = page.pagination.currentPage === 1 ? -big : idKey(first.postId);
    const to = page.pagination.currentPage >= page.pagination.lastPage ? big : idKey(last.postId);
    ranges.push([from, to]);
  }
  return ranges;
}

/**
 * What changed in a topic since the posts the poller knows: a post not known is
 * `created`, a known post whose content changed is `edited`, a known post that no longer shows
 * where it must be is `deleted`. Thread order is the pages' order, never the time of the read. The
 * Game Master's dice posts are not posts of the duel: each gives its roll to the member's post it
 * follows (forum dice mode), and a roll that cannot be read holds that post back, never guessed.
 */
export function diffTopic(
  known: Readonly<Record<string, KnownPost>>,
  pages: readonly TopicPage[],
  options: DiffOptions,
): TopicDiff {
  const seen = new Set<string>();
  const posts: TopicPost[] = [];
  const unreadable: (UnreadablePost & { key: string })[] = [];
  for (const page of pages) {
    for (const post of page.posts) {
      if (seen.has(post.postId)) continue;
      seen.add(post.postId);
      posts.push(post);
    }
    // Shown but unreadable: not gone, and not fed.
    for (const u of page.unreadable) {
      if (u.postId !== null) seen.add(u.postId);
      const key = u.postId ?? `p${page.pagination.offset}-after-${u.after ?? "start"}`;
      if (!unreadable.some((known) => known.key === key)) unreadable.push({ ...u, key });
    }
  }
  const changes: PostChange[] = [];
  const held: Record<string, HeldPost> = {};
  // Pages that stop before the topic's end: their last post's roll may open the next page, so that
  // post waits for the poll that reads on (it is seen, so it is not taken for deleted either).
  const lastPage = pages[pages.length - 1]?.pagination;
  const complete = lastPage !== undefined && lastPage.currentPage >= lastPage.lastPage;
  posts.forEach((post, index) => {
    if (options.isGameMaster(post) || post.authorId === null) return;
    if (!complete && index === posts.length - 1) return;
    const next = posts[index + 1];
    const hash = contentHash(post.html);
    const before = known[post.postId];
    if (before && before.hash === hash) return;
    let forumDice: readonly [number, number] | undefined;
    if (options.diceMode === "forum" && !before && next && options.isGameMaster(next)) {
      const dice = duelDice(options.rollOf(next));
      if (typeof dice === "string") {
        held[post.postId] = { reason: "unreadable_dice", message: dice };
        return;
      }
      forumDice = dice;
    }
    const createdAt = minuteOf(post.createdAt);
    const noted = post.edited?.at ? endOfMinute(post.edited.at) : null;
    const firstTime = before?.createdAt ?? createdAt;
    const read = later(options.now, firstTime);
    const editedAt = noted && noted > firstTime && noted < read ? noted : read;
    changes.push({
      kind: before ? "edited" : "created",
      postId: post.postId,
      authorId: post.authorId,
      authorName: post.authorName,
      createdAt,
      changedAt: before ? editedAt : createdAt,
      html: post.html,
      hash,
      ...(forumDice ? { forumDice } : {}),
      shownToTheMinute: true,
    });
  });
  const ranges = judgedRanges(pages);
  const gone = Object.entries(known)
    .filter(([postId]) => !seen.has(postId))
    .filter(([postId]) => ranges.some(([from, to]) => idKey(postId) >= from && idKey(postId) <= to))
    .sort(([a], [b]) => (idKey(a) < idKey(b) ? -1 : 1));
  for (const [postId, post] of gone) {
    // Seen gone at this read; never before its own time.
    const at = later(options.now, post.createdAt ?? options.now);
    changes.push({
      kind: "deleted",
      postId,
      authorId: post.authorId,
      authorName: "",
      createdAt: at,
      changedAt: at,
      html: "",
      hash: "",
    });
  }
  return { changes, held, unreadable };
}
