/**
 * HTML to text with the post's structure kept as BBCode markers: `<blockquote>` (and Discourse's
 * `<aside class="quote">`) become `[quote]…[/quote]`, `<pre>`/`<code>` become `[code]…[/code]`,
 * so that one scanner (post-structure.ts) finds quotes, code and action blocks in every format.
 * Entities are not decoded here: decoding after the tags are gone keeps `&lt;b&gt;` as text.
 *
 * Tags are read by parse5's tokenizer (html/parse5.ts), as a browser reads them, but without a tree:
 * an unclosed tag or a stray end tag changes nothing around it.
 */
import { attributeOf, type HtmlTag, readTokens } from "./html/parse5.js";

/** Tags whose content is never text. */
const SKIPPED = new Set([
  ...["script", "style", "template", "head", "title", "noscript", "svg"],
  // Browsers show an iframe's page, never what is written between its tags.
  ...["iframe", "noembed", "noframes"],
]);

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
const HIDDEN = /(?:^|[;\s])display\s*:\s*none\b/i;
/** A spoiler is hidden until the reader opens it: its text is the author's, shown on a click. */
const SPOILER = /spoiler/i;

/** State of the walk: which open `<aside>` were quotes, how deep inside `<pre>`. */
interface Walk {
  out: string;
  asides: boolean[];
  preDepth: number;
  /** How deep inside `<tr>`: a row's cells are one line, whatever line breaks its source has. */
  rowDepth: number;
}

function onTag(walk: Walk, tag: HtmlTag): void {
  const { name, closing } = tag;
  if (name === "br") {
    walk.out += "\n";
  } else if (name === "blockquote") {
    walk.out += closing ? "\n[/quote]\n" : "\n[quote]\n";
  } else if (name === "aside") {
    // Discourse wraps a quote in <aside class="quote"> with the quoted author's name in a title
    // div outside the <blockquote>; the whole aside is the quote, not the author's text.
    if (closing) walk.out += walk.asides.pop() ? "\n[/quote]\n" : "\n";
    else {
      const isQuote = /\bquote\b/i.test(attributeOf(tag, "class") ?? "");
      walk.asides.push(isQuote);
      walk.out += isQuote ? "\n[quote]\n" : "\n";
    }
  } else if (name === "pre" || name === "textarea") {
    // A textarea shows its content as written, tags included: code, as in a `<pre>`.
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
  /** The element whose content is not text (skipped or hidden), and how many of its name are open. */
  let skipped: { name: string; depth: number } | undefined;
  const verbatim = (start: number, end: number) => {
    if (skipped === undefined) walk.out += html.slice(start, end);
  };
  // Text arrives in runs (spaces apart from words): a run between two tags is read as one.
  let textStart = 0;
  let textEnd = 0;
  const flushText = () => {
    if (textEnd > textStart && skipped === undefined)
      walk.out += textOf(walk, html.slice(textStart, textEnd));
    textStart = textEnd;
  };
  readTokens(html, {
    text(start, end) {
      if (start !== textEnd) textStart = start;
      textEnd = end;
    },
    tag(tag) {
      flushText();
      if (embedded && !ELEMENTS.has(tag.name)) {
        verbatim(tag.start, tag.end);
        return false;
      }
      if (skipped !== undefined) {
        if (tag.name === skipped.name && !tag.selfClosing) skipped.depth += tag.closing ? -1 : 1;
        if (skipped.depth === 0) skipped = undefined;
      } else if (!tag.closing && hides(tag)) {
        skipped = { name: tag.name, depth: 1 };
      } else {
        onTag(walk, tag);
      }
      return true;
    },
    markup(start, end, comment) {
      flushText();
      // In a post of another format, only a real comment is markup: `<!foo>` or `</3>` stay text.
      if (embedded && !comment) verbatim(start, end);
    },
    end(unfinished, end) {
      flushText();
      // A browser drops a tag left open at the end; in another format, `<b` unfinished is text.
      if (embedded) verbatim(unfinished, end);
    },
  });
  return walk.out;
}

/** Whether the element opened by `tag` shows no text: `<style>`, `<script>`…, or hidden inline. */
function hides(tag: HtmlTag): boolean {
  // `<svg/>` is an empty drawing: foreign elements honour `/>`, HTML ones do not.
  if (SKIPPED.has(tag.name)) return !(tag.name === "svg" && tag.selfClosing);
  if (VOID.has(tag.name) || tag.selfClosing) return false;
  return HIDDEN.test(attributeOf(tag, "style") ?? "") && !SPOILER.test(attributeOf(tag, "class") ?? "");
}
