/**
 * Forumactif post dates as boards display them, French or English, in the board's time zone:
 * `Lun 30 Nov 2026 - 21:04`, `Dim 4 Déc à 15:57` (current year, no year written),
 * `Aujourd'hui à 14:05`, `Hier à 22:10`, `Mon 30 Nov 2026 - 21:04`, `Today at 2:05 pm`, `30/11/2026 21:04`.
 * The date format is a board setting, so each part is read tolerantly; anything else is null.
 */
import { wallTimeAt, zonedToUtc } from "./zoned-time.js";

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
const ABSOLUTE = new RegExp(
  String.raw`(?:\b([a-z]{3,9})\.?,?\s+)?\b(\d{1,2})(?:er)?\s+([a-z]{3,9})\.?(?:\s+(\d{4}))?${SEPARATOR}${TIME}\b`,
  "g",
);
const RELATIVE = new RegExp(String.raw`\b(aujourd'hui|today|hier|yesterday)${SEPARATOR}${TIME}\b`, "g");
const NUMERIC = new RegExp(String.raw`\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})${SEPARATOR}${TIME}\b`, "g");

/** Lowercase, accents and odd apostrophes or spaces removed, so `Déc` and `Aujourd’hui` match. */
function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .toLowerCase();
}

/** How far ahead of the reading instant a relative date may fall (clocks differ a little). */
const RELATIVE_SLACK_MS = 15 * 60 * 1000;

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

function fromMatch(
  kind: "absolute" | "relative" | "numeric",
  m: RegExpExecArray,
  ctx: DateContext,
): number | null {
  const nowMs = Date.parse(ctx.now);
  if (Number.isNaN(nowMs)) throw new RangeError(`not an ISO instant: ${ctx.now}`);
  const today = wallTimeAt(nowMs, ctx.timeZone);
  if (kind === "relative") {
    const time = hour24(m[2] ?? "", m[3] ?? "", m[4]);
    if (time === null) return null;
    const back = m[1] === "hier" || m[1] === "yesterday" ? 1 : 0;
    const on = (daysBack: number) => {
      const date = new Date(Date.UTC(today.year, today.month - 1, today.day - daysBack));
      return zonedToUtc(
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        ...time,
        ctx.timeZone,
      );
    };
    // A page served just before midnight and read just after still says "today" for the day
    // before: a post is never in the future, so such a date belongs to the previous day.
    const utc = on(back);
    return utc > nowMs + RELATIVE_SLACK_MS ? on(back + 1) : utc;
  }
  if (kind === "numeric") {
    const time = hour24(m[4] ?? "", m[5] ?? "", m[6]);
    const raw = Number(m[3]);
    const year = raw < 100 ? 2000 + raw : raw;
    const [day, month] = [Number(m[1]), Number(m[2])];
    if (time === null || month < 1 || month > 12 || !validDay(year, month, day)) return null;
    return zonedToUtc(year, month, day, ...time, ctx.timeZone);
  }
  const month = MONTHS[m[3] ?? ""];
  const time = hour24(m[5] ?? "", m[6] ?? "", m[7]);
  if (month === undefined || time === null) return null;
  // A word before the day that is no weekday (`Posted 30 Nov`) is not part of the date.
  const weekday = m[1] === undefined ? undefined : WEEKDAYS[m[1]];
  const day = Number(m[2]);
  // A yearless date is in the current year, or the last one when that would be in the future
  // (early January showing December); the weekday, when shown, must agree.
  const years = m[4] === undefined ? [today.year, today.year - 1] : [Number(m[4])];
  for (const year of years) {
    if (!validDay(year, month, day)) continue;
    if (weekday !== undefined && new Date(Date.UTC(year, month - 1, day)).getUTCDay() !== weekday) continue;
    const utc = zonedToUtc(year, month, day, ...time, ctx.timeZone);
    if (m[4] === undefined && utc > nowMs + 24 * 3600 * 1000) continue;
    return utc;
  }
  return null;
}

function* matches(text: string): Generator<[RegExpExecArray, "absolute" | "relative" | "numeric"]> {
  for (const [pattern, kind] of [
    [RELATIVE, "relative"],
    [NUMERIC, "numeric"],
    [ABSOLUTE, "absolute"],
  ] as const) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) yield [m, kind];
  }
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
  const normal = normalize(text).trim();
  for (const [m, kind] of matches(normal)) {
    if (m.index !== 0 || m[0].length !== normal.length) continue;
    const ms = fromMatch(kind, m, ctx);
    return ms === null ? null : toIso(ms);
  }
  return null;
}

/**
 * The date shown in a longer text (`par Harry le Lun 30 Nov 2026 - 21:04`): the last readable
 * date in it, since Forumactif writes the poster's name first.
 */
export function findForumactifDate(text: string, ctx: DateContext): string | null {
  const normal = normalize(text);
  let best: { at: number; ms: number } | null = null;
  for (const [m, kind] of matches(normal)) {
    const ms = fromMatch(kind, m, ctx);
    if (ms !== null && (best === null || m.index > best.at)) best = { at: m.index, ms };
  }
  return best === null ? null : toIso(best.ms);
}
