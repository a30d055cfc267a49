import type { DedupKey } from "./dedup-key.js";
import type { ChannelConfig, Hibou } from "./notifier.js";
import type { TimerSpec } from "./scheduler.js";
import type { ThreadReply } from "./thread-bot.js";

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
      /**
       * What is already delivered: the progress a failed attempt reported (Discord: the parts it
       * accepted), recorded with that attempt, so a retry in any process resumes after it. Absent
       * until an attempt gets part-way: from the start.
       */
      readonly progress?: number;
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

/** The effects decisions leave to do, and their delivery. */
export interface OutboxStore {
  listOutbox(duelId: string): Promise<OutboxEntry[]>;
  /** Effects not done whose next attempt is due, oldest first. */
  dueOutbox(now: string, limit: number): Promise<OutboxEntry[]>;
  /** Records an attempt's outcome; conditioned on `attempts` so two relays cannot both send. */
  updateOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean>;
  /**
   * Outbox entries that belong to no decision (a hibou about a duel that could not be opened),
   * written with their dedup key, or not at all when the key is already there (false).
   */
  enqueue(entries: readonly OutboxEntry[], dedupKey: DedupKey): Promise<boolean>;
}
