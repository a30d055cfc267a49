/**
 * ISO-8601 durations (`PT72H`, `PT30M`, `P5D`, `P6M`) as the ruleset and the contract write them.
 * Months and years are calendar units, so a six-month ban ends on the same day of the month.
 */
export interface Duration {
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

const PATTERN =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Parses an ISO-8601 duration; returns null when the text is not one (or is empty, like `P` or `PT`). */
export function parseDuration(text: string): Duration | null {
  const match = PATTERN.exec(text.trim().toUpperCase());
  if (!match || text.trim().toUpperCase().endsWith("T") || text.trim().toUpperCase() === "P") return null;
  const n = (i: number): number => Number(match[i] ?? 0);
  return {
    years: n(1),
    months: n(2),
    days: n(3) * 7 + n(4),
    hours: n(5),
    minutes: n(6),
    seconds: n(7),
  };
}

/** True when the text is a valid ISO-8601 duration. */
export function isDuration(text: string): boolean {
  return parseDuration(text) !== null;
}

/** Adds a duration to an instant, calendar-aware for years and months (UTC). */
export function addDuration(iso: string, duration: Duration | string): string {
  const d = typeof duration === "string" ? parseDuration(duration) : duration;
  if (!d) throw new Error(`invalid duration: ${String(duration)}`);
  const date = new Date(iso);
  if (d.years || d.months) {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + d.years * 12 + d.months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  const ms = ((d.days * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000;
  return new Date(date.getTime() + ms).toISOString();
}

/** Length of a duration without calendar units, in milliseconds (months count 30 days, years 365). */
export function durationMs(duration: Duration | string): number {
  const d = typeof duration === "string" ? parseDuration(duration) : duration;
  if (!d) throw new Error(`invalid duration: ${String(duration)}`);
  const days = d.years * 365 + d.months * 30 + d.days;
  return ((days * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000;
}

/** Normalises any instant to the canonical `toISOString()` form, or null when it is not a date. */
export function toInstant(text: string): string | null {
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
