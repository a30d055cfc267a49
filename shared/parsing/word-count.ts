import { scanPost } from "./post-structure.js";

/**
 * One segmenter for the process: building one per post would cost more than counting. Built on
 * first use, not at import: the first one loads ICU's word-break data, which a
 * cold start that counts no words (a delivery for a thread that is not a duel, a timer, the
 * relay) need not pay; nor one whose words are all scanned without it (scanWordSegments below).
 */
let segmenter: Intl.Segmenter | undefined;
function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter("fr", { granularity: "word" });
  return segmenter;
}

/**
 * Node's segmenter slows down quadratically on long strings (a 40 000-word text takes seconds), so
 * text is fed in pieces cut at whitespace, where a word boundary always is. A run of more than
 * CHUNK characters without whitespace (a long URL) may be cut inside and count one word more.
 */
const CHUNK = 1000;

function* chunks(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + CHUNK, text.length);
    if (end < text.length) {
      const space = text.slice(start, end).search(/\s\S*$/);
      if (space > 0) end = start + space;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/*
 * The same count without the segmenter, for text made only of characters whose Word_Break class
 * (UAX #29) is known below: Latin letters, ASCII digits, the spaces, line breaks, punctuation and
 * symbols of French text. Walking Intl.Segmenter's segments costs far more than this scan
 * (bench/README.md). Any other character (emoji, combining
 * marks, soft hyphens, other scripts, ©, ®…) sends the piece to the segmenter as before.
 *
 * Among these classes ICU's word rules (UAX #29 WB5–WB13b; the others concern classes left to the
 * segmenter) reduce to: letters and digits join each other; `:` and `·` join two letters; `.`,
 * `'`, `‘` and `’` join two letters or two digits; `,` and `;` join two digits; `_` and the narrow
 * no-break space join letters, digits and each other; nothing else joins a letter or a digit. A
 * segment is word-like when it holds a letter or a digit, and (ICU's status for WB13a) when it is
 * two or more of `_` and the narrow no-break space: `__` is a word, `_` is not.
 * test/parsing/word-count.property.test.ts checks every character known here in every context of
 * the others, every short string of the classes, and generated French texts, against the segmenter
 * of the Node that runs it (ICU 78 on Node 20.20): should an ICU ever class one of these characters
 * otherwise, that test fails there.
 */

/** Not known here: the piece goes to the segmenter. */
const UNKNOWN = 0;
/** ALetter. */
const LETTER = 1;
/** Numeric. */
const DIGIT = 2;
/** MidLetter: joins two letters (WB6, WB7). */
const MID_LETTER = 3;
/** MidNumLet and Single_Quote: join two letters (WB6, WB7) or two digits (WB11, WB12). */
const MID_NUM_LET = 4;
/** MidNum: joins two digits (WB11, WB12). */
const MID_NUM = 5;
/** ExtendNumLet (WB13a, WB13b). */
const EXTEND_NUM_LET = 6;
/** Spaces, line breaks, other punctuation and symbols: never part of a word-like segment. */
const OTHER = 7;

/** Classes of U+0000–U+024F: ASCII, Latin-1 and Latin Extended-A and B. */
const LATIN = new Uint8Array(0x250);
LATIN.fill(OTHER, 0x00, 0xc0); // controls, spaces, ASCII and Latin-1 punctuation and symbols
LATIN.fill(LETTER, 0xc0, 0x250); // À–ɏ
LATIN.fill(LETTER, 0x41, 0x5b); // A–Z
LATIN.fill(LETTER, 0x61, 0x7b); // a–z
LATIN.fill(DIGIT, 0x30, 0x3a); // 0–9
for (const [code, cls] of [
  [0x3a, MID_LETTER], // :
  [0xb7, MID_LETTER], // ·
  [0x27, MID_NUM_LET], // '
  [0x2e, MID_NUM_LET], // .
  [0x2c, MID_NUM], // ,
  [0x3b, MID_NUM], // ;
  [0x5f, EXTEND_NUM_LET], // _
  [0xaa, LETTER], // ª
  [0xb5, LETTER], // µ
  [0xba, LETTER], // º
  [0xd7, OTHER], // ×
  [0xf7, OTHER], // ÷
  [0xa9, UNKNOWN], // © (Extended_Pictographic)
  [0xae, UNKNOWN], // ® (Extended_Pictographic)
  [0xad, UNKNOWN], // soft hyphen (Format)
  [0xb8, UNKNOWN], // ¸ (a symbol, but ICU joins it to letters: left to the segmenter)
] as const) {
  LATIN[code] = cls;
}

function classOf(code: number): number {
  if (code < 0x250) return LATIN[code] ?? UNKNOWN;
  if (code === 0x2018 || code === 0x2019) return MID_NUM_LET; // ‘ ’
  if (code === 0x202f) return EXTEND_NUM_LET; // narrow no-break space
  if (
    (code >= 0x2010 && code <= 0x2015) || // ‐ ‑ ‒ – — ―
    (code >= 0x201a && code <= 0x2022) || // ‚ ‛ “ ” „ ‟ † ‡ •
    code === 0x2026 || // …
    code === 0x2030 || // ‰
    code === 0x2039 || // ‹
    code === 0x203a || // ›
    code === 0x20ac // €
  ) {
    return OTHER;
  }
  return UNKNOWN;
}

/** Whether the segmenter keeps `cls` (at i) in one segment with `prev` (at i-1), per UAX #29. */
function joins(beforePrev: number, prev: number, cls: number, next: number): boolean {
  const prevIsWord = prev === LETTER || prev === DIGIT;
  if (cls === LETTER || cls === DIGIT) {
    if (prevIsWord || prev === EXTEND_NUM_LET) return true; // WB5, WB8, WB9, WB10, WB13b
    if (cls === LETTER) {
      return beforePrev === LETTER && (prev === MID_LETTER || prev === MID_NUM_LET); // WB7
    }
    return beforePrev === DIGIT && (prev === MID_NUM || prev === MID_NUM_LET); // WB11
  }
  if (cls === EXTEND_NUM_LET) return prevIsWord || prev === EXTEND_NUM_LET; // WB13a
  if (cls === MID_LETTER || cls === MID_NUM_LET) {
    if (prev === LETTER && next === LETTER) return true; // WB6
  }
  if (cls === MID_NUM || cls === MID_NUM_LET) {
    if (prev === DIGIT && next === DIGIT) return true; // WB12
  }
  return false;
}

/**
 * The word-like segments of a text as Intl.Segmenter("fr", word) gives them, when every
 * character of the text is known here; -1 otherwise. `onWord` receives each one's bounds (the
 * property test compares them with the segmenter's). Exported for that test.
 */
export function scanWordSegments(text: string, onWord?: (start: number, end: number) => void): number {
  const n = text.length;
  if (n === 0) return 0;
  let words = 0;
  let beforePrev = OTHER; // the class at i-2; before the text, nothing that joins
  let prev = OTHER; // at i-1
  let cls = classOf(text.charCodeAt(0)); // at i
  if (cls === UNKNOWN) return -1;
  let start = 0; // of the current segment
  let hasWord = false; // the current segment holds a letter or a digit
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? classOf(text.charCodeAt(i + 1)) : OTHER;
    if (next === UNKNOWN) return -1;
    if (i > 0 && !joins(beforePrev, prev, cls, next)) {
      // Without a letter or digit, only `_` and the narrow no-break space join (each other).
      if (hasWord || (prev === EXTEND_NUM_LET && i - start >= 2)) {
        words++;
        onWord?.(start, i);
      }
      start = i;
      hasWord = false;
    }
    if (cls === LETTER || cls === DIGIT) hasWord = true;
    beforePrev = prev;
    prev = cls;
    cls = next;
  }
  if (hasWord || (prev === EXTEND_NUM_LET && n - start >= 2)) {
    words++;
    onWord?.(start, n);
  }
  return words;
}

/**
 * Number of word-like Unicode segments (UAX #29 with the French ICU data) in a text, markup and
 * all. Punctuation, spaces and emoji are not words; numbers are. Each piece is scanned here when
 * all its characters are known (see scanWordSegments), else read from Intl.Segmenter.
 */
export function countSegments(text: string): number {
  let words = 0;
  for (const piece of chunks(text)) {
    const scanned = scanWordSegments(piece);
    if (scanned >= 0) {
      words += scanned;
      continue;
    }
    for (const segment of wordSegmenter().segment(piece)) if (segment.isWordLike) words++;
  }
  return words;
}

/**
 * The words of a post for the 100-word rule (R-6.3, CONTRACT.md 5): the words of the author's own
 * text, outside the action block(s), `[arbitre]` blocks, quotes of someone else and code, counted
 * as word segments of `Intl.Segmenter("fr", { granularity: "word" })` (`isWordLike`).
 *
 * What the segmenter decides, the count follows, so players and referees can check it with any
 * browser:
 * - an elided article sticks to its word: `l'épée`, `l’arbitre`, `aujourd'hui` are one word each;
 * - a hyphen separates: `porte-monnaie` and `peut-être` are two words;
 * - a number is one word (`3,5` too); `—`, `…`, `«` are not words.
 *
 * @param plainText a post as returned by toPlainText (quotes and code still marked).
 */
export function countWords(plainText: string): number {
  return countSegments(scanPost(plainText).outside);
}
