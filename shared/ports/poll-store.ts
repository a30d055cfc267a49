import type { OutboxEntry } from "./duel-store.js";

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
  readonly reason: "unreadable_dice" | "refused";
  readonly message: string;
}

/**
 * What the poller remembers of one watched topic between two polls (issue 14): the page it reads,
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

/** Storage of the poller: its per-topic state, and effects it adds to the outbox on its own. */
export interface PollStore {
  getPollState(duelId: string): Promise<PollState | null>;
  /** Writes `state` (its version one more than `expectedVersion`); false when another poll wrote first. */
  putPollState(state: PollState, expectedVersion: number): Promise<boolean>;
  /** Topics whose last poll failed, for `/status` and the desk. */
  listFailingPolls(): Promise<FailingPoll[]>;
  /** Adds entries to the outbox; an entry already there (same id and time) is left as it is. */
  addOutbox(entries: readonly OutboxEntry[]): Promise<void>;
}
