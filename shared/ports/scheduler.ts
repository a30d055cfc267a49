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

/** Creates and deletes one-time timers. Both operations are idempotent. */
export interface SchedulerPort {
  /** Creates the timer; a timer already due is fired at once instead of scheduled. */
  schedule(timer: TimerSpec): Promise<void>;
  /** Deletes the timer by name; a timer that does not exist (fired, or never made) counts as deleted. */
  cancel(timer: Pick<TimerSpec, "name" | "duelId">): Promise<void>;
}
