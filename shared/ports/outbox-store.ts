import type { DedupKey } from "./dedup-key.js";
import type { ChannelConfig, Hibou } from "./notifier.js";
import type { TimerChanges, TimerSpec } from "./scheduler.js";
import type { ThreadReply } from "./thread-bot.js";

/** Something to do outside once the transaction that decided it has committed. */
export type Effect = PartEffect | PartsEffect;

/** One thing to do outside: an entry of its own, or a part of a decision's one entry. */
export type PartEffect =
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

/**
 * A decision's effects in one entry (its timers, each hibou through each channel, its thread
 * replies), so that a turn writes one outbox item. The relay performs the parts in order and
 * records each one done before the next (`doneAt`), so a retry resumes after the last one done and
 * never performs a part twice; a part that fails leaves the entry, with the parts after it, as
 * entries of their own (each `id` is the id that part would have had alone), which are retried
 * and given up one by one.
 */
export interface PartsEffect {
  readonly type: "parts";
  readonly parts: readonly EffectPart[];
}

export interface EffectPart {
  readonly id: string;
  readonly effect: PartEffect;
  /** When the part was performed; null until then. */
  readonly doneAt: string | null;
}

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
  /**
   * Records an attempt's outcome, the entry whole (its effect with the progress a failure
   * reported); conditioned on `attempts` so two relays cannot both send.
   */
  updateOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean>;
  /**
   * Claims a pending entry for an attempt: writes `claimed`'s attempt count and next attempt (the
   * lease) and nothing else, if the entry is still pending at `expectedAttempts`. Returns the entry
   * as stored once claimed, with the parts a former attempt recorded done, or null when another
   * relay wrote it first (or it is done or given up). With `timers` (a store that also keeps the
   * local scheduler's timers, `TimerStore`), their changes are made in the claim's write, all or
   * nothing with it: a claim lost changes no timer.
   */
  claimOutbox(
    claimed: OutboxEntry,
    expectedAttempts: number,
    timers?: TimerChanges,
  ): Promise<OutboxEntry | null>;
  /**
   * Records the parts of `entry` done and, when its `doneAt` is set, the entry done (its error
   * cleared), without writing its effect again; conditioned on `expectedAttempts` (the claim's).
   */
  recordOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean>;
  /**
   * Outbox entries that belong to no decision (a hibou about a duel that could not be opened),
   * written with their dedup key, or not at all when the key is already there (false).
   */
  enqueue(entries: readonly OutboxEntry[], dedupKey: DedupKey): Promise<boolean>;
  /**
   * Writes `entry` if it is still at `expectedAttempts` and, in the same write, the entries split
   * from it (its parts left to do, each an entry of its own); false, and nothing written, when
   * another relay wrote the entry first.
   */
  splitOutbox(entry: OutboxEntry, expectedAttempts: number, split: readonly OutboxEntry[]): Promise<boolean>;
}

/**
 * The entries an entry stands for: a decision's combined entry as one entry per part (with the
 * part's delivery state; the attempts, lease and errors of the entry), any other entry as itself.
 * What the duel's page lists (CONTRACT.md 6.1): the same whether a decision wrote one entry or many.
 */
export function entriesOf(entry: OutboxEntry): OutboxEntry[] {
  const { effect } = entry;
  if (effect.type !== "parts") return [entry];
  return effect.parts.map((part) => ({
    ...entry,
    id: part.id,
    effect: part.effect,
    doneAt: part.doneAt,
  }));
}

/** When each part of an entry of parts was done, by part id (none for any other entry). */
export function partsDoneOf(effect: Effect): Record<string, string> {
  const done: Record<string, string> = {};
  if (effect.type === "parts") for (const part of effect.parts) if (part.doneAt) done[part.id] = part.doneAt;
  return done;
}

/** The effect with these parts done (`partsDoneOf`); a part already done keeps its time. */
export function withPartsDone(effect: Effect, done: Readonly<Record<string, string>>): Effect {
  if (effect.type !== "parts" || Object.keys(done).length === 0) return effect;
  return {
    type: "parts",
    parts: effect.parts.map((part) =>
      part.doneAt || !done[part.id] ? part : { ...part, doneAt: done[part.id] ?? null },
    ),
  };
}
