/**
 * The date formats a Forumactif (Forumotion) board can be set to, each with the horizon within
 * which a date shown that way names one instant only: the catalogue the date property test walks.
 *
 * French boards show `D j M Y - H:i` or, as real boards do, no year at all (`Mer 20 Aoû - 12:39`,
 * whatever the post's age); English boards offer phpBB's list (`D M d, Y g:i a`, `M jS, 'y, H:i`,
 * `F jS, Y, g:i a`, `|d M Y|, H:i` for "Today, 13:37"), and both the relative forms.
 */
import { type WallTime, wallTimeAt } from "../../../shared/time/zoned-time.js";

const FR_DAYS = ["Dim", "Lun", "Mar", "Mer", "Jeu", "Ven", "Sam"];
const FR_MONTHS = ["Jan", "Fév", "Mar", "Avr", "Mai", "Juin", "Juil", "Aoû", "Sep", "Oct", "Nov", "Déc"];
const EN_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const EN_MONTHS_FULL = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface BoardDateFormat {
  readonly name: string;
  /** How old a post may be, at most, for its date shown this way to read back (in ms). */
  readonly horizonMs: number;
  /** The text the board shows for a post made at `at`, on a page served at `now` (epoch ms). */
  show(at: number, now: number, timeZone: string): string;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

function hour12(wall: WallTime): string {
  const h = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${h}:${pad(wall.minute)} ${wall.hour < 12 ? "am" : "pm"}`;
}

function sameDay(a: WallTime, b: WallTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** "Today"/"Yesterday" text when the post is of the board's today or yesterday, else null. */
function relativeDay(at: number, now: number, timeZone: string, words: [string, string]): string | null {
  const wall = wallTimeAt(at, timeZone);
  if (sameDay(wall, wallTimeAt(now, timeZone))) return words[0];
  const today = wallTimeAt(now, timeZone);
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
  const isYesterday =
    wall.year === yesterday.getUTCFullYear() &&
    wall.month === yesterday.getUTCMonth() + 1 &&
    wall.day === yesterday.getUTCDate();
  return isYesterday ? words[1] : null;
}

function format(show: (w: WallTime, at: number, now: number, timeZone: string) => string) {
  return (at: number, now: number, timeZone: string) => show(wallTimeAt(at, timeZone), at, now, timeZone);
}

/** Five years always hold a leap day, so a date and its weekday cannot come back sooner. */
const FIVE_YEARS = 5 * 365 * DAY;
const FOREVER = 60 * 365 * DAY;

export const BOARD_DATE_FORMATS: readonly BoardDateFormat[] = [
  {
    name: "French, full (D j M Y - H:i)",
    horizonMs: FOREVER,
    show: format(
      (w) =>
        `${FR_DAYS[w.weekday]} ${w.day} ${FR_MONTHS[w.month - 1]} ${w.year} - ${pad(w.hour)}:${pad(w.minute)}`,
    ),
  },
  {
    name: "French, yearless with weekday (D j M - H:i)",
    horizonMs: FIVE_YEARS,
    show: format(
      (w) => `${FR_DAYS[w.weekday]} ${w.day} ${FR_MONTHS[w.month - 1]} - ${w.hour}:${pad(w.minute)}`,
    ),
  },
  {
    name: "French, yearless, today and yesterday in words",
    horizonMs: FIVE_YEARS,
    show: format((w, at, now, zone) => {
      const time = `${w.hour}:${pad(w.minute)}`;
      const day = relativeDay(at, now, zone, ["Aujourd'hui", "Hier"]);
      return day === null
        ? `${FR_DAYS[w.weekday]} ${w.day} ${FR_MONTHS[w.month - 1]} - ${time}`
        : `${day} à ${time}`;
    }),
  },
  {
    name: "French, yearless without weekday (j M - H:i)",
    horizonMs: 360 * DAY,
    show: format((w) => `${w.day} ${FR_MONTHS[w.month - 1]} - ${pad(w.hour)}:${pad(w.minute)}`),
  },
  {
    name: "French, relative minutes (il y a N minutes)",
    horizonMs: 59 * MINUTE,
    show: (at, now) => {
      const minutes = Math.floor((now - at) / MINUTE);
      return minutes === 1 ? "il y a une minute" : `il y a ${minutes} minutes`;
    },
  },
  {
    name: "English, full (D j M Y - H:i)",
    horizonMs: FOREVER,
    show: format(
      (w) =>
        `${EN_DAYS[w.weekday]} ${w.day} ${EN_MONTHS[w.month - 1]} ${w.year} - ${pad(w.hour)}:${pad(w.minute)}`,
    ),
  },
  {
    name: "English, yearless, Today/Yesterday at",
    horizonMs: FIVE_YEARS,
    show: format((w, at, now, zone) => {
      const day = relativeDay(at, now, zone, ["Today", "Yesterday"]);
      const time = `${pad(w.hour)}:${pad(w.minute)}`;
      return day === null
        ? `${EN_DAYS[w.weekday]} ${w.day} ${EN_MONTHS[w.month - 1]} - ${time}`
        : `${day} at ${time}`;
    }),
  },
  {
    name: "English, phpBB default (D M d, Y g:i a)",
    horizonMs: FOREVER,
    show: format(
      (w) => `${EN_DAYS[w.weekday]} ${EN_MONTHS[w.month - 1]} ${pad(w.day)}, ${w.year} ${hour12(w)}`,
    ),
  },
  {
    name: "English, M jS, 'y, H:i",
    horizonMs: FOREVER,
    show: format(
      (w) =>
        `${EN_MONTHS[w.month - 1]} ${ordinal(w.day)}, '${pad(w.year % 100)}, ${pad(w.hour)}:${pad(w.minute)}`,
    ),
  },
  {
    name: "English, F jS, Y, g:i a",
    horizonMs: FOREVER,
    show: format((w) => `${EN_MONTHS_FULL[w.month - 1]} ${ordinal(w.day)}, ${w.year}, ${hour12(w)}`),
  },
  {
    name: "English, |d M Y|, H:i (Today, 13:37)",
    horizonMs: FOREVER,
    show: format((w, at, now, zone) => {
      const day = relativeDay(at, now, zone, ["Today", "Yesterday"]);
      const date = day ?? `${pad(w.day)} ${EN_MONTHS[w.month - 1]} ${w.year}`;
      return `${date}, ${pad(w.hour)}:${pad(w.minute)}`;
    }),
  },
  {
    name: "English, relative minutes (N minutes ago)",
    horizonMs: 59 * MINUTE,
    show: (at, now) => {
      const minutes = Math.floor((now - at) / MINUTE);
      return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
    },
  },
];
