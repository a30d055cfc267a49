/**
 * Board pages as a browser builds them: parse5 (through parsing/html/parse5.ts, the project's one
 * HTML reader: the WHATWG tree-building rules, implied end tags of `p`, `li`, `td`, tables,
 * misnested formatting) into domhandler nodes, so that css-select and domutils work on them, with
 * each element's place in the source, so that a message is returned
 * exactly as the board wrote it (`innerHtml` is a slice of the page, never re-serialised).
 *
 * Two bounds keep a hostile page (a duelist's message full of unbalanced tags) from costing more
 * than a real page: the tree-building rules scan the stack of open elements, so a page nested
 * thousands deep costs the square of its depth, and each element costs a few objects. A page
 * deeper or with more tags than any board writes is refused (`too_complex`) instead; browsers cap
 * the depth too.
 */
import { type AnyNode, type Document, type Element, isTag } from "domhandler";
import { adapter } from "parse5-htmlparser2-tree-adapter";
import { ForumactifPageError } from "../errors.js";
import { parseDocument } from "../parsing/html/parse5.js";

export type HtmlElement = Element;
export type HtmlNode = AnyNode;
export type HtmlDocument = Document;

/** Deeper than any board's page (themes nest a few dozen levels), shallow enough to stay linear. */
export const MAX_DEPTH = 400;
/** Start tags: the one real page captured (10 posts) has 3,200; 25 posts in rich role-play templates stay well under. */
export const MAX_TAGS = 20_000;

function guardedAdapter(): typeof adapter {
  const depths = new WeakMap<object, number>();
  const place = (parent: object, node: object) => {
    const depth = (depths.get(parent) ?? 0) + 1;
    if (depth > MAX_DEPTH) {
      throw new ForumactifPageError("too_complex", `the page nests elements more than ${MAX_DEPTH} deep`);
    }
    depths.set(node, depth);
  };
  return {
    ...adapter,
    appendChild(parent, node) {
      place(parent, node);
      adapter.appendChild(parent, node);
    },
    insertBefore(parent, node, reference) {
      place(parent, node);
      adapter.insertBefore(parent, node, reference);
    },
  };
}

function countTags(html: string): number {
  let count = 0;
  for (let at = html.indexOf("<"); at !== -1 && count <= MAX_TAGS; at = html.indexOf("<", at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20;
    if (next >= 0x61 && next <= 0x7a) count++;
  }
  return count;
}

/** The document's tree; throws ForumactifPageError `too_complex` beyond MAX_DEPTH or MAX_TAGS. */
export function parseHtml(html: string): HtmlDocument {
  if (countTags(html) > MAX_TAGS) {
    throw new ForumactifPageError("too_complex", `the page has more than ${MAX_TAGS} tags`);
  }
  return parseDocument(html, guardedAdapter());
}

/** Where a node sits in the source: its start, its content's start and end, its end. */
interface Span {
  readonly start: number;
  readonly innerStart: number;
  readonly innerEnd: number;
  readonly end: number;
}

/**
 * The node's span. Elements the tree builder made up (an implied `tbody`, a formatting element
 * reopened after misnesting) have no tags of their own: they span their children.
 */
export function spanOf(node: HtmlNode): Span {
  const loc = node.sourceCodeLocation;
  if (loc != null && loc.startOffset !== undefined && loc.endOffset !== undefined) {
    const startTag = "startTag" in loc ? loc.startTag : undefined;
    const endTag = "endTag" in loc ? loc.endTag : undefined;
    return {
      start: loc.startOffset,
      innerStart: startTag?.endOffset ?? loc.startOffset,
      innerEnd: endTag?.startOffset ?? loc.endOffset,
      end: loc.endOffset,
    };
  }
  const children = "children" in node ? node.children : [];
  const first = children[0];
  const last = children[children.length - 1];
  if (first === undefined || last === undefined) return { start: 0, innerStart: 0, innerEnd: 0, end: 0 };
  const start = spanOf(first).start;
  const end = spanOf(last).end;
  return { start, innerStart: start, innerEnd: end, end };
}

/** The whole document's span is the whole source. */
export function spanIn(html: string, node: HtmlNode): Span {
  return node.type === "root"
    ? { start: 0, innerStart: 0, innerEnd: html.length, end: html.length }
    : spanOf(node);
}

/** Depth-first walk of a node's descendant elements, in document order (iterative: pages nest deep). */
export function* descendants(node: HtmlNode): Generator<HtmlElement> {
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

/** The node's children that are elements (`<template>` content included, as the board wrote it). */
export function childElements(node: HtmlNode): HtmlElement[] {
  const children = "children" in node ? node.children : [];
  return children.filter(isTag);
}

/** The element's classes. */
export function classesOf(el: HtmlElement): string[] {
  return (el.attribs.class ?? "").split(/\s+/).filter((c) => c !== "");
}

/** The source between the element's tags. */
export function innerHtml(html: string, node: HtmlNode): string {
  const span = spanIn(html, node);
  return html.slice(span.innerStart, span.innerEnd);
}

/** True when `inner` is `outer` or one of its descendants. */
export function isWithin(inner: HtmlNode, outer: HtmlNode): boolean {
  for (let node: HtmlNode | null = inner; node !== null; node = node.parent) if (node === outer) return true;
  return false;
}
