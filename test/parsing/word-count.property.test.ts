import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSegments, scanWordSegments } from "../../shared/parsing/word-count.js";

/*
 * countSegments scans text itself when it knows every character's Word_Break class, instead of
 * walking Intl.Segmenter's segments. These properties hold it to the segmenter, on whichever Node
 * (and ICU) runs the tests.
 */

const segmenter = new Intl.Segmenter("fr", { granularity: "word" });

/** The segmenter's word-like segments, as `start-end` joined by spaces. */
function segmenterWords(text: string): string {
  const words: string[] = [];
  for (const s of segmenter.segment(text))
    if (s.isWordLike) words.push(`${s.index}-${s.index + s.segment.length}`);
  return words.join(" ");
}

/** The scan's word-like segments, as segmenterWords writes them; null when it leaves the text to the segmenter. */
function scannedWords(text: string): string | null {
  const words: string[] = [];
  const count = scanWordSegments(text, (start, end) => words.push(`${start}-${end}`));
  if (count === -1) return null;
  if (count !== words.length) return `count ${count} for ${words.length} words`;
  return words.join(" ");
}

/** The texts among `texts` where the scan and the segmenter disagree (the first ten). */
function disagreements(texts: Iterable<string>): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const scanned = scannedWords(text);
    const expected = segmenterWords(text);
    if (scanned !== expected) found.push(`${JSON.stringify(text)}: scan ${scanned}, segmenter ${expected}`);
    if (found.length === 10) break;
  }
  return found;
}

/** countSegments as it was before the scan: the same pieces, every one through the segmenter. */
function segmenterCount(text: string): number {
  let words = 0;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + 1000, text.length);
    if (end < text.length) {
      const space = text.slice(start, end).search(/\s\S*$/);
      if (space > 0) end = start + space;
    }
    for (const s of segmenter.segment(text.slice(start, end))) if (s.isWordLike) words++;
    start = end;
  }
  return words;
}

/** One character of each class the scan knows (two for some), and two it does not. */
const REPRESENTATIVES = ["a", "é", "3", ":", ".", "’", ",", "_", "\u202f", " ", "\n", "-"];

/** Every string of `length` characters of `alphabet`. */
function* strings(alphabet: readonly string[], length: number): Generator<string> {
  if (length === 0) {
    yield "";
    return;
  }
  for (const head of alphabet) for (const tail of strings(alphabet, length - 1)) yield head + tail;
}

describe("R-6.3 word count without the segmenter", () => {
  it("every character the scan knows is in the class it is given, in every context", () => {
    const known: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (scanWordSegments(c) !== -1) known.push(c);
    }
    // ASCII, Latin-1 and Latin Extended-A and B, less what is left to the segmenter, and a few more.
    expect(known.length).toBeGreaterThan(550);
    function* contexts(): Generator<string> {
      for (const c of known) {
        yield* [c, c + c, c + c + c];
        for (const x of REPRESENTATIVES) {
          for (const y of REPRESENTATIVES) yield* [c + x + y, x + c + y, x + y + c];
        }
      }
    }
    expect(disagreements(contexts())).toEqual([]);
  });

  it("every string of up to 5 characters of the classes gives the segmenter's words", () => {
    const alphabet = ["a", "3", ":", ".", "'", ",", "_", "\u202f", " ", "\r", "\n", "!"];
    for (let length = 1; length <= 5; length++) expect(disagreements(strings(alphabet, length))).toEqual([]);
  });

  it("longer strings of the classes give the segmenter's words", () => {
    const alphabet = ["a", "Z", "ç", "œ", "3", "0", ":", "·", ".", "'", "‘", "’", ",", ";", "_", "\u202f"];
    const separators = [" ", "\u00a0", "\t", "\r\n", "\n", "-", "—", "«", "»", "!", "?", "…", "(", '"', "/"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet, ...separators), { maxLength: 60 }), (chars) => {
        const text = chars.join("");
        expect(scannedWords(text)).toBe(segmenterWords(text));
      }),
      { numRuns: 3000 },
    );
  });

  /** Pieces of French posts the scan reads itself: words, elisions, compounds, numbers, typography. */
  const FRENCH = [
    ...["l'épée", "l’arbitre", "aujourd’hui", "qu'il", "jusqu’au", "porte-monnaie", "peut-être", "Dubois"],
    ...["Incendio", "Œdipe", "cœur", "naïve", "Ÿ", "ÇA", "élèves", "Façade", "2e", "1er", "XIXe", "ſ", "ǅ"],
    ...[
      "3,5",
      "1 000",
      "1\u00a0000",
      "1\u202f000",
      "12:30",
      "12 h 30",
      "3.14",
      "50 %",
      "10€",
      "½",
      "²",
      "n°",
    ],
    ...[
      "«\u00a0",
      "\u00a0»",
      "«\u202f",
      "\u202f»",
      "\u202f!",
      "\u202f?",
      "\u202f;",
      " :",
      "…",
      "—",
      "–",
      " - ",
    ],
    ...[
      ".",
      ",",
      ";",
      ":",
      "!",
      "?",
      "'",
      "’",
      "‘",
      "“",
      "”",
      '"',
      "(",
      ")",
      "[",
      "]",
      "*",
      "/",
      "&",
      "#",
      "@",
    ],
    ...["_", "__", "\u202f\u202f", "a_b", "https://exemple.fr/a_b?c=1", "x.fr", "M.", "etc.", "p.ex.", "·"],
    ...[
      " ",
      "  ",
      "\n",
      "\r\n",
      "\t",
      "\u00a0",
      "\r",
      "\f",
      "\u0085",
      "×",
      "÷",
      "‰",
      "•",
      "†",
      "‹",
      "›",
      "‚",
    ],
  ];
  /** What the scan leaves to the segmenter: emoji, combining marks, format characters, other scripts. */
  const ELSEWHERE = [
    ...[
      "🔥",
      "👩‍🔬",
      "🇫🇷",
      "✨",
      "©",
      "®",
      "™",
      "e\u0301",
      "cafe\u0301",
      "\u00ad",
      "\u200b",
      "\u200d",
      "\u2028",
    ],
    ...[
      "א",
      'ש"ב',
      "カタカナ",
      "中文",
      "ไทย",
      "Ω",
      "π",
      "ж",
      "\u0308",
      "\ufeff",
      "\ud800",
      "¸",
      "\u2009",
      "\u2024",
    ],
  ];
  const KNOWN = [..."aeéèêàçœÆ_.:’'‘,;-0123456789 \u202f\u00a0\n"];

  /** A post: pieces and random runs of characters, up to a few thousand characters. */
  const postOf = (elsewhere: number) =>
    fc
      .array(
        fc.oneof(
          { weight: 10, arbitrary: fc.constantFrom(...FRENCH) },
          { weight: 4, arbitrary: fc.constantFrom(" ", " ", "\n", ", ", ". ") },
          { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...KNOWN), maxLength: 40 }) },
          { weight: elsewhere, arbitrary: fc.constantFrom(...ELSEWHERE) },
          { weight: elsewhere, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) },
          { weight: elsewhere, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
        ),
        { maxLength: 400, size: "max" },
      )
      .map((parts) => parts.join(""));

  it("generated French posts count as with the segmenter alone, scanned", () => {
    fc.assert(
      fc.property(postOf(0), (text) => {
        expect(scanWordSegments(text)).not.toBe(-1);
        expect(countSegments(text)).toBe(segmenterCount(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("generated posts with emoji, marks and other scripts count as with the segmenter alone", () => {
    fc.assert(
      fc.property(postOf(1), (text) => {
        expect(countSegments(text)).toBe(segmenterCount(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("long posts, cut in pieces of 1000 characters, count as with the segmenter alone", () => {
    const long = fc
      .tuple(
        postOf(0),
        fc.constantFrom("", "a".repeat(1500), "_".repeat(1200), "3,".repeat(800), "a\u202f".repeat(700)),
        postOf(0),
        postOf(1),
      )
      .map((parts) => parts.join(" ").repeat(2));
    fc.assert(
      fc.property(long, (text) => {
        expect(countSegments(text)).toBe(segmenterCount(text));
      }),
      { numRuns: 100 },
    );
  });

  it("scans a French post itself, and leaves one with an emoji to the segmenter", () => {
    const text =
      "L’élève s'avance, baguette levée : « Incendio ! » — 3,5 points d’écart, 12:30 passées… Peut-être.";
    expect(scanWordSegments(text)).toBe(13);
    expect(scannedWords(text)).toBe(segmenterWords(text));
    expect(scanWordSegments(`${text} 🔥`)).toBe(-1);
    expect(countSegments(`${text} 🔥`)).toBe(13);
  });
});
