import { stripBbcodeFormatting } from "./bbcode-text.js";
import { decodeEntities } from "./html-entities.js";
import { htmlToText } from "./html-text.js";
import { stripMarkdown } from "./markdown-text.js";
import type { PostFormat } from "./types.js";

/**
 * Spaces that look like a space but are not U+0020: no-break (U+00A0, typed before `:` in French),
 * narrow no-break (U+202F), figure (U+2007), the U+2000–U+200A family, Ogham, medium mathematical,
 * ideographic. `Sort\u00a0: Feu` must read like `Sort : Feu`.
 */
const UNICODE_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/** Invisible characters editors leave behind (zero-width space, BOM, word joiner). */
const INVISIBLE = /[\u200b\u2060\ufeff]/g;

/** Line breaks unified to `\n`, Unicode spaces to a plain space, invisible characters removed. */
export function normalizeSpaces(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(UNICODE_SPACES, " ")
    .replace(INVISIBLE, "");
}

function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, "").replace(/^ +/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A tag or a comment may be there: posts without `<` followed by a letter, `/` or `!` skip the pass. */
const MAY_HOLD_HTML = /<[a-zA-Z/!]/;

/** HTML embedded in a post of another format (an RP template, a `<span>`), read as HTML. */
function embeddedHtml(text: string): string {
  return MAY_HOLD_HTML.test(text) ? htmlToText(text, true) : text;
}

function convert(text: string, format: PostFormat): string {
  switch (format) {
    case "html":
      return htmlToText(text);
    case "markdown":
      return stripMarkdown(embeddedHtml(text));
    default:
      // `bbcode` and `text`, and any unexpected value a webhook might send: read as it is.
      return embeddedHtml(text);
  }
}

/**
 * A post as plain text, in any of the four formats of CONTRACT.md 4.1.
 *
 * - `html`: tags removed, `<br>` and block tags as line breaks, `<blockquote>` as `[quote]…[/quote]`
 *   and `<pre>`/`<code>` as `[code]…[/code]`; literal `[duel]` text is kept.
 * - `markdown`: emphasis, headings and links removed; `>` quote markers, fences and code spans kept.
 * - `bbcode`, `markdown` and `text`: HTML written in the post (RP templates) is read as in `html`,
 *   so that its tags, `<style>` and hidden elements are not words; other `<…>` stay text.
 * - `bbcode` and every other format: presentation tags (`[b]`, `[color=…]`, `[size=…]`, `[url=…]`…)
 *   removed, because forums mislabel formats and a `[color]` in an HTML or Markdown post is still
 *   decoration. `[duel]`, `[arbitre]`, `[quote…]` and `[code]` are always kept for the scanners.
 * - all: HTML entities decoded (`&eacute;`, `&#233;`, `&#xE9;`), CRLF to LF, Unicode spaces to a
 *   plain space, trailing spaces and runs of blank lines removed.
 *
 * Never throws, whatever the input.
 */
export function toPlainText(content: string, format: PostFormat): string {
  if (typeof content !== "string" || content.length === 0) return "";
  const converted = convert(normalizeSpaces(content), format);
  return tidy(normalizeSpaces(decodeEntities(stripBbcodeFormatting(converted))));
}
