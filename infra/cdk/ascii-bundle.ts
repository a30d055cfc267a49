import { readFileSync, writeFileSync } from "node:fs";

/**
 * A bundle made ASCII-only, its source map shifted to match. esbuild escapes every non-ASCII
 * character of strings, templates and identifiers, but leaves those of regular expression literals
 * as they are (the post's parsing has many: `[’‘ʼ]`, `[:：]`, `[«“"—–]`…). One such character makes
 * V8 hold the whole bundle as a two-byte string: a cold start then decodes it through UTF-8's slow
 * path into twice the memory. Written `\uXXXX` they mean the same in
 * a regular expression (with or without the `u` flag: a surrogate pair's two escapes are one code
 * point there), a string, an identifier or a comment, and the bundle decodes as one-byte text.
 *
 * The one place an escape would not mean the same is a tagged template's raw text (esbuild leaves
 * those characters too), and a regular expression's `source` shows the escape: test/infra/bundles.cases.ts
 * checks that every non-ASCII character esbuild leaves in a function's bundle is in a regular
 * expression literal, so that a module that starts putting one elsewhere is looked at.
 */

/** Base64 digits of the source map's VLQ numbers. */
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Map([...DIGITS].map((d, i) => [d, i]));

/** The first VLQ number of a segment and how many characters it took. */
function readVlq(segment: string): { value: number; length: number } {
  let result = 0;
  let shift = 0;
  for (let i = 0; i < segment.length; i++) {
    const digit = VALUE.get(segment.charAt(i));
    if (digit === undefined) throw new Error(`not a source map segment: ${segment}`);
    result += (digit & 31) * 2 ** shift;
    shift += 5;
    if ((digit & 32) === 0) {
      const negative = result % 2 === 1;
      const magnitude = Math.floor(result / 2);
      return { value: negative ? -magnitude : magnitude, length: i + 1 };
    }
  }
  throw new Error(`unterminated source map segment: ${segment}`);
}

function writeVlq(value: number): string {
  let rest = value < 0 ? -value * 2 + 1 : value * 2;
  let out = "";
  do {
    let digit = rest % 32;
    rest = Math.floor(rest / 32);
    if (rest > 0) digit += 32;
    out += DIGITS.charAt(digit);
  } while (rest > 0);
  return out;
}

/** Where a line grew: at each original column, the characters added before it. */
type Growth = readonly { readonly column: number; readonly added: number }[];

/** The generated columns of one line's mappings moved by what the line gained before each. */
function shiftLine(mappings: string, growth: Growth): string {
  if (growth.length === 0 || mappings === "") return mappings;
  let column = 0;
  let shifted = 0;
  let next = 0;
  let added = 0;
  return mappings
    .split(",")
    .map((segment) => {
      const { value, length } = readVlq(segment);
      column += value;
      while (next < growth.length && (growth[next]?.column ?? 0) < column) {
        added += growth[next]?.added ?? 0;
        next++;
      }
      const at = column + added;
      const out = writeVlq(at - shifted) + segment.slice(length);
      shifted = at;
      return out;
    })
    .join(",");
}

const unicodeEscape = (unit: number) => `\\u${unit.toString(16).padStart(4, "0")}`;

/** One line escaped, and where it grew. */
function escapeLine(line: string): { text: string; growth: Growth } {
  let text = "";
  const growth: { column: number; added: number }[] = [];
  let from = 0;
  for (let i = 0; i < line.length; i++) {
    const unit = line.charCodeAt(i);
    if (unit < 0x80) continue;
    // `\é` (an identity escape) becomes `\u00e9`, not `\\u00e9`: only the character is replaced.
    let backslashes = 0;
    while (line.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    const written = backslashes % 2 === 1 ? unicodeEscape(unit).slice(1) : unicodeEscape(unit);
    text += line.slice(from, i) + written;
    growth.push({ column: i, added: written.length - 1 });
    from = i + 1;
  }
  return { text: text + line.slice(from), growth };
}

/** What this reads of a source map (version 3); the rest is kept as it is. */
export interface SourceMapJson {
  readonly mappings: string;
}

/** The bundle's text with every non-ASCII character escaped, and its map's columns moved with it. */
export function asciiBundle<M extends SourceMapJson>(code: string, map?: M): { code: string; map?: M } {
  const lines = code.split("\n");
  const mapLines = map?.mappings.split(";");
  let changed = false;
  const out = lines.map((line, n) => {
    if (!/[\u0080-\uffff]/.test(line)) return line;
    changed = true;
    const { text, growth } = escapeLine(line);
    if (mapLines?.[n] !== undefined) mapLines[n] = shiftLine(mapLines[n] ?? "", growth);
    return text;
  });
  if (!changed) return { code, ...(map ? { map } : {}) };
  return {
    code: out.join("\n"),
    ...(map && mapLines ? { map: { ...map, mappings: mapLines.join(";") } } : {}),
  };
}

/** `file` (and `file.map` beside it) made ASCII-only in place. */
export function makeBundleAscii(file: string): void {
  const mapFile = `${file}.map`;
  let map: SourceMapJson | undefined;
  try {
    map = JSON.parse(readFileSync(mapFile, "utf8")) as SourceMapJson;
  } catch {
    map = undefined;
  }
  const result = asciiBundle(readFileSync(file, "utf8"), map);
  writeFileSync(file, result.code);
  if (result.map) writeFileSync(mapFile, JSON.stringify(result.map));
}
