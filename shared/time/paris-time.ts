/**
 * Paris wall-clock time without ICU. The first `Intl.DateTimeFormat` a process builds loads ICU's
 * calendar, locale and zone data: 10–20 ms, which the webhook function's cold start paid on every
 * forum's first post (a played turn's hiboux show its deadlines). France follows the EU's rule
 * since 1996 (directive 2000/84/EC): UTC+2 from the last Sunday of March at 01:00 UTC to the last
 * Sunday of October at 01:00 UTC, UTC+1 otherwise. Earlier dates, under other rules, go to ICU.
 * test/time/paris-time.test.ts checks every hour of 1996–2100 and each change of time against ICU.
 */
import { monthNames, weekdayNames } from "../texts/calendar.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The first year of the rule: until 1995, summer time in France ended in September. */
const FIRST_YEAR = 1996;

/** What a date shows in Paris, in the words and figures `Intl.DateTimeFormat("fr-FR")` gives. */
export interface ParisParts {
  readonly weekday: string;
  readonly day: string;
  readonly month: string;
  readonly year: string;
  readonly hour: string;
  readonly minute: string;
}

/** The last Sunday of `month` (0-based) of `year`, at 01:00 UTC. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY;
}

function parisOffset(ms: number, year: number): number {
  const summer = ms >= lastSundayAt1Utc(year, 2) && ms < lastSundayAt1Utc(year, 9);
  return summer ? 2 * HOUR : HOUR;
}

let icu: Intl.DateTimeFormat | undefined;
/** The same parts from ICU: for dates before 1996, and the reference parisParts is tested against. */
export function icuParisParts(date: Date): ParisParts {
  icu ??= new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts: Record<string, string> = {};
  for (const part of icu.formatToParts(date)) parts[part.type] = part.value;
  const { weekday = "", day = "", month = "", year = "", hour = "", minute = "" } = parts;
  return { weekday, day, month, year, hour, minute };
}

/** A valid date's Paris weekday, day, month, year, hour (0–23) and minute (two digits). */
export function parisParts(date: Date): ParisParts {
  const ms = date.getTime();
  const utcYear = date.getUTCFullYear();
  if (utcYear < FIRST_YEAR || utcYear > 9999) return icuParisParts(date);
  const paris = new Date(ms + parisOffset(ms, utcYear));
  return {
    weekday: weekdayNames[paris.getUTCDay()] ?? "",
    day: String(paris.getUTCDate()),
    month: monthNames[paris.getUTCMonth()] ?? "",
    year: String(paris.getUTCFullYear()),
    hour: String(paris.getUTCHours()),
    minute: String(paris.getUTCMinutes()).padStart(2, "0"),
  };
}

/** The Paris calendar day of a valid date, `YYYY-MM-DD`. */
export function parisDay(date: Date): string {
  const ms = date.getTime();
  const utcYear = date.getUTCFullYear();
  if (utcYear < FIRST_YEAR || utcYear > 9999) {
    const parts = icuParisParts(date);
    const month = (monthNames as readonly string[]).indexOf(parts.month) + 1;
    return `${parts.year.padStart(4, "0")}-${String(month).padStart(2, "0")}-${parts.day.padStart(2, "0")}`;
  }
  return new Date(ms + parisOffset(ms, utcYear)).toISOString().slice(0, 10);
}
