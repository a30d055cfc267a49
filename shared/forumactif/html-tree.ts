/**
 * A small, forgiving HTML tree for reading Forumactif pages: elements with their attributes and
 * their place in the source, so that a message is returned exactly as the board wrote it
 * (`innerHtml` is a slice of the page, never re-serialised). Stray closing tags are ignored and
 * unclosed elements end where their parent ends, as browsers mostly do for forum markup.
 */

export interface HtmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly classes: readonly string[];
  /** Offsets in the source: the opening tag's start, the content's start and end, the closing tag's end. */
  readonly start: number;
  readonly innerStart: number;
  innerEnd: number;
  end: number;
  readonly children: HtmlNode[];
  readonly parent: HtmlElement | null;
}

export interface HtmlText {
  readonly name: "#text";
  readonly start: number;
  readonly end: number;
}

export type HtmlNode = HtmlElement | HtmlText;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Elements whose content is raw text up to their own closing tag. */
const RAW = new Set(["script", "style", "textarea", "title", "xmp"]);

/**
 * A comment, a doctype, or a tag with quoted attributes; bounded, and an unquoted `<` ends the
 * attempt, so that broken markup stays linear.
 */
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<![^>]{0,2000}>|<(\/?)([a-zA-Z][a-zA-Z0-9:-]{0,30})((?:[^<>"']|"[^"]{0,4000}"|'[^']{0,4000}'){0,500})\/?>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function parseAttributes(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(raw); m !== null; m = ATTRIBUTE.exec(raw)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!Object.hasOwn(attributes, name)) attributes[name] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attributes;
}

function element(
  name: string,
  raw: string,
  start: number,
  innerStart: number,
  parent: HtmlElement | null,
): HtmlElement {
  const attributes = parseAttributes(raw);
  return {
    name,
    attributes,
    classes: (attributes.class ?? "").split(/\s+/).filter((c) => c !== ""),
    start,
    innerStart,
    innerEnd: innerStart,
    end: innerStart,
    children: [],
    parent,
  };
}

/** The document's tree under a synthetic `#document` root spanning the whole source. */
export function parseHtml(html: string): HtmlElement {
  const root = element("#document", "", 0, 0, null);
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  let last = 0;
  const text = (end: number) => {
    if (end > last) top().children.push({ name: "#text", start: last, end });
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    text(m.index);
    last = TAG.lastIndex;
    const name = m[2]?.toLowerCase();
    if (name === undefined) continue; // comment or doctype
    if (m[1] === "/") {
      const index = stack.findLastIndex((open) => open.name === name);
      if (index <= 0) continue; // a closing tag with nothing open to close
      for (let i = stack.length - 1; i >= index; i--) {
        const open = stack[i];
        if (open === undefined) continue;
        // Elements left open inside the one closed here end where it ends.
        open.innerEnd = m.index;
        open.end = i === index ? TAG.lastIndex : m.index;
      }
      stack.length = index;
      continue;
    }
    const node = element(name, m[3] ?? "", m.index, TAG.lastIndex, top());
    top().children.push(node);
    if (VOID.has(name) || m[0].endsWith("/>")) {
      node.end = TAG.lastIndex;
      continue;
    }
    if (RAW.has(name)) {
      const close = new RegExp(`</${name}\\s*>`, "gi");
      close.lastIndex = TAG.lastIndex;
      const found = close.exec(html);
      node.innerEnd = found === null ? html.length : found.index;
      node.end = found === null ? html.length : close.lastIndex;
      last = node.end;
      TAG.lastIndex = node.end;
      continue;
    }
    stack.push(node);
  }
  text(html.length);
  for (const open of stack) {
    open.innerEnd = html.length;
    open.end = html.length;
  }
  return root;
}

/** Depth-first walk of an element's descendants, in document order (iterative: pages nest deep). */
export function* descendants(node: HtmlElement): Generator<HtmlElement> {
  const stack: HtmlElement[] = childElements(node).reverse();
  for (let el = stack.pop(); el !== undefined; el = stack.pop()) {
    yield el;
    const children = childElements(el);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child !== undefined) stack.push(child);
    }
  }
}

/** The element's children that are elements. */
export function childElements(node: HtmlElement): HtmlElement[] {
  return node.children.filter((child): child is HtmlElement => child.name !== "#text");
}

/** The source between the element's tags. */
export function innerHtml(html: string, node: HtmlElement): string {
  return html.slice(node.innerStart, node.innerEnd);
}
