/**
 * HTML to text with the post's structure kept as BBCode markers: `<blockquote>` (and Discourse's
 * `<aside class="quote">`) become `[quote]…[/quote]`, `<pre>`/`<code>` become `[code]…[/code]`,
 * so that one scanner (post-structure.ts) finds quotes, code and action blocks in every format.
 * Entities are not decoded here: decoding after the tags are gone keeps `&lt;b&gt;` as text.
 */

/** A comment, or a tag with quoted attributes; bounded so that a broken `<a href="…` stays linear. */
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,30})((?:[^>"']|"[^"]{0,2000}"|'[^']{0,2000}'){0,500})\/?>/g;

/** Tags whose content is never text. */
const SKIPPED = new Set(["script", "style", "template", "head", "title", "noscript", "svg"]);

/** Tags that start a new line where they open and close. */
const BLOCKS = new Set([
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "section",
  "article",
  "header",
  "footer",
  "nav",
  "main",
  "figure",
  "figcaption",
  "details",
  "summary",
  "hr",
  "center",
  "fieldset",
  "legend",
  "address",
  // Forumactif titles a quote with `<cite>Bob a écrit:</cite>` right before its text.
  "cite",
]);

/**
 * Elements of HTML, for posts in another format: there only these are read as tags, so that a
 * `<Bob>` or a `<3` typed in a BBCode post stays text.
 */
const ELEMENTS = new Set([
  ...BLOCKS,
  ...SKIPPED,
  ...["a", "abbr", "aside", "audio", "b", "base", "bdi", "bdo", "big", "blockquote", "body", "br"],
  ...["button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "del", "dfn", "em"],
  ...["embed", "font", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "link", "mark"],
  ...["marquee", "meta", "object", "picture", "pre", "q", "s", "samp", "small", "source", "span"],
  ...["strike", "strong", "sub", "sup", "td", "th", "time", "tt", "u", "var", "video", "wbr"],
]);

/** Elements without content: hiding one hides nothing after it. */
const VOID = new Set(["br", "img", "hr", "input", "meta", "link", "wbr", "col", "source", "embed", "base"]);

/** An inline style that hides the element (`style="display: none"`): its text is not shown. */
const HIDDEN = /\bstyle\s*=\s*(?:"[^"]*|'[^']*|[^\s>]*)\bdisplay\s*:\s*none\b/i;
/** A spoiler is hidden until the reader opens it: its text is the author's, shown on a click. */
const SPOILER = /\bclass\s*=\s*["']?[^"'>]*spoiler/i;

/** Where the element opened at `from` (the end of its opening tag) closes: after its end tag. */
function endOfElement(html: string, from: number, name: string): number {
  const tag = new RegExp(`<(/?)${name}\\b(?:[^>"']|"[^"]{0,2000}"|'[^']{0,2000}'){0,500}>`, "gi");
  tag.lastIndex = from;
  let depth = 1;
  for (let m = tag.exec(html); m !== null; m = tag.exec(html)) {
    if (m[0].endsWith("/>")) continue;
    depth += m[1] === "/" ? -1 : 1;
    if (depth === 0) return tag.lastIndex;
  }
  return html.length;
}

/** State of the walk: which open `<aside>` were quotes, how deep inside `<pre>`. */
interface Walk {
  out: string;
  asides: boolean[];
  preDepth: number;
  /** How deep inside `<tr>`: a row's cells are one line, whatever line breaks its source has. */
  rowDepth: number;
}

function onTag(walk: Walk, closing: boolean, name: string, attributes: string): void {
  if (name === "br") {
    walk.out += "\n";
  } else if (name === "blockquote") {
    walk.out += closing ? "\n[/quote]\n" : "\n[quote]\n";
  } else if (name === "aside") {
    // Discourse wraps a quote in <aside class="quote"> with the quoted author's name in a title
    // div outside the <blockquote>; the whole aside is the quote, not the author's text.
    if (closing) walk.out += walk.asides.pop() ? "\n[/quote]\n" : "\n";
    else {
      const isQuote = /\bclass\s*=\s*["']?[^"'>]*\bquote\b/i.test(attributes);
      walk.asides.push(isQuote);
      walk.out += isQuote ? "\n[quote]\n" : "\n";
    }
  } else if (name === "pre") {
    walk.preDepth = Math.max(0, walk.preDepth + (closing ? -1 : 1));
    walk.out += closing ? "\n[/code]\n" : "\n[code]\n";
  } else if (name === "code") {
    if (walk.preDepth === 0) walk.out += closing ? "[/code]" : "[code]";
  } else if (name === "tr") {
    walk.rowDepth = Math.max(0, walk.rowDepth + (closing ? -1 : 1));
    walk.out += "\n";
  } else if (name === "td" || name === "th") {
    // A cell starts with a tab: the recap reader (recap.ts) pairs a key cell with the next cell.
    if (!closing) walk.out += "\t";
  } else if (BLOCKS.has(name)) {
    walk.out += "\n";
  }
}

/**
 * Text between tags: spaces collapse outside `<pre>`; in a table row, the line breaks of the
 * source between two tags go too, so that a row's cells stay on one line (a cell's own text keeps
 * its lines: templates hold a whole post in one cell).
 */
function textOf(walk: Walk, raw: string): string {
  if (walk.preDepth > 0) return raw;
  return walk.rowDepth > 0 && /^\s*$/.test(raw) ? (raw === "" ? "" : " ") : raw.replace(/[ \t]+/g, " ");
}

/**
 * The text of an HTML fragment: tags removed, `<br>` and block tags as line breaks, table cells
 * starting with a tab, quotes and code as `[quote]`/`[code]` markers. `<style>`, `<script>`,
 * comments and elements hidden by an inline `display: none` are not text. Source line breaks are
 * kept (forums send `<br>\n`, and a block typed without `<br>` must still read line by line); runs
 * of spaces collapse outside `<pre>`.
 *
 * @param embedded the HTML is embedded in a post of another format (BBCode, Markdown, text): only
 *   the elements of HTML are tags there, anything else in angle brackets is text.
 */
export function htmlToText(html: string, embedded = false): string {
  const walk: Walk = { out: "", asides: [], preDepth: 0, rowDepth: 0 };
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const raw = html.slice(last, m.index);
    walk.out += textOf(walk, raw);
    last = TAG.lastIndex;
    const name = m[2]?.toLowerCase();
    if (name === undefined) continue; // a comment
    if (embedded && !ELEMENTS.has(name)) {
      walk.out += m[0];
      continue;
    }
    const closing = m[1] === "/";
    const attributes = m[3] ?? "";
    if (!closing && SKIPPED.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, "gi");
      end.lastIndex = last;
      last = end.exec(html) === null ? html.length : end.lastIndex;
      TAG.lastIndex = last;
      continue;
    }
    if (!closing && HIDDEN.test(attributes) && !SPOILER.test(attributes)) {
      if (!VOID.has(name) && !m[0].endsWith("/>")) last = endOfElement(html, last, name);
      TAG.lastIndex = last;
      continue;
    }
    onTag(walk, closing, name, attributes);
  }
  const rest = html.slice(last);
  walk.out += textOf(walk, rest);
  return walk.out;
}
