/**
 * A very small CSS selector subset for the template table: compounds of a tag, classes and an id
 * (`div.postbody`, `#p12`, `.post-entry`, `div:bare` for an attribute-less element), joined by descendant (` `) or child (`>`) steps.
 * Enough to name where each template puts a post's parts, and nothing more.
 */
import { childElements, descendants, type HtmlElement } from "./html-tree.js";

interface Compound {
  readonly tag: string | null;
  readonly classes: readonly string[];
  readonly id: string | null;
  /** `:bare`: an element without any attribute, as the templates' own MESSAGE wrappers are. */
  readonly bare: boolean;
}

interface Step {
  readonly compound: Compound;
  /** True when the step is a direct child (`>`) of the previous one. */
  readonly child: boolean;
}

function parseCompound(text: string): Compound {
  const match = /^([a-z][a-z0-9]*)?((?:[.#][a-zA-Z0-9_-]+)*)(:bare)?$/.exec(text);
  if (match === null) throw new SyntaxError(`unsupported selector part: ${text}`);
  const classes: string[] = [];
  let id: string | null = null;
  for (const part of (match[2] ?? "").match(/[.#][a-zA-Z0-9_-]+/g) ?? []) {
    if (part.startsWith(".")) classes.push(part.slice(1));
    else id = part.slice(1);
  }
  return { tag: match[1] ?? null, classes, id, bare: match[3] !== undefined };
}

function parse(selector: string): readonly Step[] {
  const steps: Step[] = [];
  let child = false;
  for (const part of selector.replace(/>/g, " > ").trim().split(/\s+/)) {
    if (part === ">") {
      child = true;
      continue;
    }
    steps.push({ compound: parseCompound(part), child });
    child = false;
  }
  return steps;
}

function matches(el: HtmlElement, compound: Compound): boolean {
  if (compound.tag !== null && el.name !== compound.tag) return false;
  if (compound.id !== null && el.attributes.id !== compound.id) return false;
  if (compound.bare && Object.keys(el.attributes).length > 0) return false;
  return compound.classes.every((c) => el.classes.includes(c));
}

function* candidates(from: HtmlElement, step: Step): Generator<HtmlElement> {
  for (const el of step.child ? childElements(from) : descendants(from)) {
    if (matches(el, step.compound)) yield el;
  }
}

/** Every element under `root` matching `selector`, in document order, without duplicates. */
export function selectAll(root: HtmlElement, selector: string): HtmlElement[] {
  let current: HtmlElement[] = [root];
  for (const step of parse(selector)) {
    const next = new Set<HtmlElement>();
    for (const from of current) for (const el of candidates(from, step)) next.add(el);
    current = [...next].sort((a, b) => a.start - b.start);
  }
  return current;
}

/** The first element under `root` matching `selector`, or null. */
export function selectFirst(root: HtmlElement, selector: string): HtmlElement | null {
  return selectAll(root, selector)[0] ?? null;
}

/** True when `el` matches the selector's last compound (its own tag, classes and id). */
export function isMatch(el: HtmlElement, selector: string): boolean {
  const steps = parse(selector);
  const last = steps[steps.length - 1];
  return last !== undefined && matches(el, last.compound);
}
