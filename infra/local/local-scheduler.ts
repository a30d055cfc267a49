import type { Clock } from "../../shared/ports/clock.js";
import type { TimerStore } from "../../shared/ports/duel-store.js";
import type { SchedulerPort, TimerChanges, TimerSpec } from "../../shared/ports/scheduler.js";

export interface LocalSchedulerOptions {
  /** Where timers are kept (the DynamoDB table), so they survive a restart of `npm start`. */
  readonly timers: TimerStore;
  readonly clock: Clock;
  /** Runs a due timer (the timer function's work); a timer whose firing throws is kept and retried. */
  readonly fire: (timer: TimerSpec) => Promise<void>;
  /**
   * With a system clock, the longest the loop sleeps when it knows of no timer sooner (one written
   * to the table by another process is fired within it); 60 s unless given. It sleeps until the
   * next timer otherwise, and wakes sooner for a timer scheduled through it.
   */
  readonly pollMs?: number;
  /** How long a timer whose firing failed waits before it is tried again; 1000 ms unless given. */
  readonly retryMs?: number;
  /** Where failed firings are reported; `console.error` unless given. */
  readonly log?: (message: string, error: unknown) => void;
}

/** Timers asked for at a time. */
const BATCH = 25;
/** Firings in one run at most, so firings that keep scheduling due timers cannot spin forever. */
const MAX_PER_RUN = 1000;

/**
 * SchedulerPort for `npm start`, standing in for EventBridge Scheduler: timers are items in the
 * table and a loop fires those due. With a manual clock nothing fires by itself: the demo moves
 * the clock and calls `runDue()`.
 *
 * A timer already due is stored like any other and fired by the next run, never inside
 * `schedule`: firing there would re-enter the decision that is scheduling it.
 */
export class LocalScheduler implements SchedulerPort {
  private readonly timers: TimerStore;
  private readonly clock: Clock;
  private readonly fire: (timer: TimerSpec) => Promise<void>;
  private readonly pollMs: number;
  private readonly retryMs: number;
  private readonly log: (message: string, error: unknown) => void;
  /** The run in progress (or the last one): runs never overlap, so each timer fires once. */
  private idle: Promise<unknown> = Promise.resolve();
  private handle: NodeJS.Timeout | undefined;
  /** When the armed loop wakes (epoch ms). */
  private wakeAt = Number.POSITIVE_INFINITY;
  /** The soonest timer scheduled through this scheduler since the loop's last run began. */
  private soonestScheduled = Number.POSITIVE_INFINITY;
  private started = false;

  constructor(options: LocalSchedulerOptions) {
    this.timers = options.timers;
    this.clock = options.clock;
    this.fire = options.fire;
    this.pollMs = options.pollMs ?? 60_000;
    this.retryMs = options.retryMs ?? 1000;
    this.log = options.log ?? ((message, error) => console.error(message, error));
  }

  async schedule(timer: TimerSpec): Promise<void> {
    assertInstant(timer.at);
    await this.timers.putTimer(timer);
    this.scheduled([timer]);
  }

  async cancel(timer: Pick<TimerSpec, "name" | "duelId">): Promise<void> {
    await this.timers.deleteTimer(timer.name);
  }

  /**
   * A decision's changes in one write to the table (BatchWriteItem: not all or nothing, and
   * repeating it is harmless, as one by one). Local only: EventBridge Scheduler has no such call.
   */
  async change(changes: TimerChanges): Promise<void> {
    for (const timer of changes.schedule) assertInstant(timer.at);
    await this.timers.changeTimers(
      changes.schedule,
      changes.cancel.map((timer) => timer.name),
    );
    this.scheduled(changes.schedule);
  }

  /**
   * Whether the relay may write a decision's changes itself to the table this scheduler reads,
   * with the claim of their outbox entry (`RelayOptions.timersInStore`): not when an instant is
   * invalid, which `change` refuses.
   */
  accepts(changes: TimerChanges): boolean {
    return changes.schedule.every((timer) => isInstant(timer.at));
  }

  /** Changes the relay wrote with a claim: the loop wakes for them as for those of `change`. */
  written(changes: TimerChanges): void {
    this.scheduled(changes.schedule);
  }

  /** Starts the polling loop (a system clock only); the loop does not keep the process alive. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (!this.clock.manual) this.arm(0);
  }

  /** Stops the loop and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.handle !== undefined) clearTimeout(this.handle);
    this.handle = undefined;
    await this.idle;
  }

  /**
   * Fires every timer due by the clock, soonest first, deleting each once its firing resolved;
   * loops until none is due (a firing may schedule a timer already due). A firing that throws is
   * logged and its timer kept for the next run. Returns how many fired.
   */
  runDue(): Promise<number> {
    const run = this.idle.then(() => this.drain());
    this.idle = run.catch(() => undefined);
    return run;
  }

  private async drain(): Promise<number> {
    const failed = new Set<string>();
    let fired = 0;
    while (fired < MAX_PER_RUN) {
      const now = this.clock.now().toISOString();
      const due = (await this.timers.dueTimers(now, BATCH + failed.size)).filter((t) => !failed.has(t.name));
      if (due.length === 0) break;
      for (const timer of due) {
        try {
          await this.fire(timer);
        } catch (error) {
          failed.add(timer.name);
          this.log(`local scheduler: timer ${timer.name} failed, kept for the next run`, error);
          continue;
        }
        await this.timers.deleteTimer(timer.name);
        fired++;
      }
    }
    return fired;
  }

  /** Wakes the armed loop sooner when a timer just stored is due before it would have woken. */
  private scheduled(timers: readonly TimerSpec[]): void {
    for (const timer of timers) {
      const at = Date.parse(timer.at);
      if (at < this.soonestScheduled) this.soonestScheduled = at;
      if (this.handle !== undefined && at < this.wakeAt) this.arm(at - this.clock.now().getTime());
    }
  }

  private arm(delayMs: number): void {
    if (this.handle !== undefined) clearTimeout(this.handle);
    const delay = Math.max(0, delayMs);
    this.wakeAt = this.clock.now().getTime() + delay;
    this.handle = setTimeout(() => void this.tick(), delay);
    this.handle.unref();
  }

  private async tick(): Promise<void> {
    this.handle = undefined;
    this.wakeAt = Number.POSITIVE_INFINITY;
    // The run's queries see every timer stored before it began.
    this.soonestScheduled = Number.POSITIVE_INFINITY;
    let sleepMs = this.retryMs;
    try {
      await this.runDue();
      sleepMs = await this.untilNext();
    } catch (error) {
      this.log("local scheduler: run failed", error);
    }
    // A stop and start during this run may have armed the loop already.
    if (this.started && this.handle === undefined) this.arm(sleepMs);
  }

  /**
   * How long the loop may sleep: until the next timer stored (or scheduled through this scheduler
   * during the run: at once when it is due), at most `pollMs`; a stored timer already due is one
   * whose firing failed, tried again after `retryMs`.
   */
  private async untilNext(): Promise<number> {
    const next = await this.timers.nextTimer();
    const now = this.clock.now().getTime();
    if (this.soonestScheduled <= now) return 0;
    const at = Math.min(next ? Date.parse(next.at) : Number.POSITIVE_INFINITY, this.soonestScheduled);
    return at <= now ? this.retryMs : Math.min(at - now, this.pollMs);
  }
}

/** A timer's instant the clock can read (EventBridge Scheduler refuses one it cannot). */
function isInstant(at: string): boolean {
  return !Number.isNaN(Date.parse(at));
}

function assertInstant(at: string): void {
  if (!isInstant(at)) throw new RangeError(`Invalid timer instant: ${at}`);
}
