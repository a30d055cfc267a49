/**
 * Forumactif post dates as boards display them, French or English, in the board's time zone:
 * `Lun 30 Nov 2026 - 21:04`, `Mer 20 Aoû - 12:39` (no year written, whatever the post's age),
 * `Aujourd'hui à 14:05`, `Hier à 22:10`, `il y a 5 minutes`, `Mon 30 Nov 2026 - 21:04`,
 * `Today at 2:05 pm`, and the phpBB forms Forumotion's English boards offer (`Wed Aug 20, 2025
 * 12:39 pm`, `Aug 20th, '25, 12:39`, `Today, 13:37`), `30/11/2026 21:04`. The date format is a board
 * setting, so each part is read tolerantly; anything else is null, never guessed.
 */
import { wallTimeAt, zonedToUtc } from "../time/zoned-time.js";

/** Where the board shows dates and what "today" is there. */
export interface DateContext {
  /** The board's IANA zone (`Europe/Paris`). */
  readonly timeZone: string;
  /**
   * The instant the page was served, ISO: relative and yearless dates are read against it. Pass the
   * response's HTTP `Date` when there is one: "Hier" on a page served at 23:59 and read at 00:01
   * means the day before the reader's yesterday, which only the serving time tells.
   */
  readonly now: string;
}

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  janv: 1,
  janvier: 1,
  january: 1,
  fev: 2,
  fevr: 2,
  fevrier: 2,
  feb: 2,
  february: 2,
  mar: 3,
  mars: 3,
  march: 3,
  avr: 4,
  avril: 4,
  apr: 4,
  april: 4,
  mai: 5,
  may: 5,
  juin: 6,
  jun: 6,
  june: 6,
  juil: 7,
  juillet: 7,
  jul: 7,
  july: 7,
  aou: 8,
  aout: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  septembre: 9,
  september: 9,
  oct: 10,
  octobre: 10,
  october: 10,
  nov: 11,
  novembre: 11,
  november: 11,
  dec: 12,
  decembre: 12,
  december: 12,
};

/** Weekday names and abbreviations, Sunday = 0. */
const WEEKDAYS: Readonly<Record<string, number>> = {
  dim: 0,
  dimanche: 0,
  sun: 0,
  sunday: 0,
  lun: 1,
  lundi: 1,
  mon: 1,
  monday: 1,
  mar: 2,
  mardi: 2,
  tue: 2,
  tues: 2,
  tuesday: 2,
  mer: 3,
  mercredi: 3,
  wed: 3,
  wednesday: 3,
  jeu: 4,
  jeudi: 4,
  thu: 4,
  thurs: 4,
  thursday: 4,
  ven: 5,
  vendredi: 5,
  fri: 5,
  friday: 5,
  sam: 6,
  samedi: 6,
  sat: 6,
  saturday: 6,
};

const TIME = String.raw`(\d{1,2})\s*[:h]\s*(\d{2})(?:\s*(am|pm))?`;
const SEPARATOR = String.raw`\s*(?:-|,|a|at|le|on)?\s*`;
/** `Mer 20 Aoû 2025 - 12:39`, `Wed, 20 Aug - 12:39`, `lundi 30 novembre 2026 à 21h04`. */
const DAY_FIRST = new RegExp(
  String.raw`(?:\b([a-z]{3,9})\.?,?\s+)?\b(\d{1,2})(?:er)?\s+([a-z]{3,9})\.?(?:\s+(\d{4}))?${SEPARATOR}${TIME}\b`,
  "g",
);
/** phpBB's English forms: `Wed Aug 20, 2025 12:39 pm`, `Aug 20th, '25, 12:39`, `August 20th, 2025, 1:37 pm`. */
const MONTH_FIRST = new RegExp(
  String.raw`(?:\b([a-z]{3,9})\.?,?\s+)?\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}|'\d{2}))?${SEPARATOR}${TIME}\b`,
  "g",
);
const RELATIVE = new RegExp(String.raw`\b(aujourd'hui|today|hier|yesterday)${SEPARATOR}${TIME}\b`, "g");
const NUMERIC = new RegExp(String.raw`\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})${SEPARATOR}${TIME}\b`, "g");
/** `il y a 5 minutes`, `il y a une minute`, `5 minutes ago`, `a minute ago`, and the seconds. */
const AGO = /\b(?:il y a (\d{1,2}|une?) (minute|seconde)s?|(\d{1,2}|an?|one) (minute|second)s? ago)\b/g;

type Kind = "day-first" | "month-first" | "relative" | "numeric" | "ago";

/**
 * Lowercase, accents and odd apostrophes or spaces removed, so `Déc` and `Aujourd’hui` match; a
 * capital or a digit glued to the word before it (`Icon_minitimeMer 14 Oct`, an icon's alternative
 * text against the date) starts a word of its own, so its weekday is read and checked.
 */
function normalize(text: string): string {
  return text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{L})(\d)/gu, "$1 $2")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .toLowerCase();
}

/** How far ahead of the reading instant a date may fall (the board's clock and ours differ a little). */
const SLACK_MS = 15 * 60 * 1000;

/**
 * No board holds a post older than this: a yearless date whose weekday matches no year since is
 * unreadable rather than centuries old (each date meets every weekday within 28 years, 29 February
 * within 40).
 */
const EARLIEST_YEAR = 2000;

function hour24(hour: string, minute: string, meridiem: string | undefined): [number, number] | null {
  let h = Number(hour);
  const m = Number(minute);
  if (meridiem !== undefined) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem === "pm" ? 12 : 0);
  }
  return h <= 23 && m <= 59 ? [h, m] : null;
}

function validDay(year: number, month: number, day: number): boolean {
  return day >= 1 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

interface Reading {
  readonly nowMs: number;
  readonly timeZone: string;
}

/** A `today`/`yesterday` date: the board's day, or the one before when that would be ahead of the reading. */
function relativeDay(daysBack: number, time: [number, number], at: Reading): number {
  const today = wallTimeAt(at.nowMs, at.timeZone);
  const on = (back: number) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    return zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), ...time, at.timeZone);
  };
  // A page served just before midnight and read just after still says "today" for the day
  // before: a post is never in the future, so such a date belongs to the previous day.
  const utc = on(daysBack);
  return utc > at.nowMs + SLACK_MS ? on(daysBack + 1) : utc;
}

/**
 * A calendar date shown in words. With its year, the weekday (when written) must agree. Without
 * it, the latest such date not after the reading whose weekday (when written) matches: boards show
 * old posts without their year too, so a weekday that does not match means an earlier year.
 */
function calendarDate(
  date: { day: number; month: number; year: number | undefined; weekday: number | undefined },
  time: [number, number],
  at: Reading,
): number | null {
  const { day, month, weekday } = date;
  const agrees = (year: number) =>
    validDay(year, month, day) && (weekday === undefined || weekdayOf(year, month, day) === weekday);
  if (date.year !== undefined) {
    return agrees(date.year) ? zonedToUtc(date.year, month, day, ...time, at.timeZone) : null;
  }
  for (let year = wallTimeAt(at.nowMs, at.timeZone).year; year >= EARLIEST_YEAR; year--) {
    if (!agrees(year)) continue;
    const utc = zonedToUtc(year, month, day, ...time, at.timeZone);
    if (utc <= at.nowMs + SLACK_MS) return utc;
  }
  return null;
}

/** A count in words or digits (`une`, `a`, `one`, `5`). */
function count(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : 1;
}

/** Whether a word before the date is a weekday; a word that is none (`Posted 30 Nov`) is not part of the date. */
function weekdayWord(word: string | undefined): number | undefined {
  return word === undefined ? undefined : WEEKDAYS[word];
}

function fromMatch(kind: Kind, m: RegExpExecArray, at: Reading): number | null {
  switch (kind) {
    case "relative": {
      const time = hour24(m[2] ?? "", m[3] ?? "", m[4]);
      if (time === null) return null;
      return relativeDay(m[1] === "hier" || m[1] === "yesterday" ? 1 : 0, time, at);
    }
    case "ago": {
      // « il y a 5 minutes » is between five and six minutes before the page was served: its
      // minute is the one five minutes back.
      const french = m[1] !== undefined;
      const amount = count((french ? m[1] : m[3]) ?? "");
      const unitMs = (french ? m[2] : m[4])?.startsWith("minute") ? 60_000 : 1000;
      const back = at.nowMs - amount * unitMs;
      return back - (((back % 60_000) + 60_000) % 60_000);
    }
    case "numeric": {
      const time = hour24(m[4] ?? "", m[5] ?? "", m[6]);
      const raw = Number(m[3]);
      const year = raw < 100 ? 2000 + raw : raw;
      const [day, month] = [Number(m[1]), Number(m[2])];
      if (time === null || month < 1 || month > 12 || !validDay(year, month, day)) return null;
      return zonedToUtc(year, month, day, ...time, at.timeZone);
    }
    case "day-first": {
      const month = MONTHS[m[3] ?? ""];
      const time = hour24(m[5] ?? "", m[6] ?? "", m[7]);
      if (month === undefined || time === null) return null;
      const year = m[4] === undefined ? undefined : Number(m[4]);
      return calendarDate({ day: Number(m[2]), month, year, weekday: weekdayWord(m[1]) }, time, at);
    }
    case "month-first": {
      const month = MONTHS[m[2] ?? ""];
      const time = hour24(m[5] ?? "", m[6] ?? "", m[7]);
      if (month === undefined || time === null) return null;
      const written = m[4]?.replace("'", "");
      const year =
        written === undefined ? undefined : written.length === 2 ? 2000 + Number(written) : Number(written);
      return calendarDate({ day: Number(m[3]), month, year, weekday: weekdayWord(m[1]) }, time, at);
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

const PATTERNS: readonly (readonly [RegExp, Kind])[] = [
  [RELATIVE, "relative"],
  [AGO, "ago"],
  [NUMERIC, "numeric"],
  [DAY_FIRST, "day-first"],
  [MONTH_FIRST, "month-first"],
];

function* matches(text: string): Generator<[RegExpExecArray, Kind]> {
  for (const [pattern, kind] of PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) yield [m, kind];
  }
}

function reading(ctx: DateContext): Reading {
  const nowMs = Date.parse(ctx.now);
  if (Number.isNaN(nowMs)) throw new RangeError(`not an ISO instant: ${ctx.now}`);
  wallTimeAt(nowMs, ctx.timeZone);
  return { nowMs, timeZone: ctx.timeZone };
}

function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * A date written the way Forumactif shows post dates, as an ISO UTC instant; null when the text
 * is not exactly one date (a wrong weekday, 31 Nov, 25:00 are null, never guessed).
 * Throws RangeError for an unknown time zone or a bad `now`.
 */
export function parseForumactifDate(text: string, ctx: DateContext): string | null {
  const at = reading(ctx);
  const normal = normalize(text).trim();
  for (const [m, kind] of matches(normal)) {
    if (m.index !== 0 || m[0].length !== normal.length) continue;
    const ms = fromMatch(kind, m, at);
    return ms === null ? null : toIso(ms);
  }
  return null;
}

/**
 * The date shown in a longer text (`par Harry le Lun 30 Nov 2026 - 21:04`): the last date in it,
 * since Forumactif writes the poster's name first. Null when that last date cannot be read (a
 * weekday no year agrees with): an earlier date in the text is not the post's.
 */
export function findForumactifDate(text: string, ctx: DateContext): string | null {
  const at = reading(ctx);
  const normal = normalize(text);
  let last: { start: number; end: number; ms: number | null } | null = null;
  for (const [m, kind] of matches(normal)) {
    const end = m.index + m[0].length;
    // The longest of the dates ending last: `Mer 20 Aoû - 12:39` over its tail `20 Aoû - 12:39`.
    if (last === null || end > last.end || (end === last.end && m.index < last.start)) {
      last = { start: m.index, end, ms: fromMatch(kind, m, at) };
    }
  }
  return last === null || last.ms === null ? null : toIso(last.ms);
}
