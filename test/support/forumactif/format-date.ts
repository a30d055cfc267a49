/**
 * Dates written the way a Forumactif board shows them, for the fake board's pages: relative for
 * today and yesterday, without the year in the current year, full otherwise.
 */
import { wallTimeAt } from "../../../shared/time/zoned-time.js";
import type { BoardLanguage } from "./model.js";

const FR_DAYS = ["Dim", "Lun", "Mar", "Mer", "Jeu", "Ven", "Sam"];
const FR_MONTHS = ["Jan", "Fév", "Mar", "Avr", "Mai", "Juin", "Juil", "Aoû", "Sep", "Oct", "Nov", "Déc"];
const EN_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** How the board writes dates: `auto` is Forumactif's default (relative, then yearless, then full). */
export type DateStyle = "auto" | "full";

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** `Lun 30 Nov 2026 - 21:04`, `Mar 1 Déc à 15:57`, `Aujourd'hui à 14:05`, `Hier à 22:10` (or English). */
export function formatBoardDate(
  iso: string,
  options: { timeZone: string; now: string; language: BoardLanguage; style: DateStyle },
): string {
  const at = wallTimeAt(Date.parse(iso), options.timeZone);
  const today = wallTimeAt(Date.parse(options.now), options.timeZone);
  const yesterday = wallTimeAt(Date.parse(options.now) - 24 * 3600 * 1000, options.timeZone);
  const time = `${pad(at.hour)}:${pad(at.minute)}`;
  const fr = options.language === "fr";
  const same = (a: typeof at, b: typeof at) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (options.style === "auto" && same(at, today)) return fr ? `Aujourd'hui à ${time}` : `Today at ${time}`;
  if (options.style === "auto" && same(at, yesterday)) return fr ? `Hier à ${time}` : `Yesterday at ${time}`;
  const day = (fr ? FR_DAYS : EN_DAYS)[at.weekday];
  const month = (fr ? FR_MONTHS : EN_MONTHS)[at.month - 1];
  if (options.style === "auto" && at.year === today.year) {
    return fr ? `${day} ${at.day} ${month} à ${time}` : `${day} ${at.day} ${month} at ${time}`;
  }
  return `${day} ${at.day} ${month} ${at.year} - ${time}`;
}
