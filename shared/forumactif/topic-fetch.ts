import { ForumactifPageError } from "../errors.js";
import type { PollState } from "../ports/poll-store.js";
import type { BoardClient, PageValidators } from "./board-client.js";
import type { BoardAccount } from "./board-session.js";
import { sectionOfTopicPage } from "./section-page.js";
import type { DiceReading } from "./topic-diff.js";
import type { DiceSettings, PostMarkup, TemplateVersion, TopicPage, TopicPost } from "./types.js";
import { topicUrl } from "./urls.js";

/** The page reader (`readTopicPage` and its helpers), passed in so the poller can be read alone. */
export interface TopicReader {
  readTopicPage(
    html: string,
    options: {
      readonly timeZone: string;
      readonly now: string;
      readonly template?: TemplateVersion;
      readonly markup?: PostMarkup;
    },
  ): TopicPage;
  isGameMasterPost(post: TopicPost): boolean;
  readDiceRoll(post: TopicPost, dice: DiceSettings): DiceReading;
}

/** Where a topic is read from, as its forum's source says. */
export interface TopicAddress {
  readonly baseUrl: string;
  readonly timeZone: string;
  readonly template?: TemplateVersion;
  /** The theme's parts named by the forum (`source.markup`), read first when given. */
  readonly markup?: PostMarkup;
  readonly topicId: string;
  /** The forum's bot account, for sections guests cannot read: its pages are read logged in. */
  readonly account?: BoardAccount;
}

export type TopicRead =
  | { readonly kind: "unchanged"; readonly requests: number }
  | {
      readonly kind: "read";
      readonly requests: number;
      /** The pages read, in topic order; the last is the topic's last page unless it grew by more than a poll reads. */
      readonly pages: readonly TopicPage[];
      readonly lastPageOffset: number;
      readonly etag: string | null;
      readonly lastModified: string | null;
      /** The topic's last post (readable or not) when the last page was read, else null. */
      readonly lastPostId: string | null;
      /** With `learnSection`: the section the page names (null: none), else undefined. */
      readonly sectionId?: string | null;
    };

/** How a read is asked: conditionally (the default), and whether the topic's section is learnt. */
export interface TopicReadOptions {
  /** Reads the pages whole even if unchanged, and finds the topic's section on the first one. */
  readonly learnSection?: boolean;
}

/** Pages one poll reads at most; a topic that grew by more is read on at the next poll. */
const MAX_PAGES = 4;

/**
 * Reads a topic's last page: the page the last poll found last, asked conditionally, so
 * a topic that did not change costs one request and no reading. When the topic has grown past it,
 * the following pages are read up to the last one, so posts that span the boundary are all seen
 * (the page read first is then the page before the new last one). The first read of a topic starts
 * on its first page; a topic longer than one poll reads is read on at the next polls. Any page not read whole throws (ForumactifPageError,
 * BoardFetchError): nothing is decided from it.
 */
export async function readTopic(
  board: Pick<BoardClient, "get" | "logIn">,
  reader: TopicReader,
  address: TopicAddress,
  state: Pick<PollState, "lastPageOffset" | "etag" | "lastModified">,
  now: Date,
  how: TopicReadOptions = {},
): Promise<TopicRead> {
  const options = {
    timeZone: address.timeZone,
    now: now.toISOString(),
    ...(address.template ? { template: address.template } : {}),
    ...(address.markup ? { markup: address.markup } : {}),
  };
  let requests = 0;
  const { account } = address;
  let loggedInAfresh = false;
  const get = (offset: number, validators?: PageValidators) => {
    requests++;
    return board.get(topicUrl(address.baseUrl, address.topicId, offset), validators, account);
  };
  let sectionId: string | null | undefined;
  const read = (html: string) => {
    const page = reader.readTopicPage(html, options);
    if (how.learnSection && sectionId === undefined) sectionId = sectionOfTopicPage(html);
    if (page.topicId !== address.topicId)
      throw new ForumactifPageError(
        "incomplete_page",
        `page of topic ${page.topicId}, not ${address.topicId}`,
      );
    return page;
  };
  const fetchPage = async (offset: number, conditional: boolean) => {
    const fetched = await get(
      offset,
      conditional ? { etag: state.etag, lastModified: state.lastModified } : undefined,
    );
    if (fetched.status === "unchanged") return { page: null, fetched };
    try {
      return { page: read(fetched.html), fetched };
    } catch (error) {
      // A page closed to guests, or the account's session gone (expired, ended by the board): log
      // in, once per read, and read the page again. A page still closed after that stays a failure.
      const closed = error instanceof ForumactifPageError && error.code === "login_required";
      if (!closed || account === undefined || loggedInAfresh) throw error;
      loggedInAfresh = true;
      await board.logIn(account);
      const again = await get(offset);
      if (again.status === "unchanged") throw error;
      return { page: read(again.html), fetched: again };
    }
  };

  const remembered = state.lastPageOffset ?? 0;
  let first: Awaited<ReturnType<typeof fetchPage>>;
  try {
    first = await fetchPage(remembered, state.lastPageOffset !== null && !how.learnSection);
  } catch (error) {
    // The remembered page may be gone (posts deleted, the topic shorter): start again from the first.
    if (!(error instanceof ForumactifPageError && error.code === "not_found" && remembered > 0)) throw error;
    first = await fetchPage(0, false);
  }
  if (first.page === null) return { kind: "unchanged", requests };
  const pages: TopicPage[] = [first.page];
  let last: Awaited<ReturnType<typeof fetchPage>> = first;
  let current = first.page;
  // A topic that grew by more pages than one poll reads is read on at the next poll, from here.
  while (current.pagination.currentPage < current.pagination.lastPage && pages.length < MAX_PAGES) {
    const { pagination } = current;
    // Page after page, so no post between the page read first and the last page is skipped.
    const offset =
      pagination.currentPage + 1 === pagination.lastPage && pagination.lastPageOffset !== null
        ? pagination.lastPageOffset
        : pagination.offset + (pagination.perPage ?? current.posts.length);
    last = await fetchPage(offset, false);
    if (last.page === null || last.page.pagination.currentPage <= current.pagination.currentPage)
      throw new ForumactifPageError("incomplete_page", `page at offset ${offset} did not move on`);
    current = last.page;
    pages.push(current);
  }
  // A read that stopped short of the topic's last page must not be answered "unchanged" next time
  // (its page did not change, the topic did): the next poll asks for it again unconditionally.
  const readToTheEnd = current.pagination.currentPage >= current.pagination.lastPage;
  const validators =
    last.fetched.status === "fresh" && readToTheEnd
      ? { etag: last.fetched.etag, lastModified: last.fetched.lastModified }
      : { etag: null, lastModified: null };
  return {
    kind: "read",
    requests,
    pages,
    lastPageOffset: current.pagination.offset,
    ...validators,
    lastPostId: readToTheEnd ? lastPostOf(current) : null,
    ...(how.learnSection ? { sectionId: sectionId ?? null } : {}),
  };
}

/** The page's last post by id, readable or not: what a section's list links as the last post. */
function lastPostOf(page: TopicPage): string | null {
  const ids = [...page.posts.map((p) => p.postId), ...page.unreadable.map((u) => u.postId)];
  let last: string | null = null;
  for (const id of ids) if (id !== null && (last === null || Number(id) > Number(last))) last = id;
  return last;
}
