import { normalizeKey } from "./normalize.js";

/**
 * Finds, in a post's plain text (see plain-text.ts), what belongs to its author and what does not.
 * Quotes of someone else (`[quote]`, `[quote="Bob"]`, HTML blockquotes turned into `[quote]`,
 * Markdown `>` lines) and code (`[code]`, fences, `` `spans` ``) are not the author's words, and an
 * action block inside them is not the author's action.
 */

/** The tagged blocks a post can hold: a duelist's action, a referee's commands. */
export type BlockTag = "duel" | "arbitre";

/** A post split into what the author wrote and what they only quoted. */
export interface PostStructure {
  /** Bodies (between the tags) of the author's blocks, in order; not those inside quotes or code. */
  readonly blocks: readonly { readonly tag: BlockTag; readonly body: string }[];
  /** The author's own text: blocks, quotes and code removed (each replaced by a line break). */
  readonly outside: string;
}

/**
 * One alternation, scanned left to right: a structural BBCode tag (group 1: `/`, group 2: name),
 * a fence line (group 3), a `>` quote line, or an inline code span (group 4).
 * `>` lines are quotes in every format: after HTML decoding a line starting with `&gt;` is a quote
 * typed by hand, and French dialogue never starts with `>`.
 */
const TOKEN =
  /\[[ \t]*(\/?)[ \t]*(quote|code|duel|arbitre)(?:[=: ][^\]\n]{0,500})?[ \t]*\]|^[ \t]*(`{3,}|~{3,})[^\n]*$|^[ \t]*>[^\n]*$|(`+)[^`\n]+\4/gim;
const STRAY_TAG = /\[[ \t]*\/?[ \t]*(?:quote|code|duel|arbitre)(?:[=: ][^\]\n]{0,500})?[ \t]*\]/gi;
/** Any quote tag, wherever it stands (group 1: `/` of a closing one). */
const QUOTE_TAG = /\[[ \t]*(\/?)[ \t]*quote(?:[=: ][^\]\n]{0,500})?[ \t]*\]/gi;

/**
 * From the first opening quote tag to the end of the last closing one, wherever they stand (in
 * code, or closing nothing), or to the end of the post when a quote is left open; null when the
 * post opens no quote.
 *
 * Someone quoted whole brings their text between the quoter's tags, quote tags included: a stray
 * `[/quote]` in it closes the quote early and what follows reads as the quoter's own, an opening
 * `[quote]` after it (or a code fence) swallows the quoter's real closing tag. Told apart from the
 * quoter's own tags by nothing in the text, so no block in this span is the author's: whatever
 * the quoted text does with tags, it stays inside it. The author's blocks stand before the first
 * quote or after the last.
 */
function quotedSpan(text: string): readonly [number, number] | null {
  let first: number | null = null;
  let lastEnd: number | null = null;
  let depth = 0;
  QUOTE_TAG.lastIndex = 0;
  for (let m = QUOTE_TAG.exec(text); m !== null; m = QUOTE_TAG.exec(text)) {
    if (m[1] !== "/") {
      first ??= m.index;
      depth++;
    } else if (first !== null) {
      lastEnd = m.index + m[0].length;
      depth = Math.max(0, depth - 1);
    }
  }
  if (first === null) return null;
  // More quotes opened than closed: the last one left open runs to the end of the post.
  if (depth > 0 || lastEnd === null) return [first, text.length];
  return [first, lastEnd];
}

type Mode =
  | { readonly kind: "author" }
  | {
      readonly kind: "quote";
      readonly start: number;
      readonly bodyStart: number;
      readonly title: string;
      depth: number;
    }
  | { readonly kind: "code"; readonly start: number; readonly fence: string | null }
  | { readonly kind: "block"; readonly tag: BlockTag; readonly start: number; readonly bodyStart: number };

const AUTHOR: Mode = { kind: "author" };

/**
 * Splits a post's plain text into the author's blocks and the author's own text.
 *
 * Quotes nest (`[quote]` in `[quote]`); code does not (nothing inside code is structure); inside
 * an open block only its closing tag counts. An unclosed quote, code or block runs to the end of
 * the post: the author forgot to close it, and guessing where it stops would be worse. A closing
 * tag outside any quote closes nothing. No block between the first quote and the last closing
 * quote tag is the author's (`quotedSpan`: a quoted text cannot close its quote early).
 */
export function scanPost(text: string): PostStructure {
  const whole = scan(text);
  const quoted = quotedSpan(text);
  if (quoted === null) return whole;
  // The blocks before the quoted span and after it, each piece scanned on its own: what the quoted
  // text leaves open (a block, code, a quote) does not reach the author's text after it.
  const blocks = [...scan(text.slice(0, quoted[0])).blocks, ...scan(text.slice(quoted[1])).blocks];
  return { blocks, outside: whole.outside };
}

function scan(text: string): PostStructure {
  const blocks: { tag: BlockTag; body: string }[] = [];
  const hidden: [number, number][] = [];
  let mode: Mode = AUTHOR;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    if (m[0].length === 0) {
      TOKEN.lastIndex++;
      continue;
    }
    const start = m.index;
    const end = start + m[0].length;
    const name = m[2]?.toLowerCase();
    const closing = m[1] === "/";
    const fence = m[3];
    if (mode.kind === "code") {
      const closesFence = mode.fence !== null && fence !== undefined && fence[0] === mode.fence[0];
      if ((mode.fence === null && name === "code" && closing) || closesFence) {
        hidden.push([mode.start, end]);
        mode = AUTHOR;
      }
    } else if (mode.kind === "quote") {
      if (name === "quote") mode.depth += closing ? -1 : 1;
      if (mode.depth === 0) {
        const recapUntil = ownRecapBody(text, mode.title, mode.bodyStart, start);
        if (recapUntil === null) hidden.push([mode.start, end]);
        else hidden.push([mode.start, recapUntil], [start, end]);
        mode = AUTHOR;
      }
    } else if (mode.kind === "block") {
      if (name === mode.tag) {
        blocks.push({ tag: mode.tag, body: text.slice(mode.bodyStart, start) });
        hidden.push([mode.start, end]);
        // A second opening tag while a block is open: the first was left unclosed; start anew.
        mode = closing ? AUTHOR : { kind: "block", tag: mode.tag, start, bodyStart: end };
      }
    } else if (name === "quote" && !closing) {
      mode = { kind: "quote", start, bodyStart: end, title: m[0], depth: 1 };
    } else if (name === "code" && !closing) {
      mode = { kind: "code", start, fence: null };
    } else if ((name === "duel" || name === "arbitre") && !closing) {
      mode = { kind: "block", tag: name, start, bodyStart: end };
    } else if (fence !== undefined) {
      mode = { kind: "code", start, fence };
    } else if (name === undefined) {
      hidden.push([start, end]); // a `>` line or a code span
    }
  }
  if (mode.kind === "block") blocks.push({ tag: mode.tag, body: text.slice(mode.bodyStart) });
  if (mode.kind !== "author") hidden.push([mode.start, text.length]);
  return { blocks, outside: removeRanges(text, hidden).replace(STRAY_TAG, " ") };
}

/**
 * A quote titled as a recap (`[quote="Récapitulatif"]`, or a first line `Récap :` or `Récapitulatif
 * a écrit :`, as Forumactif renders a titled quote) is the author's own recap put in a frame, not
 * someone else's words. Where its text starts (after a title line), or null for any other quote.
 */
function ownRecapBody(text: string, tag: string, bodyStart: number, bodyEnd: number): number | null {
  if (RECAP_TITLE.test(normalizeKey(tag.replace(/^\[[ \t]*quote[=: ]?|\]$/gi, "")))) return bodyStart;
  const body = text.slice(bodyStart, Math.min(bodyEnd, bodyStart + 200));
  const firstLine = /^\s*([^\n]*)/.exec(body)?.[1] ?? "";
  const title = normalizeKey(firstLine.replace(/\s(?:a [ée]crit|wrote)\s*:?\s*$|[:：]\s*$/i, ""));
  return RECAP_TITLE.test(title) ? bodyStart + body.indexOf(firstLine) + firstLine.length : null;
}

/** Titles duelists give their recap. */
const RECAP_TITLE = /^(?:hrp )?(?:recap|recapitulatif|resume)(?: hrp| de l'action| du tour| de mon tour)?$/;

/** The text without the given ranges (in order, not overlapping), each replaced by a line break. */
export function removeRanges(text: string, ranges: readonly (readonly [number, number])[]): string {
  let out = "";
  let last = 0;
  for (const [start, end] of ranges) {
    out += `${text.slice(last, start)}\n`;
    last = end;
  }
  return out + text.slice(last);
}
