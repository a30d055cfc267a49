/**
 * BBCode formatting removed, structure kept. `[duel]`, `[arbitre]`, `[quote]` and `[code]` stay
 * as they are, because the post-structure scanner needs them; every presentation tag goes, so
 * that `[color=red]Sort :[/color] Incendio` reads as `Sort : Incendio`.
 */

/** Tags that only change how text looks; their content is text. */
const INLINE_TAGS = [
  "b",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "ins",
  "em",
  "strong",
  "color",
  "colour",
  "size",
  "font",
  "face",
  "url",
  "email",
  "spoiler",
  "hide",
  "sub",
  "sup",
  "highlight",
  "glow",
  "shadow",
  "blur",
  "abbr",
  "acronym",
  "span",
  "tt",
  "mark",
  "bgcolor",
  "background",
  // XenForo: a mention, text without BBCode.
  "user",
  "plain",
];

/** Tags that lay text out in blocks; they become line breaks so a block's lines stay apart. */
const BLOCK_TAGS = [
  "center",
  "centre",
  "left",
  "right",
  "justify",
  "align",
  "indent",
  "float",
  "list",
  "\\*",
  "li",
  "hr",
  "br",
  "p",
  "div",
  "table",
  "tr",
  "fieldset",
  "legend",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  // XenForo and Discourse: titled sections whose text is shown.
  "heading",
  "details",
];

/** A tag name is followed by `]`, `=value`, ` attr=…` or phpBB's `:uid`; never by more letters. */
const tagPattern = (names: readonly string[]): RegExp =>
  new RegExp(`\\[\\/?(?:${names.join("|")})(?:[=: ][^\\]\\n]{0,500})?\\]`, "gi");

const INLINE = tagPattern(INLINE_TAGS);
/** Block tags, and table cells: a cell starts with a tab, as in HTML (html-text.ts), for recap.ts. */
const BLOCK = tagPattern([...BLOCK_TAGS, "td", "th"]);
const CELL = /^\[(?:td|th)\b/i;
/** Images and embeds carry a URL, not words. */
const MEDIA =
  /\[(img|youtube|video|media|flash|audio)(?:[=: ][^\]\n]{0,500})?\][^[]{0,2000}\[\/\1(?::[^\]\n]{0,50})?\]/gi;

/** A line break between a cell's closing tag and the next cell's opening tag. */
const BETWEEN_CELLS = /(\[\/t[dh]\])[ \t]*\n\s*(?=\[t[dh][\]=: ])/gi;

/**
 * A table row's cells are one line, whatever line breaks its source has between them (the recap
 * reader reads rows); a cell's own text keeps its lines.
 */
function oneLinePerRow(text: string): string {
  return text.replace(BETWEEN_CELLS, "$1 ");
}

/**
 * Removes BBCode presentation tags (`[b] [i] [u] [s] [color=…] [size=…] [font=…] [center]
 * [url=…]`…), keeping their text; images are dropped; structural tags are kept.
 */
export function stripBbcodeFormatting(text: string): string {
  if (!text.includes("[")) return text;
  return oneLinePerRow(text)
    .replace(MEDIA, "")
    .replace(BLOCK, (tag) => (CELL.test(tag) ? "\t" : /^\[\/(?:td|th)\b/i.test(tag) ? "" : "\n"))
    .replace(INLINE, "");
}
