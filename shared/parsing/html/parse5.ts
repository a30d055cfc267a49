/**
 * The project's one HTML reader: parse5, the WHATWG rules browsers follow, in its two forms.
 *
 * - `readTokens` streams the tokens of a fragment with their place in the source, without a tree:
 *   no implied end tags, no reparenting, so an unclosed tag or a stray `</div>` costs nothing and a
 *   post reads in one linear pass (html-text.ts).
 * - `parseDocument` builds the tree of a whole page as a browser does (forumactif/html-tree.ts).
 *
 * Only this module imports parse5, so both readers tokenize alike.
 */
import {
  type DefaultTreeAdapterMap,
  parse,
  type Token,
  type TokenHandler,
  Tokenizer,
  TokenizerMode,
  type TreeAdapter,
  type TreeAdapterTypeMap,
} from "parse5";

/** A start or end tag, as the tokenizer read it (names and attribute names in lower case). */
export interface HtmlTag {
  readonly name: string;
  readonly closing: boolean;
  /** Written `<… />`: only void and foreign elements honour it in HTML. */
  readonly selfClosing: boolean;
  /** Attributes in source order, values with character references decoded (see `attributeOf`). */
  readonly attributes: readonly { readonly name: string; readonly value: string }[];
  /** Where the tag sits in the source: `[start, end)`. */
  readonly start: number;
  readonly end: number;
}

/** What `readTokens` reports, in source order. Text is given by place: the caller slices the source. */
export interface HtmlTokenReader {
  /** Text in `[start, end)`, as written (character references not decoded). */
  text(start: number, end: number): void;
  /**
   * A tag. Returns whether it is read as an element: an element whose content is raw text
   * (`<style>`, `<script>`, `<title>`…) then has that content tokenized as text up to its end tag,
   * as a browser does; a start tag read as text changes nothing.
   */
  tag(tag: HtmlTag): boolean;
  /**
   * A comment, a doctype, or what a browser reads as a comment (`<!foo>`, `<?xml …?>`, `</3>`):
   * `comment` is true only for a real `<!-- … -->`.
   */
  markup(start: number, end: number, comment: boolean): void;
  /** The end of the source; `[unfinished, end)` is a tag left open at the end, dropped by browsers. */
  end(unfinished: number, end: number): void;
}

/** Elements whose content the tree builder has the tokenizer read as text (WHATWG "in body"). */
const TEXT_CONTENT: ReadonlyMap<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = new Map([
  ["title", TokenizerMode.RCDATA],
  ["textarea", TokenizerMode.RCDATA],
  ["style", TokenizerMode.RAWTEXT],
  ["xmp", TokenizerMode.RAWTEXT],
  ["iframe", TokenizerMode.RAWTEXT],
  ["noembed", TokenizerMode.RAWTEXT],
  ["noframes", TokenizerMode.RAWTEXT],
  // Scripting is on in every browser a forum is read in.
  ["noscript", TokenizerMode.RAWTEXT],
  ["script", TokenizerMode.SCRIPT_DATA],
  ["plaintext", TokenizerMode.PLAINTEXT],
]);

function tagOf(token: Token.TagToken, closing: boolean): HtmlTag {
  const location = token.location;
  return {
    name: token.tagName,
    closing,
    selfClosing: token.selfClosing,
    attributes: token.attrs,
    start: location?.startOffset ?? 0,
    end: location?.endOffset ?? 0,
  };
}

/** The value of the tag's attribute `name` (lower case), if it has one. */
export function attributeOf(tag: HtmlTag, name: string): string | undefined {
  for (const attribute of tag.attributes) if (attribute.name === name) return attribute.value;
  return undefined;
}

/**
 * Reads `html` token by token, in one linear pass, whatever the input: the tokenizer never throws
 * and keeps no stack of open elements.
 */
export function readTokens(html: string, reader: HtmlTokenReader): void {
  /** Where the last token the tokenizer finished ends: what follows at the end was dropped. */
  let read = 0;
  const markup = (token: Token.CommentToken | Token.DoctypeToken, comment: boolean) => {
    const start = token.location?.startOffset ?? read;
    read = token.location?.endOffset ?? read;
    reader.markup(start, read, comment && html.startsWith("<!--", start));
  };
  const text = (token: Token.CharacterToken) => {
    const start = token.location?.startOffset ?? read;
    read = Math.max(read, token.location?.endOffset ?? read);
    if (read > start) reader.text(start, read);
  };
  const handler: TokenHandler = {
    onStartTag(token) {
      read = token.location?.endOffset ?? read;
      const mode = TEXT_CONTENT.get(token.tagName);
      if (reader.tag(tagOf(token, false)) && mode !== undefined) tokenizer.state = mode;
    },
    onEndTag(token) {
      read = token.location?.endOffset ?? read;
      reader.tag(tagOf(token, true));
    },
    onComment: (token) => markup(token, true),
    onDoctype: (token) => markup(token, false),
    onCharacter: text,
    onNullCharacter: text,
    onWhitespaceCharacter: text,
    onEof() {
      reader.end(read, html.length);
    },
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(html, true);
}

/** The tree of a whole page, each node with its place in the source, built with `treeAdapter`. */
export function parseDocument<T extends TreeAdapterTypeMap = DefaultTreeAdapterMap>(
  html: string,
  treeAdapter: TreeAdapter<T>,
): T["document"] {
  return parse(html, { sourceCodeLocationInfo: true, treeAdapter });
}
