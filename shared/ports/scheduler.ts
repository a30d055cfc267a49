/**
 * The kinds of one-time timers that drive a duel's time (R-6.1, R-6.7, R-6.9, reminders), and the
 * reads of a Forumactif topic (`poll`, CONTRACT.md 4.4), which go to the poller, not the decider.
 */
export type TimerKind = "reply-deadline" | "reminder" | "correction" | "ban-end" | "poll";

/**
 * A one-time timer. `name` is deterministic (duel, kind, version), so creating it twice is harmless
 * and cancelling it needs nothing but its name. `at` is a UTC instant (ISO-8601).
 */
export interface TimerSpec {
  readonly name: string;
  readonly duelId: string;
  readonly kind: TimerKind;
  readonly at: string;
  /** What the timer is about: the turn number, post id or duelist id it was scheduled for. */
  readonly ref: string;
}

/** What the timer function receives when a timer fires (the schedule's JSON input). */
export interface TimerFiring {
  readonly timer: TimerSpec;
}

/** One decision's timer changes: the timers it deletes, then those it creates. */
export interface TimerChanges {
  readonly cancel: readonly Pick<TimerSpec, "name" | "duelId">[];
  readonly schedule: readonly TimerSpec[];
}

/** Creates and deletes one-time timers. Every operation is idempotent. */
export interface SchedulerPort {
  /** Creates the timer; a timer already due is fired at once instead of scheduled. */
  schedule(timer: TimerSpec): Promise<void>;
  /** Deletes the timer by name; a timer that does not exist (fired, or never made) counts as deleted. */
  cancel(timer: Pick<TimerSpec, "name" | "duelId">): Promise<void>;
  /**
   * A decision's changes at once, where the scheduler can make them in fewer calls than one per
   * timer (the local scheduler: one write). Leaves the timers as `cancel` of each, then `schedule`
   * of each, would; a failure part-way leaves some done, and doing them all again is harmless.
   * Absent: the caller makes them one by one.
   */
  change?(changes: TimerChanges): Promise<void>;
}

/** Makes a decision's timer changes: in one call where the scheduler offers it, else one by one, old ones first. */
export async function changeTimers(scheduler: SchedulerPort, changes: TimerChanges): Promise<void> {
  if (scheduler.change) return scheduler.change(changes);
  // Old timers go first: a retry repeats what was done, which the scheduler takes as done.
  for (const timer of changes.cancel) await scheduler.cancel(timer);
  for (const timer of changes.schedule) await scheduler.schedule(timer);
}
