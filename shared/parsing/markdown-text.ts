/**
 * Markdown emphasis, headings and links removed; blockquote `>` markers, code fences and inline
 * code spans kept as written, because the post-structure scanner reads them as quotes and code.
 */

/** Backslash escapes are swapped for private-use characters while the rest is rewritten. */
const ESCAPE_BASE = 0xe000;
const ESCAPABLE = /\\([\\`*_{}[\]()#+\-.!>~|])/g;
const ESCAPED = /[\ue000-\ue07f]/g;

const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`\n]+\1/g;
const EMOJI_SHORTCODE = /(?<![\p{L}\p{N}:]):[a-z0-9_+-]{2,40}:(?![\p{L}\p{N}])/gu;

function rewriteInline(text: string): string {
  return (
    text
      // Images keep their alt text and links their label: the URL is not part of the story.
      .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
      .replace(/\[([^\]\n]+)\]\([^)\n]*\)/g, "$1")
      .replace(/<(https?:\/\/[^>\s]+)>/g, "$1")
      .replace(/<br\s*\/?>/gi, "\n")
      // Emoji shortcodes (`:fire:`, `:crossed_swords:`) are pictures on Discourse, not words.
      .replace(EMOJI_SHORTCODE, "")
      .replace(/\*\*|__|~~/g, "")
      // A lone `*` or `_` is emphasis when it touches a word; `2 * 3` and snake_case stay.
      .replace(/\*(?=\S)|(?<=\S)\*/g, "")
      .replace(/(?<![\p{L}\p{N}])_(?=\S)|(?<=\S)_(?![\p{L}\p{N}])/gu, "")
  );
}

/** Rewrites a line outside fences, leaving inline code spans untouched. */
function rewriteLine(line: string): string {
  const heading = /^[ \t]{0,3}#{1,6}(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
  let body = heading ? (heading[1] ?? "") : line;
  // Setext underlines and horizontal rules are decoration.
  if (/^[ \t]*(?:[=]{3,}|[-*_](?:[ \t]*[-*_]){2,})[ \t]*$/.test(body)) return "";
  // List bullets become `-` so a lone `*` bullet is not taken for emphasis.
  body = body.replace(/^([ \t>]*)[*+][ \t]+/, "$1- ");
  let out = "";
  let last = 0;
  CODE_SPAN.lastIndex = 0;
  for (let m = CODE_SPAN.exec(body); m !== null; m = CODE_SPAN.exec(body)) {
    out += rewriteInline(body.slice(last, m.index)) + m[0];
    last = CODE_SPAN.lastIndex;
  }
  return out + rewriteInline(body.slice(last));
}

/**
 * Removes Markdown presentation: `**bold**`, `*italic*`, `_italic_`, `~~struck~~`, `# headings`,
 * `[label](url)` links and images; `\*` escapes stay literal. Quote markers, fences and code spans
 * are kept so that quotes and code can still be told apart from the author's text.
 */
export function stripMarkdown(text: string): string {
  const escaped = text.replace(ESCAPABLE, (_, c: string) =>
    String.fromCharCode(ESCAPE_BASE + c.charCodeAt(0)),
  );
  const lines = escaped.split("\n");
  let fence: string | null = null;
  const out = lines.map((line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return line;
    }
    if (marker !== undefined) {
      fence = marker;
      return line;
    }
    return rewriteLine(line);
  });
  return out.join("\n").replace(ESCAPED, (c) => String.fromCharCode(c.charCodeAt(0) - ESCAPE_BASE));
}
