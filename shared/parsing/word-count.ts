import { scanPost } from "./post-structure.js";

/**
 * One segmenter for the process: building one per post would cost more than counting. Built on
 * first use, not at import: the first one loads ICU's word-break data (about 10 ms), which a
 * cold start that counts no words (a delivery for a thread that is not a duel, a timer, the
 * relay) need not pay.
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

/**
 * Number of word-like Unicode segments (UAX #29 with the French ICU data) in a text, markup and
 * all. Punctuation, spaces and emoji are not words; numbers are.
 */
export function countSegments(text: string): number {
  let words = 0;
  for (const piece of chunks(text)) {
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
