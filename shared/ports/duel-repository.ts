import type { ClubDuelRecord } from "../domain/club-record.js";
import type { DuelCommand } from "../domain/commands.js";
import type { DuelEvent } from "../domain/events.js";
import type { InputOrder } from "../domain/input-order.js";
import type { Duel, DuelState, PostMark } from "../domain/state.js";
import type { DedupKey } from "./dedup-key.js";
import type { DuelistChange, ForumAccount } from "./duelist-store.js";
import type { ForumConfig } from "./forum-store.js";
import type { OutboxEntry } from "./outbox-store.js";

/**
 * One input of a duel (a post, an edit, a timer firing, a referee decision) with the events it
 * produced. Inputs sort by `order` (the thread's order, CONTRACT.md 4.3); the audit log is their
 * events in that order. One input holds an order: another input at the same order is a duplicate.
 */
export interface StoredInput {
  readonly order: InputOrder;
  readonly inputId: string;
  readonly command: DuelCommand;
  readonly events: readonly DuelEvent[];
}

/** The duel as a decision leaves it, with its optimistic-concurrency version. */
export interface DecidedSnapshot {
  readonly duelId: string;
  readonly version: number;
  readonly state: Duel;
  readonly updatedAt: string;
}

/** The duel's current state as stored, with its version. */
export interface DuelSnapshot extends DecidedSnapshot {
  /** The latest order among the inputs applied: an input sorting before it arrived late. */
  readonly lastOrder: InputOrder;
}

/**
 * What a decision read of the duel: the snapshot, and the marks read apart from it, as stored (a
 * mark stored apart is never older than the snapshot's copy of it). A `LoadedDuel` is one.
 */
export interface DuelRead {
  /** Null when the duel is being created. */
  readonly duel: DuelSnapshot | null;
  readonly marks: Readonly<Record<string, PostMark>>;
}

/** The keys of a post's delivery: recorded with the post's mark, refused if already there (a retry). */
export interface PostDelivery {
  readonly postId: string;
  readonly keys: readonly DedupKey[];
}

/**
 * What one decision (or several staged ones) writes, before the store's bookkeeping: the duel as
 * it now is, its inputs, keys and effects.
 */
export interface DecidedCommit {
  readonly duelId: string;
  readonly forumId: string;
  readonly threadId: string;
  /** The version read; 0 when the duel is being created. */
  readonly expectedVersion: number;
  /** The duel as decided, its state with the marks of every post the decision read, as they now are. */
  readonly snapshot: DecidedSnapshot;
  /**
   * The decision decided the whole duel again (a late post in its place, replay.ts): it read every
   * mark of the duel, and a post the new state no longer holds is forgotten.
   */
  readonly replaysDuel?: boolean;
  /** New inputs, and earlier ones whose events a late input changed. */
  readonly inputs: readonly StoredInput[];
  /** Dedup keys not about a post (a referee command's idempotency key): written only if absent. */
  readonly dedupKeys: readonly DedupKey[];
  /** The keys of the post deliveries this decision applies. */
  readonly deliveries: readonly PostDelivery[];
  readonly outbox: readonly OutboxEntry[];
  readonly duelists: readonly DuelistChange[];
  /** The duel's record in the club's records (CONTRACT.md 8), when the decision changed it. */
  readonly club?: ClubDuelRecord;
  /**
   * Authors of the posts it applies whom the forum's accounts do not hold yet (or hold under another
   * name): remembered with the decision, so a referee can name them (CONTRACT.md 6).
   */
  readonly accounts?: readonly ForumAccount[];
}

/**
 * Everything one commit writes, in one transaction conditioned on the version. How the duel is laid
 * out in storage is the repository's: from what the decision read and the duel as it now is, it
 * writes the post marks that changed and the duel's latest order (`lastOrder`).
 */
export interface DuelCommit extends DecidedCommit {
  readonly read: DuelRead;
}

/**
 * A duel as read for a decision: its snapshot as stored, and the stored marks of the posts asked
 * for. `postsRead` lists the posts asked for (found or not), so a caller knows what else to read.
 */
export interface LoadedDuel extends DuelRead {
  readonly forum: ForumConfig | null;
  readonly postsRead: readonly string[];
  /**
   * The forum's stored accounts of the authors asked for, by user id (null: none stored yet); no
   * entry for an author not asked for.
   */
  readonly accounts?: Readonly<Record<string, ForumAccount | null>>;
}

/**
 * Duels as aggregates: read for a decision, committed whole. The snapshot read holds the marks of
 * the posts other inputs may need; a decision asks for the marks of the posts it reads.
 */
export interface DuelRepository {
  /**
   * The forum, the duel, these posts' marks and these authors' accounts in one consistent read (the
   * webhook's only read).
   */
  loadForumAndDuel(
    forumId: string,
    duelId: string,
    postIds?: readonly string[],
    authorIds?: readonly string[],
  ): Promise<LoadedDuel>;
  /** The duel's snapshot, with the marks every input may read (not every post's). */
  loadDuel(duelId: string): Promise<DuelSnapshot | null>;
  /** These posts' stored marks (absent when the duel has none), consistently read. */
  loadPostMarks(duelId: string, postIds: readonly string[]): Promise<Record<string, PostMark>>;
  /** Every stored mark of the duel (what a late input's replay is compared with). */
  listPostMarks(duelId: string): Promise<Record<string, PostMark>>;
  /** Every input of a duel, in their order (for a late input's replay and the audit log). */
  listInputs(duelId: string): Promise<StoredInput[]>;
  /**
   * A forum's duels by status (an index keyed by forum and status, not a scan), newest first;
   * every forum's with `forumId` null (the operator's view), each forum listed on its own.
   */
  listDuels(forumId: string | null, status: DuelState["status"], limit?: number): Promise<DuelSnapshot[]>;
  /** The items one commit may write: a commit is one transaction, applied entirely or not at all. */
  readonly maxCommitItems: number;
  /** The items this commit writes (its ruleset counted, whether or not it is written again). */
  commitItems(commit: DuelCommit): number;
  /** Writes a decision atomically; throws ConcurrencyError or DuplicateError, nothing written. */
  commit(commit: DuelCommit): Promise<void>;
}
