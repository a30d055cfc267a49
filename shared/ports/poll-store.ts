import type { OutboxEntry } from "./outbox-store.js";

/** A post the poller has handed to the intake: what tells an edit, and who a deletion is by. */
export interface KnownPost {
  /** Content hash (`contentHash` of the post's HTML) as last fed. */
  readonly hash: string;
  readonly authorId: string;
  /** Its time in the thread as fed: an edit or a deletion is never placed before it. */
  readonly createdAt?: string;
}

/** Why the poller keeps a post back instead of feeding it (reported once to the referee). */
export interface HeldPost {
  readonly reason: "unreadable_dice" | "refused" | "unreadable_post";
  readonly message: string;
}

/**
 * What the poller remembers of one watched topic between two polls: the page it reads,
 * that page's validators for a conditional request, the posts it has fed, and its failures.
 */
export interface PollState {
  readonly duelId: string;
  readonly forumId: string;
  readonly topicId: string;
  /** Optimistic concurrency: a ping's poll and a timer's poll never both write. */
  readonly version: number;
  /** Offset (`p{offset}`) of the topic's last page as last read; null before the first read. */
  readonly lastPageOffset: number | null;
  readonly etag: string | null;
  readonly lastModified: string | null;
  readonly posts: Readonly<Record<string, KnownPost>>;
  readonly held: Readonly<Record<string, HeldPost>>;
  readonly lastPolledAt: string | null;
  readonly lastReadAt: string | null;
  /** Failed polls in a row; 0 after a poll that read the topic whole. */
  readonly failures: number;
  readonly lastError: string | null;
  readonly failingSince: string | null;
  /** Set once the referee was told the topic can no longer be read, cleared when it can again. */
  readonly failureReported: boolean;
  /**
   * The board's section that lists the topic (`/f{id}-…`), as its page last named it; absent
   * before it is learnt, null when the page names none (the topic is then always read itself).
   */
  readonly sectionId?: string | null;
  /** The topic's last post when its last page was last read: the section's list is compared with it. */
  readonly lastPostId?: string | null;
}

/** A fresh state for a topic never read. */
export function initialPollState(duelId: string, forumId: string, topicId: string): PollState {
  return {
    duelId,
    forumId,
    topicId,
    version: 0,
    lastPageOffset: null,
    etag: null,
    lastModified: null,
    posts: {},
    held: {},
    lastPolledAt: null,
    lastReadAt: null,
    failures: 0,
    lastError: null,
    failingSince: null,
    failureReported: false,
  };
}

/** A topic that could not be read at its last poll. */
export interface FailingPoll {
  readonly duelId: string;
  readonly failures: number;
  readonly lastError: string | null;
  readonly failingSince: string | null;
}

/**
 * A write of a forum's bot that its board refused in a way no wait helps (a captcha, the bot's
 * login refused, an unknown recipient): the latest one, told at once to the forum's admin on the
 * desk and in `GET /status` (CONTRACT.md 4.4), until a write to that board goes through.
 */
export interface BoardProblem {
  readonly forumId: string;
  /** The French reason, as the hibou's or the verdict's delivery recorded it. */
  readonly problem: string;
  readonly at: string;
}

/**
 * A watched topic's chain of reads as last scheduled (CONTRACT.md 4.4): when its next read is due,
 * and when, that read not made, the chain is taken for lost and re-armed by the sweep. Written in
 * the same transaction as the outbox entry that schedules the read, so the two never disagree.
 */
export interface ChainRead {
  readonly duelId: string;
  /** When the chain's next read is due. */
  readonly at: string;
  /** When the chain is overdue: `at` and a margin past every delay a healthy read can have. */
  readonly overdueAt: string;
}

/**
 * A section's list of topics as one poll of the forum's grid read it, shared by the chains of
 * every watched topic the section lists: the first chain of a grid instant to need it reads it
 * (claiming it `reading` first), the others use what it read.
 */
export interface SectionListing {
  readonly forumId: string;
  readonly sectionId: string;
  /** Optimistic concurrency: two chains never both claim one instant's reading. */
  readonly version: number;
  /** The instant of the forum's poll grid this listing was read for. */
  readonly slot: string;
  /** `reading`: claimed by a poll that reads it now; `failed`: it could not be read for this instant. */
  readonly status: "reading" | "read" | "failed";
  /** When the listing was claimed or last written, on the deployment's clock. */
  readonly at: string;
  /** Each listed topic's last post id, by topic id, over the pages read. */
  readonly lastPosts: Readonly<Record<string, string>>;
  /** List pages read for this instant. */
  readonly pages: number;
  /** The oldest last post on the last page read (see `SectionPage.oldestLastPost`). */
  readonly oldestLastPost: string | null;
  /** The next page's offset when the last page read links one, else null. */
  readonly nextOffset: number | null;
}

/** Storage of the poller: its per-topic state, and effects it adds to the outbox on its own. */
export interface PollStore {
  /** A section's listing as last written, or null. */
  getSectionListing(forumId: string, sectionId: string): Promise<SectionListing | null>;
  /** Writes `listing` (its version one more than `expectedVersion`); false when another poll wrote first. */
  putSectionListing(listing: SectionListing, expectedVersion: number): Promise<boolean>;
  getPollState(duelId: string): Promise<PollState | null>;
  /** Writes `state` (its version one more than `expectedVersion`); false when another poll wrote first. */
  putPollState(state: PollState, expectedVersion: number): Promise<boolean>;
  /** Topics whose last poll failed, for `/status` and the desk. */
  listFailingPolls(): Promise<FailingPoll[]>;
  /** Records a forum's board problem (the latest replaces the last), or clears it (null). */
  setBoardProblem(forumId: string, problem: BoardProblem | null): Promise<void>;
  /** The forums whose bot's last write was refused for good, for `/status` and the desk. */
  listBoardProblems(): Promise<BoardProblem[]>;
  /** Adds entries to the outbox; an entry already there (same id and time) is left as it is. */
  addOutbox(entries: readonly OutboxEntry[]): Promise<void>;
  /**
   * What a ping of a topic that is not watched writes instead of `addOutbox([entry])`: the same
   * conditional put, under a condition that never holds, so nothing is written and nothing follows.
   * It costs what scheduling a watched topic's read costs, in time and in write units, so that
   * neither tells a stranger which topics are watched (CONTRACT.md 4.4).
   */
  addNothingLike(entry: OutboxEntry): Promise<void>;
  /** Adds the entry that schedules a chain's next read and records that read, in one write. */
  scheduleChain(entry: OutboxEntry, read: ChainRead): Promise<void>;
  /** Chains overdue at `now`, longest overdue first, `limit` at most (a query of the overdue ones only). */
  overdueChains(now: string, limit: number): Promise<ChainRead[]>;
  /**
   * Takes an overdue chain to re-arm it: its `overdueAt` moves to `until`, unless another sweep or
   * the chain's own read moved it since it was listed (false: leave it alone).
   */
  claimChain(read: ChainRead, until: string): Promise<boolean>;
  /** Forgets the chain of a topic no longer watched: nothing is left to re-arm. */
  endChain(duelId: string): Promise<void>;
}
