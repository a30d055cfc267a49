import { isDuration } from "../time/duration.js";
import { foldSameLength, toNfc } from "./normalize.js";

/** A duration found in a text, as ISO-8601, and the text without it. */
export interface FoundDuration {
  readonly iso: string;
  readonly rest: string;
}

/** An ISO-8601 duration standing alone (`P3D`, `PT48H`, `p2dt12h`). */
const ISO = /(?<![\p{L}\p{N}])p(?:\d+[ymwd])*(?:t(?:\d+[hms])+)?(?![\p{L}\p{N}])/gu;
/**
 * A French (or English) amount and unit: `3 jours`, `48 heures`, `48h`, `2j`, `1 semaine`, `30 min`,
 * `6 mois`, `1 an`. Months and years are only written out, so `6 m` never reads as six months.
 */
const AMOUNT =
  /(?<![\p{L}\p{N}])(\d{1,4})\s*(mois|months?|ans?|annees?|years?|semaines?|sem|weeks?|w|jours?|j|days?|d|heures?|hrs?|hours?|h|minutes?|mins?|mn)(?![\p{L}\p{N}])/gu;

/** Years, months, days, hours, minutes. */
type Unit = "Y" | "Mo" | "D" | "H" | "M";

function unitOf(word: string): { readonly unit: Unit; readonly factor: number } {
  if (/^(?:mois|month)/.test(word)) return { unit: "Mo", factor: 1 };
  if (/^(?:an|annee|year)/.test(word)) return { unit: "Y", factor: 1 };
  if (/^(?:sem|w)/.test(word)) return { unit: "D", factor: 7 };
  if (/^(?:j|d)/.test(word)) return { unit: "D", factor: 1 };
  if (/^h/.test(word)) return { unit: "H", factor: 1 };
  return { unit: "M", factor: 1 };
}

/** Units are kept as the referee wrote them (`48 heures` is `PT48H`, not `P2D`). */
function toIso(amounts: Readonly<Record<Unit, number>>): string {
  const time = (amounts.H ? `${amounts.H}H` : "") + (amounts.M ? `${amounts.M}M` : "");
  const date = (amounts.Y ? `${amounts.Y}Y` : "") + (amounts.Mo ? `${amounts.Mo}M` : "");
  return `P${date}${amounts.D ? `${amounts.D}D` : ""}${time ? `T${time}` : ""}`;
}

function cut(text: string, spans: readonly [number, number][]): string {
  let out = "";
  let last = 0;
  for (const [start, end] of spans) {
    out += `${text.slice(last, start)} `;
    last = end;
  }
  return (out + text.slice(last)).replace(/\s+/g, " ").trim();
}

/**
 * Finds the duration in a referee's line: ISO-8601 (`P3D`, `PT48H`) or French, also combined
 * (`2 jours 12 h` is `P2DT12H`). Weeks are written as days, so `1 semaine` is `P7D`. Returns null
 * when the text holds none, or only a zero one.
 */
export function findDuration(text: string): FoundDuration | null {
  const original = toNfc(text);
  const folded = foldSameLength(original);
  for (const m of folded.matchAll(ISO)) {
    const iso = m[0].toUpperCase();
    if (/\d/.test(iso) && isDuration(iso) && !/^P(?:T)?(?:0[A-Z])+$/.test(iso)) {
      return { iso, rest: cut(original, [[m.index, m.index + m[0].length]]) };
    }
  }
  const amounts: Record<Unit, number> = { Y: 0, Mo: 0, D: 0, H: 0, M: 0 };
  const spans: [number, number][] = [];
  for (const m of folded.matchAll(AMOUNT)) {
    const { unit, factor } = unitOf(m[2] ?? "");
    amounts[unit] += Number(m[1]) * factor;
    spans.push([m.index, m.index + m[0].length]);
  }
  if (amounts.Y + amounts.Mo + amounts.D + amounts.H + amounts.M <= 0) return null;
  return { iso: toIso(amounts), rest: cut(original, spans) };
}
