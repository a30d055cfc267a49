import { parseDuration } from "../time/duration.js";
import { PARIS, wallTimeAt } from "../time/zoned-time.js";
import { monthNames, weekdayNames } from "./calendar.js";

/**
 * A date as French prose, without its article: "lundi 30 novembre 2026 à 11 h 00" (the first of
 * the month is "1er"), whatever the server's zone: Paris time, the club's, unless the forum the
 * reader is on shows its dates in another zone (`timeZone`, as `postTime`: a duelist reads a
 * deadline on their board's clock). Callers write "le …", "avant le …" or "jusqu'au …". A date that
 * cannot be read is shown as given rather than failing a whole notification.
 */
export function formatDay(iso: string, timeZone: string = PARIS): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const wall = wallTimeAt(date.getTime(), timeZone);
  const day = wall.day === 1 ? "1er" : String(wall.day);
  const minute = String(wall.minute).padStart(2, "0");
  return `${weekdayNames[wall.weekday]} ${day} ${monthNames[wall.month - 1]} ${wall.year} à ${wall.hour} h ${minute}`;
}

/**
 * A post as its duelists know it, by its time in the thread as the forum shows it (`timeZone`,
 * Paris time unless the forum's dates are another zone's): « de 14 h 02 » (« ton message de
 * 14 h 02 »). Given the day the reader reads it (`today`, an instant), a post of another day is
 * named with its day: « du lundi 30 novembre à 9 h 15 » (and its year, another year's). A post's
 * id is the forum's, never shown to people.
 */
export function postTime(iso: string, today?: string, timeZone: string = PARIS): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const wall = wallTimeAt(date.getTime(), timeZone);
  const hour = `${wall.hour} h ${String(wall.minute).padStart(2, "0")}`;
  const now = today === undefined ? null : new Date(today);
  if (now === null || Number.isNaN(now.getTime())) return `de ${hour}`;
  const reading = wallTimeAt(now.getTime(), timeZone);
  if (reading.year === wall.year && reading.month === wall.month && reading.day === wall.day)
    return `de ${hour}`;
  const day = `${weekdayNames[wall.weekday]} ${wall.day === 1 ? "1er" : String(wall.day)} ${monthNames[wall.month - 1]}`;
  return `du ${day}${reading.year === wall.year ? "" : ` ${wall.year}`} à ${hour}`;
}

/** A sentence's first letter in capital: « Ton message… », « Le message d'Alice… ». */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A date with its article: "le lundi 30 novembre 2026 à 11 h 00" (`timeZone` as `formatDay`'s). */
export function formatDate(iso: string, timeZone: string = PARIS): string {
  return Number.isNaN(Date.parse(iso)) ? iso : `le ${formatDay(iso, timeZone)}`;
}

const UNITS: readonly [keyof NonNullable<ReturnType<typeof parseDuration>>, string, string][] = [
  ["years", "an", "ans"],
  ["months", "mois", "mois"],
  ["days", "jour", "jours"],
  ["hours", "heure", "heures"],
  ["minutes", "minute", "minutes"],
  ["seconds", "seconde", "secondes"],
];

/** An ISO-8601 duration in French: `P3D` is "3 jours", `PT30M` "30 minutes", `P6M` "6 mois". */
export function formatDuration(iso: string): string {
  const d = parseDuration(iso);
  if (!d) return iso;
  const parts = UNITS.filter(([unit]) => d[unit] > 0).map(
    ([unit, one, many]) => `${d[unit]} ${d[unit] === 1 ? one : many}`,
  );
  return parts.length > 0 ? joinList(parts) : iso;
}

/** The minutes between two instants, rounded, for "30 minutes après ton message". */
export function minutesBetween(fromIso: string, toIso: string): number | null {
  const ms = Date.parse(toIso) - Date.parse(fromIso);
  return Number.isFinite(ms) ? Math.round(ms / 60_000) : null;
}

/** A count with a typographic minus or an explicit plus: "−7", "+3", "0". */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return "0";
}

/** A number as French typography writes it: a negative one with the minus sign, "−1", not "-1". */
export function figure(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

/** A sum as prose writes it: "1 − 2 = −1", "2 + 3 = 5". */
export function sum(a: number, b: number): string {
  return `${figure(a)} ${b < 0 ? "−" : "+"} ${Math.abs(b)} = ${figure(a + b)}`;
}

/** Points as the club writes them: "18/25 PD". */
export function formatPoints(points: number, startingPoints: number): string {
  return `${points}/${startingPoints} PD`;
}

/**
 * A hibou's title as the person it concerns reads it: without their own name, as their text says
 * « tu » (« Faute d'action : Bob Martin (1re) » is « Faute d'action (1re) » to Bob, « Points ajustés :
 * Luna Lovegood −3 PD » is « Points ajustés : −3 PD » to Luna).
 */
export function titleFor(title: string, name: string | undefined): string {
  if (!name) return title;
  const at = title.indexOf(` : ${name}`);
  if (at < 0) return title;
  const rest = title.slice(at + name.length + 3);
  if (rest === "") return title.slice(0, at);
  return rest.startsWith(" (") ? `${title.slice(0, at)}${rest}` : `${title.slice(0, at)} :${rest}`;
}

/** What « PD » stands for, said once in each text that uses it. */
const PD_WORDS = "points de duel";

/**
 * « PD » read once in full where a text (a hibou, a thread announcement) first says it: someone new
 * to the club learns the word there. A bracket already after it takes the words in, rather than a
 * second bracket.
 */
export function spelledOutPd(text: string): string {
  if (text.includes(`PD (${PD_WORDS}`)) return text;
  const first = text.search(/\bPD\b/);
  if (first < 0) return text;
  const rest = text.slice(first + 2);
  const spelled = rest.startsWith(" (") ? `PD (${PD_WORDS} ; ${rest.slice(2)}` : `PD (${PD_WORDS})${rest}`;
  return `${text.slice(0, first)}${spelled}`;
}

/** A feminine ordinal, as in "1re faute", "2e faute". */
export function ordinal(n: number): string {
  return n === 1 ? "1re" : `${n}e`;
}

/**
 * Names whose h is aspirated, so French does not elide before them ("de Harry", as the French
 * translation of the books writes it); every other h is mute ("d'Hermione", "d'Horace").
 */
const ASPIRATED_H = new Set(["hagrid", "harry", "hooch", "hibou", "hiboux", "héros", "haut", "hache"]);

/** Whether French elides "de"/"le"/"que" before `word`: a vowel, or a mute h. */
export function elides(word: string): boolean {
  const first = word.trimStart();
  if (/^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(first)) return true;
  if (!/^h[aeiouyàâäéèêëîïôöùûüœæ]/i.test(first)) return false;
  const head = (first.split(/[\s'’-]/)[0] ?? "").toLowerCase();
  return !ASPIRATED_H.has(head);
}

/** "de Bob Martin", but "d'Alice Dubois" and "d'Hermione Granger": French elides before a vowel or a mute h. */
export function de(name: string): string {
  return elides(name) ? `d'${name}` : `de ${name}`;
}

/** "le Sortilège", but "l'Antisort": the masculine article, elided as `de` is. */
export function le(word: string): string {
  return elides(word) ? `l'${word}` : `le ${word}`;
}

/** "a", "a et b", "a, b et c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}

/** A duel named by its duelists: « Alice Dubois contre Bob Martin » (desk, hiboux, club records). */
export function duelName(names: readonly string[]): string {
  return names.join(" contre ");
}

/**
 * A thread's title cut for a line where the duel is only named (a hibou's last line, a list): the
 * words that fit in `max` characters, then "…".
 */
export function shortTitle(title: string, max = 50): string {
  const chars = [...title];
  if (chars.length <= max) return title;
  const cut = chars.slice(0, max - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}

/**
 * A duel named by its duelists and, where known, its thread's title: « Alice Dubois contre Bob
 * Martin — « Duel au parc » ». `max` shortens the title (`shortTitle`).
 */
export function duelNameTitled(names: readonly string[], threadTitle?: string | null, max?: number): string {
  const name = duelName(names);
  if (!threadTitle) return name;
  return `${name} — « ${max === undefined ? threadTitle : shortTitle(threadTitle, max)} »`;
}
