import type { Year } from "../rules/ruleset.js";
import { openingBlockTexts as say } from "../texts/duel-opening.js";
import { findDuration } from "./french-duration.js";
import { foldSameLength, normalizeKey, toNfc } from "./normalize.js";
import { toPlainText } from "./plain-text.js";
import { scanPost } from "./post-structure.js";
import type { PostFormat } from "./types.js";

/** A duelist as the referee wrote them: a name (or `@login`, `#id`) still to resolve to an account. */
export interface OpeningDuelist {
  readonly written: string;
  readonly year: Year;
  readonly particularities: readonly { readonly name: string; readonly rank?: number }[];
}

/** A duel opened in the thread, read but not yet checked against the forum. */
export interface DuelOpening {
  readonly duelists: readonly OpeningDuelist[];
  readonly stakes?: string;
  readonly dice?: "server" | "forum";
  /** ISO-8601 (`P3D`), from `délai : 3 jours`. */
  readonly replyWindow?: string;
  /** Who starts, as written (a name of one of the duelists). */
  readonly first?: string;
}

/** What reading the opening gave: the opening, or every problem with it (French, for the referee). */
export type ReadOpening =
  | { readonly ok: true; readonly opening: DuelOpening }
  | { readonly ok: false; readonly errors: readonly string[] };

/** `duel :`, `nouveau duel :`, `ouvrir le duel :`, `open duel:` at the start of a block's first line. */
const OPENING =
  /^(?:(?:nouveau|ouvrir|ouverture|ouvre|open|new)(?: (?:le|du|un|a|the))? )?duel\b\s*[:=-]?\s*/;
const VERSUS = /\s+(?:contre|vs\.?|versus|against|face a)\s+/;
const ORDINALS: Readonly<Record<string, number>> = {
  premiere: 1,
  premier: 1,
  first: 1,
  deuxieme: 2,
  seconde: 2,
  second: 2,
  troisieme: 3,
  third: 3,
  quatrieme: 4,
  fourth: 4,
  cinquieme: 5,
  fifth: 5,
  sixieme: 6,
  sixth: 6,
  septieme: 7,
  seventh: 7,
};
const YEAR_WORD = "(?:annee|an|ans|year|yr)";
const NUMBERED_YEAR = new RegExp(
  `^(?:(\\d{1,2}) ?(?:e|eme|ere|re|er|nd|st|rd|th|°)? ?${YEAR_WORD}|${YEAR_WORD} ?(\\d{1,2})|(\\d{1,2}) ?a)$`,
);
const WORD_YEAR = new RegExp(`^(${Object.keys(ORDINALS).join("|")}) ${YEAR_WORD}$`);
const ADULT = /^(?:adulte|adult|adultes|prof|professeur|professeure|teacher)$/;
const RANK = /^(.*?)\s*(?:\(?\s*(?:rang|rank|niveau|level|niv\.?|r)\s*)?(\d{1,2})\s*\)?$/;

type Key = "stakes" | "dice" | "window" | "first";
const KEYS: readonly (readonly [RegExp, Key])[] = [
  [/^(?:enjeux?|mises?|stakes?|pari du duel)$/, "stakes"],
  [/^(?:des|de|dice|mode de des|mode des des)$/, "dice"],
  [
    /^(?:delai|delais|delai de reponse|fenetre|fenetre de reponse|temps de reponse|reponse|reply window|window|deadline)$/,
    "window",
  ],
  [/^(?:premier|premiere|commence|qui commence|first|starts)$/, "first"],
];
const SERVER_DICE =
  /^(?:serveur|server|systeme|system|auto|automatique|automatic|arbitre automatique|robot)$/;
const FORUM_DICE = /^(?:forum|du forum|forum dice)$/;

/** The year a piece of a parenthesis names, or undefined when it is not a year. */
function yearOf(piece: string): Year | undefined {
  const key = normalizeKey(piece);
  if (ADULT.test(key)) return "adulte";
  const numbered = NUMBERED_YEAR.exec(key);
  const word = WORD_YEAR.exec(key);
  const n = numbered ? Number(numbered[1] ?? numbered[2] ?? numbered[3]) : word ? ORDINALS[word[1] ?? ""] : 0;
  return n !== undefined && n >= 1 && n <= 7 ? (n as Year) : undefined;
}

/** `Legilimens 2`, `Legilimens rang 2`, `mage noir`: a particularity's name and its rank if given. */
export function particularityOf(piece: string): { readonly name: string; readonly rank?: number } {
  const ranked = RANK.exec(piece.trim());
  const name = (ranked?.[1] ?? piece).trim();
  return ranked?.[2] !== undefined && /\p{L}/u.test(name)
    ? { name, rank: Number(ranked[2]) }
    : { name: piece.trim() };
}

/** `Alice Dubois (3e année, Legilimens 2)`: the name, its year, its particularities. */
function readDuelist(text: string, errors: string[]): OpeningDuelist | undefined {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/s.exec(text.trim());
  const written = (m ? (m[1] ?? "") : text).trim();
  if (!/[\p{L}\p{N}]/u.test(written)) {
    errors.push(say.noName(text.trim()));
    return undefined;
  }
  let year: Year | undefined;
  const particularities: { name: string; rank?: number }[] = [];
  for (const piece of (m?.[2] ?? "").split(/[,/+;]|\bet\b/)) {
    if (!/[\p{L}\p{N}]/u.test(piece)) continue;
    const asYear = yearOf(piece);
    if (asYear !== undefined && year === undefined) {
      year = asYear;
      continue;
    }
    particularities.push(particularityOf(piece));
  }
  if (year === undefined) {
    errors.push(say.noYear(written));
    return undefined;
  }
  return { written, year, particularities };
}

/** `enjeux : …`, `dés : forum`, `délai : 3 jours`, `premier : Alice` after the duelists. */
function readOption(
  piece: string,
  opening: { -readonly [K in keyof DuelOpening]: DuelOpening[K] },
  errors: string[],
) {
  const m = /^([^:=]{1,40}?)\s*[:=]\s*(.*)$/s.exec(piece.trim());
  const key = m ? KEYS.find(([pattern]) => pattern.test(normalizeKey(m[1] ?? "")))?.[1] : undefined;
  if (!m || key === undefined) {
    errors.push(say.unknownOption(piece.trim()));
    return;
  }
  const value = (m[2] ?? "").trim();
  if (key === "stakes") {
    if (value) opening.stakes = value;
  } else if (key === "first") {
    if (value) opening.first = value;
  } else if (key === "dice") {
    const v = normalizeKey(value);
    if (SERVER_DICE.test(v)) opening.dice = "server";
    else if (FORUM_DICE.test(v)) opening.dice = "forum";
    else errors.push(say.unknownDice(value));
  } else {
    const found = findDuration(value);
    if (found && found.rest === "") opening.replyWindow = found.iso;
    else errors.push(say.notADuration(value));
  }
}

/** Whether an `[arbitre]` block's body opens a duel (its first line starts with `duel`). */
export function isOpeningBlock(body: string): boolean {
  const first = body.trim().split("\n")[0] ?? "";
  return OPENING.test(foldSameLength(toNfc(first).trim()));
}

/**
 * Reads a duel opening from an `[arbitre]` block's body: `duel : Alice Dubois (3e année) contre Bob
 * Martin (adulte) ; enjeux : … ; dés : forum ; délai : 3 jours`. Pieces after the duelists are
 * separated by `;` or by line breaks; keywords are read without case or accents, in French or English.
 */
export function readOpeningBlock(body: string): ReadOpening {
  const text = toNfc(body).trim();
  const folded = foldSameLength(text);
  const head = OPENING.exec(folded);
  if (!head) return { ok: false, errors: [say.notOpening] };
  const pieces = text
    .slice(head[0].length)
    .split(/\s*(?:;|\n)\s*/)
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  const [who = "", ...options] = pieces;
  const errors: string[] = [];
  // The split is on the folded text's positions: `contre`, `face à` are found without accents.
  const foldedWho = foldSameLength(who);
  const parts: string[] = [];
  let last = 0;
  for (const m of foldedWho.matchAll(new RegExp(VERSUS.source, "g"))) {
    parts.push(who.slice(last, m.index));
    last = m.index + m[0].length;
  }
  parts.push(who.slice(last));
  if (parts.length < 2) {
    errors.push(say.twoDuelists);
  }
  const duelists = parts.length < 2 ? [] : parts.flatMap((p) => readDuelist(p, errors) ?? []);
  const opening: { -readonly [K in keyof DuelOpening]: DuelOpening[K] } = { duelists };
  for (const piece of options) readOption(piece, opening, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, opening };
}

/** The first duel opening of a post (outside quotes and code), or null when it holds none. */
export function findOpening(content: string, format: PostFormat): ReadOpening | null {
  const block = scanPost(toPlainText(content, format)).blocks.find(
    (b) => b.tag === "arbitre" && isOpeningBlock(b.body),
  );
  return block ? readOpeningBlock(block.body) : null;
}
