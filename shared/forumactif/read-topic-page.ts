/**
 * A Forumactif topic page read: every post with its id, author, date, message and edited note,
 * plus the page's place in the topic. Posts are found, in this order, with the forum's own
 * `source.markup`, with the template table (the default templates of each version), or from what
 * Forumactif writes into any theme (`read-any-post.ts`). Only the outermost post containers count:
 * markup inside a duelist's message that mimics a post is part of that message. A post that cannot
 * be read is listed with its problem and the others are read; a page that is not a topic page
 * (maintenance, login, another site), that is cut short, or where no post can be found throws a
 * ForumactifPageError.
 */

import { ForumactifPageError } from "../errors.js";
import { forumactifTexts } from "../texts/forumactif.js";
import type { DateContext } from "./dates.js";
import { type HtmlElement, type HtmlNode, innerHtml, isWithin, parseHtml } from "./html-tree.js";
import { fragmentText } from "./page-text.js";
import { readPagination } from "./pagination.js";
import {
  type AnyPostReading,
  insideMessage,
  markerPostId,
  ownPostId,
  readAnyPost,
  SPONSORED,
} from "./read-any-post.js";
import { postIdOf, readPost } from "./read-post.js";
import { selectAll, selectFirst } from "./selector.js";
import { TEMPLATE_SELECTORS } from "./templates.js";
import {
  type PostMarkup,
  TEMPLATE_VERSIONS,
  type TemplateVersion,
  type TopicPage,
  type TopicPost,
  type UnreadablePost,
} from "./types.js";
import { parseTopicId } from "./urls.js";

/**
 * The board's zone and the reading instant; the template version when the forum sets it, and the
 * theme's markup when the forum names it (`source.markup`).
 */
export interface ReadTopicOptions extends DateContext {
  readonly template?: TemplateVersion;
  readonly markup?: PostMarkup;
}

const FORUMACTIF_MARKS = /illiweb\.com|forumactif|forumotion|\b_userdata\b|\bpost--\d/i;

/** The elements none of whose ancestors is among them, in document order. */
function outermost(elements: readonly HtmlElement[]): HtmlElement[] {
  const all = new Set(elements);
  return elements.filter((el) => {
    for (let at = el.parent; at !== null; at = at.parent) if (all.has(at as HtmlElement)) return false;
    return true;
  });
}

/** The template's post containers, when they are the page's posts (see classedPosts). */
function postsOf(root: HtmlNode, version: TemplateVersion): HtmlElement[] {
  const posts = new Set(classedPosts(root, null)?.map((c) => c.el));
  return selectAll(root, TEMPLATE_SELECTORS[version].post).filter(
    (el) => posts.has(el) && postIdOf(el) !== null,
  );
}

function fits(root: HtmlNode, version: TemplateVersion): HtmlElement[] | null {
  const posts = postsOf(root, version);
  const first = posts[0];
  if (first === undefined) return null;
  return TEMPLATE_SELECTORS[version].marks.every((mark) => selectFirst(first, mark) !== null) ? posts : null;
}

function detectIn(root: HtmlNode): TemplateVersion | null {
  return TEMPLATE_VERSIONS.find((version) => fits(root, version) !== null) ?? null;
}

/** A container found in the page, with the post id it carries (null when only its place says it is one). */
interface Container {
  readonly el: HtmlElement;
  readonly postId: string | null;
}

/**
 * Posts of any theme that keeps Forumactif's `post--N` class: the outermost elements carrying it,
 * outside any element a theme names as a message. Null when the page also shows post markers
 * outside all of them: those posts are not classed, and the classed elements may be a duelist's.
 */
function classedPosts(root: HtmlNode, topicId: string | null): Container[] | null {
  // Each template tried in detection asks again of the same page: found once per page and topic.
  const key = topicId ?? "";
  const known = CLASSED.get(root)?.get(key);
  if (known !== undefined) return known;
  const found = findClassedPosts(root, topicId);
  CLASSED.set(root, (CLASSED.get(root) ?? new Map()).set(key, found));
  return found;
}

const CLASSED = new WeakMap<HtmlNode, Map<string, Container[] | null>>();

function findClassedPosts(root: HtmlNode, topicId: string | null): Container[] | null {
  const classed = outermost(
    selectAll(root, '[class*="post--"]').filter(
      (el) => /(?:^|\s)post--\d/.test(el.attribs.class ?? "") && !insideMessage(el, null),
    ),
  );
  if (classed.length === 0) return null;
  const inside = new Set<HtmlNode>(classed);
  const within = (el: HtmlElement) => {
    for (let at: HtmlNode | null = el; at !== null; at = at.parent) if (inside.has(at)) return true;
    return false;
  };
  const containers = classed.map((el) => ({ el, postId: ownPostId(el) }));
  // An anchor placed before its post's container names that post: only another post's is stray.
  const ids = new Set(containers.map((c) => c.postId));
  const stray = selectAll(root, "body *").some((el) => {
    const id = markerPostId(el, topicId);
    return id !== null && !ids.has(id) && !within(el) && !insideMessage(el, null);
  });
  return stray ? null : containers;
}

/**
 * Posts of a theme without the class, from their ids and permalinks (`id="pN"`, an anchor `N`, a
 * link to `#N` or `?p=N`): each post is the largest element around its first marker that holds no
 * other post's. Markers inside an element a theme names as a message are a duelist's, not posts.
 */
function anchoredPosts(root: HtmlNode, topicId: string | null): Container[] {
  const first = new Map<string, HtmlElement>();
  for (const el of selectAll(root, "body *")) {
    const id = markerPostId(el, topicId);
    if (id === null || first.has(id) || insideMessage(el, null)) continue;
    first.set(id, el);
  }
  const holders = new Map<HtmlNode, Set<string>>();
  for (const [id, el] of first) {
    for (let at = el.parent; at !== null; at = at.parent) {
      const ids = holders.get(at) ?? new Set<string>();
      ids.add(id);
      holders.set(at, ids);
    }
  }
  const containers: Container[] = [];
  for (const [postId, marker] of first) {
    let el = marker;
    for (let up = el.parent; up !== null && up.type === "tag" && up.name !== "body"; up = up.parent) {
      if ((holders.get(up)?.size ?? 0) > 1 || selectFirst(up, "h1, form") !== null) break;
      // An ad drawn through the post template beside the post (no id of its own) is not the post's.
      if (holdsAdBeside(up, el)) break;
      el = up;
    }
    containers.push({ el, postId });
  }
  return outermost(containers.map((c) => c.el)).map((el) => ({
    el,
    postId: containers.find((c) => c.el === el)?.postId ?? null,
  }));
}

/** True when `up` holds, outside `el`, an element that shows Forumactif's sponsored label. */
function holdsAdBeside(up: HtmlElement, el: HtmlElement): boolean {
  for (const inner of selectAll(up, "*")) {
    if (isWithin(inner, el)) continue;
    const own = inner.children.map((c) => ("data" in c && c.type === "text" ? String(c.data) : "")).join("");
    if (SPONSORED.test(own.replace(/\s+/g, " ").trim())) return true;
  }
  return false;
}

/** The template version a topic page is written in, `custom` for its own theme; null when no post is found. */
export function detectTemplate(html: string): TemplateVersion | "custom" | null {
  const root = parseHtml(html);
  const topicId = topicIdOf(html, root);
  const found = classedPosts(root, topicId) ?? anchoredPosts(root, topicId);
  return detectIn(root) ?? (found.length > 0 ? "custom" : null);
}

/** Why a page holds no post we can read; `topicId` null when the page names no topic. */
function noPosts(html: string, root: HtmlNode, topicId: string | null): ForumactifPageError {
  if (!FORUMACTIF_MARKS.test(html)) {
    return new ForumactifPageError("not_forumactif", "the page is not a Forumactif page");
  }
  const text = fragmentText(html).toLowerCase();
  if (/maintenance/.test(text))
    return new ForumactifPageError("maintenance", "the board is under maintenance");
  if (selectAll(root, "input").some((input) => input.attribs.type === "password")) {
    return new ForumactifPageError("login_required", "the board asks to log in to read this topic");
  }
  if (/n'existe pas|n’existe pas|does not exist/.test(text)) {
    return new ForumactifPageError("not_found", "the board says the topic does not exist");
  }
  if (topicId === null) return notATopic();
  if (/\bpost--\d/.test(html)) {
    return new ForumactifPageError("unknown_template", "posts found, but in no known template's markup");
  }
  return new ForumactifPageError("unknown_template", "no post found in the page");
}

/** A page of the board that names no topic (a portal, an index): no topic page. */
function notATopic(): ForumactifPageError {
  return new ForumactifPageError("not_a_topic", "the page is no topic page (a portal, an index, a section)");
}

function topicIdOf(html: string, root: HtmlNode): string | null {
  const canonical = selectAll(root, "link").find((el) => el.attribs.rel === "canonical");
  const fromCanonical = canonical === undefined ? null : parseTopicId(canonical.attribs.href ?? "");
  if (fromCanonical !== null) return fromCanonical;
  const hidden = selectAll(root, "input").find(
    (el) => el.attribs.name === "t" && /^\d+$/.test(el.attribs.value ?? ""),
  );
  if (hidden !== undefined) return hidden.attribs.value ?? null;
  return /\/post\?t=(\d{1,12})&(?:amp;)?mode=reply/.exec(html)?.[1] ?? null;
}

function checkWhole(shown: number, page: TopicPage["pagination"]): void {
  if (page.perPage !== null && shown > page.perPage) {
    throw new ForumactifPageError("incomplete_page", `${shown} posts on a page of ${page.perPage}`);
  }
  // A page before the last is always full: fewer posts means some were not read.
  if (page.perPage !== null && page.currentPage < page.lastPage && shown !== page.perPage) {
    throw new ForumactifPageError("incomplete_page", `${shown} posts on a full page of ${page.perPage}`);
  }
}

/**
 * The page's readings in order, as posts and unreadable posts: advertising blocks dropped, and an
 * id shown more than once refused for that post only (which of them is the board's cannot be told).
 */
function sortOut(readings: readonly AnyPostReading[]): { posts: TopicPost[]; unreadable: UnreadablePost[] } {
  const count = new Map<string, number>();
  for (const r of readings) {
    const id = r.kind === "post" ? r.post.postId : r.kind === "unreadable" ? r.unreadable.postId : null;
    if (id !== null) count.set(id, (count.get(id) ?? 0) + 1);
  }
  const posts: TopicPost[] = [];
  const unreadable: UnreadablePost[] = [];
  const refused = new Set<string>();
  for (const r of readings) {
    const after = posts[posts.length - 1]?.postId ?? null;
    if (r.kind === "ad") continue;
    const id = r.kind === "post" ? r.post.postId : r.unreadable.postId;
    if (id !== null && (count.get(id) ?? 0) > 1) {
      if (refused.has(id)) continue;
      refused.add(id);
      const authorName = r.kind === "post" ? r.post.authorName : r.unreadable.authorName;
      unreadable.push({ postId: id, authorName, problem: forumactifTexts.postProblem.repeated, after });
    } else if (r.kind === "post") posts.push(r.post);
    else unreadable.push({ ...r.unreadable, after });
  }
  return { posts, unreadable };
}

/** One container read with its template's row, else as any theme's post. */
function readTemplated(
  html: string,
  el: HtmlElement,
  version: TemplateVersion,
  options: ReadTopicOptions,
): AnyPostReading {
  try {
    const post = readPost(html, el, TEMPLATE_SELECTORS[version], options);
    return /^0+$/.test(post.postId) ? { kind: "ad" } : { kind: "post", post };
  } catch (error) {
    if (!(error instanceof ForumactifPageError)) throw error;
    return readAnyPost(html, el, postIdOf(el), options);
  }
}

/** Reads a topic page; throws ForumactifPageError when it is no topic page (see the module comment). */
export function readTopicPage(html: string, options: ReadTopicOptions): TopicPage {
  if (!FORUMACTIF_MARKS.test(html))
    throw new ForumactifPageError("not_forumactif", "the page is not a Forumactif page");
  // A page cut short in transfer still parses: only its end shows it was whole. Hosts may add a
  // comment or a script after `</html>`, so the closing tag is looked for near the end only.
  if (!/<\/html\s*>/i.test(html.slice(-4000))) {
    throw new ForumactifPageError("incomplete_page", "the page does not end with </html>");
  }
  const root = parseHtml(html);
  const topicId = topicIdOf(html, root);
  const { markup } = options;
  let template: TemplateVersion | "custom" = "custom";
  let readings: AnyPostReading[] = [];
  const marked = markup === undefined ? [] : outermost(selectAll(root, markup.post));
  if (markup !== undefined && marked.length > 0) {
    readings = marked.map((el) =>
      readAnyPost(html, el, ownPostId(el) ?? firstMarker(el, topicId), options, markup),
    );
  } else {
    const version = options.template ?? detectIn(root);
    const elements = version === null ? null : fits(root, version);
    if (version !== null && elements !== null) {
      template = version;
      readings = elements.map((el) => readTemplated(html, el, version, options));
    } else {
      const containers = classedPosts(root, topicId) ?? anchoredPosts(root, topicId);
      readings = containers.map(({ el, postId }) => readAnyPost(html, el, postId, options));
    }
  }
  if (!readings.some((r) => r.kind === "post")) {
    const error = noPosts(html, root, topicId);
    if (options.template !== undefined && error.code === "unknown_template") {
      throw new ForumactifPageError(
        "unknown_template",
        `the page does not match the ${options.template} template`,
      );
    }
    throw error;
  }
  const { posts, unreadable } = sortOut(readings);
  if (topicId === null) throw notATopic();
  const pagination = readPagination(html, topicId);
  checkWhole(posts.length + unreadable.length, pagination);
  return { template, topicId, title: titleOf(html, root, template), pagination, posts, unreadable };
}

/**
 * The topic's title: where its template writes it, else the page's `h1`, else the topic bar of an
 * Invision base (`.maintitle h3`), else the page's own `<title>` (Forumactif writes the topic's).
 */
function titleOf(html: string, root: HtmlNode, template: TemplateVersion | "custom"): string | null {
  const own = template === "custom" ? null : TEMPLATE_SELECTORS[template].title;
  for (const selector of [own, "h1", ".maintitle h3", "head > title"]) {
    const el = selector === null ? null : selectFirst(root, selector);
    const title = el === null ? "" : fragmentText(innerHtml(html, el)).trim();
    if (title !== "") return title;
  }
  return null;
}

/** The first post id a container's markers name, outside any message. */
function firstMarker(el: HtmlElement, topicId: string | null): string | null {
  for (const inner of selectAll(el, "*")) {
    const id = markerPostId(inner, topicId);
    if (id !== null && !insideMessage(inner, el)) return id;
  }
  return null;
}
