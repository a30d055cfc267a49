import type { DuelCommand } from "../domain/commands.js";
import type { DuelEvent } from "../domain/events.js";
import type { Duel, DuelState } from "../domain/state.js";
import type { ForumactifSource } from "../forumactif/source-settings.js";
import type { Ruleset } from "../rules/ruleset.js";
import type { ChannelConfig, Hibou } from "./notifier.js";
import type { TimerSpec } from "./scheduler.js";
import type { AnnounceMode, ThreadBotConfig, ThreadReply } from "./thread-bot.js";

/**
 * One input of a duel (a post, an edit, a timer firing, a referee decision) with the events it
 * produced. Inputs sort by `key` (the thread's order, CONTRACT.md 4.3); the audit log is their
 * events in that order.
 */
export interface StoredInput {
  readonly key: string;
  readonly inputId: string;
  readonly command: DuelCommand;
  readonly events: readonly DuelEvent[];
}

/** The duel's current state with its optimistic-concurrency version. */
export interface DuelSnapshot {
  readonly duelId: string;
  readonly version: number;
  readonly state: Duel;
  /** The greatest input key applied: an input sorting before it arrived late. */
  readonly lastKey: string;
  readonly updatedAt: string;
}

/** Something to do outside once the transaction that decided it has committed. */
export type Effect =
  /**
   * The schedules one decision creates and deletes, performed together: each call is idempotent
   * (creating a schedule that exists, deleting one that is gone, both succeed), so a retry after a
   * partial failure simply does them all again.
   */
  | {
      readonly type: "timers";
      readonly cancel: readonly TimerSpec[];
      readonly schedule: readonly TimerSpec[];
    }
  /** A hibou through one of the forum's channels (by its index in `notify`), resolved at delivery. */
  | {
      readonly type: "notify";
      readonly hibou: Hibou;
      readonly channel: number;
      readonly channelType: ChannelConfig["type"];
    }
  /** A verdict posted in the duel's thread by the forum's bot (CONTRACT.md 3, `announce`). */
  | { readonly type: "announce"; readonly forumId: string; readonly reply: ThreadReply };

/** An effect in the outbox, with its delivery state (CONTRACT.md 6.1 `deliveredAt`). */
export interface OutboxEntry {
  readonly id: string;
  readonly duelId: string;
  readonly createdAt: string;
  readonly effect: Effect;
  readonly attempts: number;
  readonly nextAttemptAt: string;
  readonly doneAt: string | null;
  readonly lastError: string | null;
  /** Set when the relay gave up (non-retryable failure, or too many attempts). */
  readonly failedAt: string | null;
}

/** A change to a duelist's record that a duel's events imply (registration, bans, results). */
export type DuelistChange =
  | {
      readonly type: "duel";
      readonly forumId: string;
      readonly userId: string;
      readonly duelId: string;
      readonly threadId: string;
      readonly status: DuelState["status"];
      readonly outcome: "won" | "lost" | "draw" | "disqualified" | null;
      readonly at: string;
    }
  | {
      /** The ban one duel imposes on a duelist, or null when that duel's ban is over or undone. */
      readonly type: "ban";
      readonly forumId: string;
      readonly userId: string;
      readonly duelId: string;
      readonly bannedUntil: string | null;
      readonly at: string;
    };

/**
 * A post's stored mark (`DuelState.posts`, kept apart from the snapshot: `domain/post-marks.ts`):
 * its new value (null: removed; absent: unchanged), and the dedup keys of the delivery that decided
 * it, recorded with the mark and refused if already there (a retry of that delivery).
 */
export interface MarkWrite {
  readonly postId: string;
  readonly mark?: string | null;
  readonly seen?: readonly string[];
}

/** Everything one decision writes, in one transaction conditioned on the version. */
export interface DuelCommit {
  readonly duelId: string;
  readonly forumId: string;
  readonly threadId: string;
  /** The version read; 0 when the duel is being created. */
  readonly expectedVersion: number;
  readonly snapshot: DuelSnapshot;
  /** New inputs, and earlier ones whose events a late input changed. */
  readonly inputs: readonly StoredInput[];
  /** Dedup keys not about a post (a referee command's idempotency key): written only if absent. */
  readonly dedupKeys: readonly string[];
  /** The post marks the decision changed, and the dedup keys of a post's delivery. */
  readonly marks: readonly MarkWrite[];
  readonly outbox: readonly OutboxEntry[];
  readonly duelists: readonly DuelistChange[];
}

/** A forum's configuration (CONTRACT.md section 3). Secrets are stored, never returned. */
export interface ForumConfig {
  readonly forumId: string;
  readonly name: string;
  readonly webhookSecrets: {
    readonly generic?: string;
    readonly discourse?: string;
    readonly xenforo?: string;
  };
  /** Which verdicts the bot posts in the duel's thread (`none` when absent). */
  readonly announce?: AnnounceMode;
  /** The replies end with the rules they applied (`"Règles , R-6.3"`); off by default. */
  readonly announceRules?: boolean;
  /** The account that posts them. */
  readonly bot?: ThreadBotConfig;
  readonly referees: readonly { readonly id: string; readonly name: string; readonly username?: string }[];
  readonly notify: readonly ChannelConfig[];
  readonly ruleset?: Ruleset;
  /** Where the forum's posts are read from when it sends no webhook (CONTRACT.md 4.4). */
  readonly source?: ForumactifSource;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A duelist's record across duels: bans and history (CONTRACT.md `GET /duelists/...`). */
export interface DuelistRecord {
  readonly forumId: string;
  readonly userId: string;
  readonly bannedUntil: string | null;
  readonly duels: readonly {
    readonly duelId: string;
    readonly threadId: string;
    readonly status: DuelState["status"];
    readonly outcome: "won" | "lost" | "draw" | "disqualified" | null;
    readonly at: string;
  }[];
}

/**
 * An account of a forum as its posts show it: the author's id, display name and login (Discourse's
 * username). Kept so that a referee can name duelists in the thread (CONTRACT.md 6).
 */
export interface ForumAccount {
  readonly userId: string;
  readonly name: string;
  readonly username?: string;
  readonly seenAt: string;
}

/** Summary counts for `/status`. */
export interface StoreCounts {
  readonly activeDuels: number;
  readonly registeredDuels: number;
  readonly pendingEffects: number;
  readonly failedEffects: number;
}

/**
 * A duel as read for a decision: its snapshot as stored, and the stored marks of the posts asked
 * for. `postsRead` lists the posts asked for (found or not), so a caller knows what else to read.
 */
export interface LoadedDuel {
  readonly forum: ForumConfig | null;
  readonly duel: DuelSnapshot | null;
  readonly postsRead: readonly string[];
  readonly marks: Readonly<Record<string, string>>;
}

/** The storage port: duels as aggregates, forums, duelists, the outbox. */
export interface DuelStore {
  /** The forum, the duel and these posts' marks in one consistent read (the webhook's only read). */
  loadForumAndDuel(forumId: string, duelId: string, postIds?: readonly string[]): Promise<LoadedDuel>;
  /** The duel's snapshot, with its hot marks only. */
  loadDuel(duelId: string): Promise<DuelSnapshot | null>;
  /** These posts' stored marks (absent when the duel has none), consistently read. */
  loadPostMarks(duelId: string, postIds: readonly string[]): Promise<Record<string, string>>;
  /** Every stored mark of the duel (for a late input's replay). */
  listPostMarks(duelId: string): Promise<Record<string, string>>;
  /** Every input of a duel, in key order (for a late input's replay and the audit log). */
  listInputs(duelId: string): Promise<StoredInput[]>;
  /** Writes a decision atomically; throws ConcurrencyError or DuplicateError, nothing written. */
  commit(commit: DuelCommit): Promise<void>;
  /** Duels by status (an index, not a scan), newest first. */
  listDuels(status: DuelState["status"], limit?: number): Promise<DuelSnapshot[]>;
  listOutbox(duelId: string): Promise<OutboxEntry[]>;
  /** Effects not done whose next attempt is due, oldest first. */
  dueOutbox(now: string, limit: number): Promise<OutboxEntry[]>;
  /** Records an attempt's outcome; conditioned on `attempts` so two relays cannot both send. */
  updateOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean>;
  getForum(forumId: string): Promise<ForumConfig | null>;
  /** Every forum of the deployment, by id (the operator's list on the desk, CONTRACT.md 3.1). */
  listForums(): Promise<ForumConfig[]>;
  putForum(forum: ForumConfig): Promise<void>;
  getDuelist(forumId: string, userId: string): Promise<DuelistRecord | null>;
  /** Records (or refreshes) the author of a post seen in the forum. */
  rememberAccount(forumId: string, account: ForumAccount): Promise<void>;
  /** Every account the forum's posts have shown. */
  listAccounts(forumId: string): Promise<ForumAccount[]>;
  /**
   * Outbox entries that belong to no decision (a hibou about a duel that could not be opened),
   * written with their dedup key, or not at all when the key is already there (false).
   */
  enqueue(entries: readonly OutboxEntry[], dedupKey: string): Promise<boolean>;
  /** Bans in force for these users, for registration. */
  bansOf(forumId: string, userIds: readonly string[]): Promise<Record<string, string | null>>;
  counts(): Promise<StoreCounts>;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
}

/** Local scheduler timers, kept in the same table so they survive a restart. */
export interface TimerStore {
  putTimer(timer: TimerSpec): Promise<void>;
  deleteTimer(name: string): Promise<void>;
  /** Timers due at or before `now`, soonest first. */
  dueTimers(now: string, limit: number): Promise<TimerSpec[]>;
  countTimers(): Promise<number>;
  /** The soonest timer, to know when to wake. */
  nextTimer(): Promise<TimerSpec | null>;
}

/** The storage errors live with every other error; re-exported while callers still import them here. */
export { ConcurrencyError, DuplicateError, StorageUnavailableError } from "../errors.js";
