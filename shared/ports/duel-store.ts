import type { ClubStore } from "./club-store.js";
import type { DuelRepository } from "./duel-repository.js";
import type { DuelistStore } from "./duelist-store.js";
import type { ForumStore } from "./forum-store.js";
import type { OutboxStore } from "./outbox-store.js";
import type { TimerSpec } from "./scheduler.js";
import type { StoreHealth } from "./store-health.js";

/**
 * Every storage port at once, as one table serves them (`adapters/dynamodb`). Only the composition
 * roots and the adapter name it: a module asks for the ports it uses, imported from their own files.
 */
export type DuelStore = DuelRepository & ForumStore & DuelistStore & OutboxStore & StoreHealth & ClubStore;

/** Local scheduler timers, kept in the same table so they survive a restart. */
export interface TimerStore {
  putTimer(timer: TimerSpec): Promise<void>;
  deleteTimer(name: string): Promise<void>;
  /**
   * Puts `put` and deletes the timers named `remove`, in as few requests as the store allows (not
   * all or nothing: a failure may leave some written; writing them all again is harmless). A name
   * in both is put; of two timers of one name in `put`, the last.
   */
  changeTimers(put: readonly TimerSpec[], remove: readonly string[]): Promise<void>;
  /** Timers due at or before `now`, soonest first. */
  dueTimers(now: string, limit: number): Promise<TimerSpec[]>;
  countTimers(): Promise<number>;
  /** The soonest timer, to know when to wake. */
  nextTimer(): Promise<TimerSpec | null>;
}
