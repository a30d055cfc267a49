/**
 * Wall-clock time in an IANA zone to UTC and back: a Forumactif board shows local minutes, the
 * referee stores instants, and the club's own dates (hiboux, desk, seasons) are Paris time.
 *
 * Any zone is read through the runtime's Intl data. Paris, the club's zone, is read from the EU's
 * rule instead: the first `Intl.DateTimeFormat` a process builds loads ICU's calendar and zone
 * data, which the webhook's cold start would otherwise pay on a forum's first post (bench/README.md,
 * "What pays"). France follows the rule since 1996 (directive 2000/84/EC): UTC+2 from the last
 * Sunday of March at 01:00 UTC to the last Sunday of October at 01:00 UTC, UTC+1 otherwise.
 * Earlier dates, under other rules, go to Intl. test/time/zoned-time.test.ts checks the rule
 * against Intl over 1996–2100 and at each change of time.
 */

/** The club's zone: the duel club lives in France. */
export const PARIS = "Europe/Paris";

/** A local calendar moment, month 1–12, weekday 0 (Sunday) – 6. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly weekday: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The first year of the EU rule in France: until 1995, summer time ended in September. */
const FIRST_RULE_YEAR = 1996;

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

/**
 * The wall time at an instant in a zone, as the runtime's Intl data gives it, whatever the zone.
 * Throws RangeError for an unknown zone. The reference the Paris rule is tested against.
 */
export function intlWallTimeAt(utcMs: number, timeZone: string): WallTime {
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

/** The last Sunday of `month` (0-based) of `year`, at 01:00 UTC. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY;
}

/** Paris's offset from UTC under the EU rule, for an instant of `year` (UTC). */
function parisRuleOffset(ms: number, year: number): number {
  const summer = ms >= lastSundayAt1Utc(year, 2) && ms < lastSundayAt1Utc(year, 9);
  return summer ? 2 * HOUR : HOUR;
}

/** Whether the EU rule tells Paris time at an instant: from 1996 to year 9999. */
function underParisRule(utcMs: number, timeZone: string): boolean {
  if (timeZone !== PARIS) return false;
  const year = new Date(utcMs).getUTCFullYear();
  return year >= FIRST_RULE_YEAR && year <= 9999;
}

/** The wall time at an instant in a zone. Throws RangeError for an unknown zone. */
export function wallTimeAt(utcMs: number, timeZone: string): WallTime {
  if (!underParisRule(utcMs, timeZone)) return intlWallTimeAt(utcMs, timeZone);
  const local = new Date(utcMs + parisRuleOffset(utcMs, new Date(utcMs).getUTCFullYear()));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
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
  const halfDay = 12 * HOUR;
  const offsets = [offsetMs(asUtc - halfDay, timeZone), offsetMs(asUtc + halfDay, timeZone)];
  const valid = offsets
    .map((offset) => asUtc - offset)
    .filter((candidate) => offsetMs(candidate, timeZone) === asUtc - candidate);
  if (valid.length > 0) return Math.min(...valid);
  return asUtc - (offsets[0] ?? 0);
}

/** A wall time's calendar day, `YYYY-MM-DD`. */
export function dayOf(wall: WallTime): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(wall.year, 4)}-${pad(wall.month, 2)}-${pad(wall.day, 2)}`;
}

/** A valid date's Paris wall time. */
export function parisWallTime(date: Date): WallTime {
  return wallTimeAt(date.getTime(), PARIS);
}

/** The Paris calendar day of a valid date, `YYYY-MM-DD`. */
export function parisDay(date: Date): string {
  return dayOf(parisWallTime(date));
}
