/**
 * Wall-clock time in an IANA zone to UTC and back, with the runtime's Intl data only: Forumactif
 * shows local minutes, the referee stores instants.
 */

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = FORMATTERS.get(timeZone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    FORMATTERS.set(timeZone, found);
  }
  return found;
}

/** A local calendar moment, month 1–12, weekday 0 (Sunday) – 6. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** True when the runtime knows the zone (`Europe/Paris`, `America/Montreal`, `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time at an instant in a zone. Throws RangeError for an unknown zone. */
export function wallTimeAt(utcMs: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(utcMs))) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

function offsetMs(utcMs: number, timeZone: string): number {
  const wall = wallTimeAt(utcMs, timeZone);
  const seconds = new Date(utcMs).getUTCSeconds();
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, seconds) - utcMs;
}

/**
 * The instant a local time names. In the autumn hour that happens twice the earlier one is chosen
 * (a post made in either reads the same on the board); in the spring gap the time before the jump
 * is applied, which moves the instant forward by the gap, like a wall clock would.
 */
export function zonedToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const halfDay = 12 * 3600 * 1000;
  const offsets = [offsetMs(asUtc - halfDay, timeZone), offsetMs(asUtc + halfDay, timeZone)];
  const valid = offsets
    .map((offset) => asUtc - offset)
    .filter((candidate) => offsetMs(candidate, timeZone) === asUtc - candidate);
  if (valid.length > 0) return Math.min(...valid);
  return asUtc - (offsets[0] ?? 0);
}
