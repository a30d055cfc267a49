/**
 * A board's section as its list of topics shows it (`/f{id}-…`, the `topics_list_box` template of
 * every version), and which section a topic page belongs to. Read from what Forumactif writes into
 * any theme, never from the theme's classes: each row of the list links to its topic's last post
 * (`/t{id}-…#{postId}` or `/t{id}p{offset}-…#{postId}`, the « last post » arrow), and the list's
 * later pages are `/f{id}p{offset}-…`. A topic page names its section in the BreadcrumbList that
 * Forumactif puts in every page's head, and in its navigation chain (`a.nav` links).
 */
import { childElements, descendants, type HtmlElement, parseHtml } from "./html-tree.js";

/** One page of a section's list of topics. */
export interface SectionPage {
  readonly sectionId: string;
  /** Topics before this page (the `p{offset}` of its address). */
  readonly offset: number;
  /** Each topic the page lists with a link to its last post: that post's id, by topic id. */
  readonly lastPosts: Readonly<Record<string, string>>;
  /**
   * The smallest of those post ids: in a list ordered by last post, a topic whose last post is
   * newer than this one is on this page or an earlier one.
   */
  readonly oldestLastPost: string | null;
  /** The offset of the list's next page when the page links to it, else null. */
  readonly nextOffset: number | null;
}

/** A link's path and fragment, relative or on any host (the board links to itself either way). */
function pathAndHash(href: string): { path: string; hash: string } | null {
  try {
    const url = new URL(href, "http://board.invalid/");
    return { path: url.pathname, hash: url.hash };
  } catch {
    return null;
  }
}

const TOPIC_LINK = /^\/t(\d{1,12})(?:p\d{1,9})?(?:-[^/]*)?$/;
const POST_ANCHOR = /^#(\d{1,12})$/;

const byNumber = (a: string, b: string): number => Number(a) - Number(b);

/** Reads one page of section `sectionId`'s list of topics, the page after `offset` topics. */
export function readSectionPage(html: string, sectionId: string, offset: number): SectionPage {
  const document = parseHtml(html);
  const lastPosts: Record<string, string> = {};
  const offsets: number[] = [];
  const sectionPage = new RegExp(`^/f${sectionId}p(\\d{1,9})(?:-[^/]*)?$`);
  for (const el of descendants(document)) {
    if (el.name !== "a" || el.attribs.href === undefined) continue;
    const link = pathAndHash(el.attribs.href);
    if (link === null) continue;
    const topic = TOPIC_LINK.exec(link.path)?.[1];
    const post = POST_ANCHOR.exec(link.hash)?.[1];
    if (topic !== undefined && post !== undefined) {
      // A row may link its last post twice (the arrow and the date); the newest is the last post.
      const known = lastPosts[topic];
      if (known === undefined || byNumber(post, known) > 0) lastPosts[topic] = post;
      continue;
    }
    const page = sectionPage.exec(link.path)?.[1];
    if (page !== undefined) offsets.push(Number(page));
  }
  const ids = Object.values(lastPosts).sort(byNumber);
  const later = offsets.filter((o) => o > offset).sort((a, b) => a - b);
  return {
    sectionId,
    offset,
    lastPosts,
    oldestLastPost: ids[0] ?? null,
    nextOffset: later[0] ?? null,
  };
}

const SECTION_LINK = /^\/f(\d{1,12})(?:p\d{1,9})?(?:-[^/]*)?$/;

/** The section of a link to a section page, or null. */
function sectionOfLink(href: unknown): string | null {
  if (typeof href !== "string") return null;
  const link = pathAndHash(href);
  return link === null ? null : (SECTION_LINK.exec(link.path)?.[1] ?? null);
}

/** The nearest section in the page's BreadcrumbList (JSON-LD), or null when the page has none. */
function sectionOfBreadcrumb(scripts: readonly HtmlElement[]): string | null {
  for (const script of scripts) {
    const text = childElements(script).length === 0 ? textOf(script) : "";
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof data !== "object" || data === null) continue;
    const { "@type": type, itemListElement: items } = data as Record<string, unknown>;
    if (type !== "BreadcrumbList" || !Array.isArray(items)) continue;
    let found: string | null = null;
    for (const item of items) {
      const target = (item as { item?: { "@id"?: unknown } } | null)?.item?.["@id"];
      found = sectionOfLink(target) ?? found;
    }
    return found;
  }
  return null;
}

function textOf(el: HtmlElement): string {
  return el.children.map((c) => ("data" in c && typeof c.data === "string" ? c.data : "")).join("");
}

/**
 * The section a topic page belongs to (the nearest one: a sub-section rather than its parent), or
 * null when the page names none: from the BreadcrumbList in its head, else from its navigation
 * chain's last link to a section.
 */
export function sectionOfTopicPage(html: string): string | null {
  const document = parseHtml(html);
  const scripts: HtmlElement[] = [];
  let chain: string | null = null;
  for (const el of descendants(document)) {
    if (el.name === "script" && el.attribs.type === "application/ld+json") scripts.push(el);
    else if (el.name === "a" && /(?:^|\s)nav(?:\s|$)/.test(el.attribs.class ?? ""))
      chain = sectionOfLink(el.attribs.href) ?? chain;
  }
  return sectionOfBreadcrumb(scripts) ?? chain;
}
