import type { Clock } from "../../shared/ports/clock.js";
import { addDuration } from "../../shared/time/duration.js";

/** The machine's clock. */
export class SystemClock implements Clock {
  readonly manual = false;

  now(): Date {
    return new Date();
  }
}

/** A clock that moves only when told, to play a duel's days in seconds (demo, tests). */
export class ManualClock implements Clock {
  readonly manual = true;
  private current: number;

  constructor(start: string | Date = new Date()) {
    this.current = toMs(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Jumps to an instant (ISO-8601). */
  set(iso: string): void {
    this.current = toMs(iso);
  }

  /** Moves on by an ISO-8601 duration (`PT72H`, `P1D`); calendar months stay calendar months. */
  advance(isoDuration: string): void {
    this.current = Date.parse(addDuration(new Date(this.current).toISOString(), isoDuration));
  }
}

function toMs(instant: string | Date): number {
  const ms = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`invalid instant: ${String(instant)}`);
  return ms;
}
