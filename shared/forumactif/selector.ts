/**
 * CSS selectors over the page tree (css-select), for the template table and a forum's own
 * `source.markup`. One pseudo-class of ours: `:bare`, an element without any attribute, as the
 * templates' own `<div>{MESSAGE}</div>` wrappers are.
 */
import { compile, selectAll as cssSelectAll, is, selectOne } from "css-select";
import type { HtmlElement, HtmlNode } from "./html-tree.js";

const OPTIONS = {
  pseudos: { bare: (el: HtmlElement) => Object.keys(el.attribs).length === 0 },
};

/** Every element under `root` matching `selector`, in document order. */
export function selectAll(root: HtmlNode, selector: string): HtmlElement[] {
  return cssSelectAll<HtmlNode, HtmlElement>(selector, root, OPTIONS);
}

/** The first element under `root` matching `selector`, or null. */
export function selectFirst(root: HtmlNode, selector: string): HtmlElement | null {
  return selectOne<HtmlNode, HtmlElement>(selector, root, OPTIONS);
}

/** True when `el` itself matches the selector. */
export function isMatch(el: HtmlElement, selector: string): boolean {
  return is<HtmlNode, HtmlElement>(el, selector, OPTIONS);
}

/** Null when `selector` is a selector css-select reads, else why not (for a forum's settings). */
export function selectorProblem(selector: string): string | null {
  try {
    compile(selector, OPTIONS);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
