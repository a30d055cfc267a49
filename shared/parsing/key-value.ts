import { normalizeKey } from "./normalize.js";

/** A `key : value` pair whose key was recognised; `value` is as written, trimmed. */
export interface KeyValue<K> {
  readonly key: K;
  readonly value: string;
}

/** Maps a normalised key (see normalizeKey) to a field, or undefined when it is not a key. */
export type KeyOf<K> = (normalizedKey: string) => K | undefined;

/**
 * `key : value`, tolerant of what forums and players leave around it: `Sort: x`, `Sort :x`,
 * `**Sort :** x`, `- Sort : x`, `• Sort : x`, a full-width colon. Keys are at most 40 characters.
 */
const PAIR = /^[\s*_~>•·-]*([^:：\n]{1,40}?)[\s*_~]*[:：](.*)$/s;
const LIST_NUMBER = /^\s*\d{1,2}\s*[.)-]\s+/;

/** Reads one `key : value` piece; null when it has no colon or its key is not one of `keyOf`'s. */
export function readKeyValue<K>(piece: string, keyOf: KeyOf<K>): KeyValue<K> | null {
  const m = PAIR.exec(piece);
  if (!m) return null;
  // Brackets in a key are decoration (`Pari (de dé) : 4`), and so is a list's number (`1. Sort :`).
  const key = keyOf(normalizeKey((m[1] ?? "").replace(/[()[\]{}]/g, " ").replace(LIST_NUMBER, "")));
  return key === undefined ? null : { key, value: (m[2] ?? "").trim() };
}

/** Values that say the field is left empty on purpose: `Particularité : aucune`, `Zone : néant`. */
const NOTHING = /^(?:aucun|aucune|n[ée]ant|rien|none|nothing|non|x|ø|pas de particularit[ée]s?)\s*[.!]?$/iu;

/**
 * A value with the decoration players put around it removed (`**x**`, `_x_`, a trailing ` -`
 * or emoji left by a separator, wrapping quotes); null when nothing is left that says anything (`Zone :`,
 * `Zone : -`, `Zone : ?`), so the decider reports the field as missing.
 */
export function cleanValue(value: string): string | null {
  const cleaned = value
    .trim()
    .replace(/^[\s*_~]+|(?:[\s*_~,;|/•·—–\p{Extended_Pictographic}-]|\ufe0f)+$/gu, "")
    .replace(/^["«“'](.*)["»”']$/s, "$1")
    .trim();
  return /[\p{L}\p{N}]/u.test(cleaned) && !NOTHING.test(cleaned) ? cleaned : null;
}

/** Where one pair may end and another start on the same line. */
const SEPARATOR = /\s*[;|/•·—–,]\s*|\s+/g;
/** Enough of the line after a separator to hold a key (40 characters), decoration and a colon. */
const LOOKAHEAD = 64;

/**
 * Splits a line holding several pairs (`Sort : Feu ; Cible : Bob`, `Sort : Feu / Cible : Bob`,
 * `Cible : Bob Martin Zone : torse`) into pieces that each start with a known key. A separator
 * not followed by a known key is part of the value (`Feu, Glace`, `Sortilège de Feu — Incendio`).
 * Once a key for which `greedy` is true starts, the rest of the line is its value (free text).
 */
export function splitPairs<K>(line: string, keyOf: KeyOf<K>, greedy?: (key: K) => boolean): string[] {
  const cuts = [0];
  const first = readKeyValue(line.slice(0, LOOKAHEAD), keyOf);
  let locked = first !== null && greedy?.(first.key) === true;
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(line); m !== null && !locked; m = SEPARATOR.exec(line)) {
    const at = m.index + m[0].length;
    if (at >= line.length) break;
    const pair = readKeyValue(line.slice(at, at + LOOKAHEAD), keyOf);
    if (pair) {
      cuts.push(at);
      locked = greedy?.(pair.key) === true;
    }
  }
  return cuts.map((cut, i) => line.slice(cut, cuts[i + 1] ?? line.length));
}
