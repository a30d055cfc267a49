/**
 * Text normalisation for matching what players type (keys, spell names, targets) against the
 * ruleset and the duelists. Players write with or without accents, in any case, with typographic
 * apostrophes and with a trailing `!`; none of that should change what a post means.
 */

const APOSTROPHES = /[’‘ʼ`´′]/g;
const DASHES = /[-‐‑‒–—_]/g;
const EDGE_PUNCTUATION = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;
const LIGATURES: Readonly<Record<string, string>> = { œ: "oe", æ: "ae", ß: "ss", ø: "o", ł: "l", đ: "d" };

/**
 * The form two texts are compared in: lower case, accents removed (NFKD, combining marks dropped),
 * ligatures spelt out, apostrophes unified, hyphens read as spaces, spaces collapsed, and
 * punctuation trimmed at both ends (`Incendio !` and `« Incendio »` are `incendio`).
 *
 * @example normalizeKey("  Sortilège de FEU ! ") === "sortilege de feu"
 */
export function normalizeKey(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (c) => LIGATURES[c] ?? c)
    .replace(APOSTROPHES, "'")
    .replace(DASHES, " ")
    .replace(/\s+/g, " ")
    .replace(EDGE_PUNCTUATION, "");
}

/** French (and English) articles a player may put before a spell or particularity name. */
const LEADING_ARTICLE = /^(?:de la |de l'|du |des |les |le |la |l'|une |un |the |an |a )/;

/**
 * Removes one leading article from an already normalised text, so that "le Sortilège de Feu"
 * matches "Sortilège de Feu". A text that is only an article is kept as it is.
 */
export function stripArticle(normalized: string): string {
  const stripped = normalized.replace(LEADING_ARTICLE, "");
  return stripped.length > 0 ? stripped : normalized;
}

/** {@link normalizeKey} then {@link stripArticle}: the key spells and particularities are looked up by. */
export function matchKey(s: string): string {
  return stripArticle(normalizeKey(s));
}

/**
 * A spell name without its kind (`Sortilège de Feu` → `feu`, `Charme du Bouclier` → `bouclier`),
 * because players name spells by what they do ("Feu et Glace"). Input must be a {@link matchKey}.
 */
export function stripSpellKind(key: string): string {
  const stripped = key.replace(
    /^(?:sortileges?|sorts?|malefices?|charmes?|antisorts?|enchantements?|spell|hex|charm|curse|jinx) (?:(?:de la|de l'|du|des|de|d'|of the|of) ?)?/,
    "",
  );
  return stripped.length > 0 ? stripped : key;
}

/**
 * Lower case without accents, keeping the text's length, so that a keyword found in the folded
 * text can be cut out of the original one at the same offsets (referee commands keep the
 * original spelling of names and free text). Input should be NFC (see {@link toNfc}).
 */
export function foldSameLength(s: string): string {
  let out = "";
  for (const ch of s) {
    const folded = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(APOSTROPHES, "'");
    if (folded.length === ch.length) out += folded;
    else out += ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  }
  return out;
}

/** NFC form, so that a decomposed `é` counts as one character in {@link foldSameLength}. */
export function toNfc(s: string): string {
  return s.normalize("NFC");
}
