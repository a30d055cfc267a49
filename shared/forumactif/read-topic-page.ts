/**
 * A Forumactif topic page read whole, or not at all: every post with its id, author, date,
 * message, and edited note, plus the page's place in the topic. A page that is not a topic page
 * (maintenance, login, another site), that is cut short, or whose markup does not match its
 * template's row in the selector table throws a ForumactifPageError, never a partial result.
 */

import { ForumactifPageError } from "../errors.js";
import type { DateContext } from "./dates.js";
import { type HtmlElement, type HtmlNode, innerHtml, parseHtml } from "./html-tree.js";
import { fragmentText } from "./page-text.js";
import { readPagination } from "./pagination.js";
import { postIdOf, readPost } from "./read-post.js";
import { selectAll, selectFirst } from "./selector.js";
import { TEMPLATE_SELECTORS } from "./templates.js";
import { TEMPLATE_VERSIONS, type TemplateVersion, type TopicPage, type TopicPost } from "./types.js";
import { parseTopicId } from "./urls.js";

/** The board's zone and the reading instant, and the template version when the forum sets it. */
export interface ReadTopicOptions extends DateContext {
  readonly template?: TemplateVersion;
}

const FORUMACTIF_MARKS = /illiweb\.com|forumactif|forumotion|\b_userdata\b|\bpost--\d/i;

function postsOf(root: HtmlNode, version: TemplateVersion): HtmlElement[] {
  return selectAll(root, TEMPLATE_SELECTORS[version].post).filter((el) => postIdOf(el) !== null);
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

/** The template version a topic page is written in, from its first post's markup; null when none fits. */
export function detectTemplate(html: string): TemplateVersion | null {
  return detectIn(parseHtml(html));
}

/** Why a page holds no post we can read. */
function noPosts(html: string, root: HtmlNode): ForumactifPageError {
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
  if (/\bpost--\d/.test(html)) {
    return new ForumactifPageError("unknown_template", "posts found, but in no known template's markup");
  }
  return new ForumactifPageError("unknown_template", "no post found in the page");
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

function checkWhole(posts: readonly TopicPost[], page: TopicPage["pagination"]): void {
  const ids = new Set(posts.map((post) => post.postId));
  if (ids.size !== posts.length) throw new ForumactifPageError("incomplete_page", "a post appears twice");
  if (page.perPage !== null && posts.length > page.perPage) {
    throw new ForumactifPageError("incomplete_page", `${posts.length} posts on a page of ${page.perPage}`);
  }
  // A page before the last is always full: fewer posts means some were not read.
  if (page.perPage !== null && page.currentPage < page.lastPage && posts.length !== page.perPage) {
    throw new ForumactifPageError(
      "incomplete_page",
      `${posts.length} posts on a full page of ${page.perPage}`,
    );
  }
}

/** Reads a topic page whole; throws ForumactifPageError otherwise (see the module comment). */
export function readTopicPage(html: string, options: ReadTopicOptions): TopicPage {
  if (!FORUMACTIF_MARKS.test(html))
    throw new ForumactifPageError("not_forumactif", "the page is not a Forumactif page");
  // A page cut short in transfer still parses: only its end shows it was whole. Hosts may add a
  // comment or a script after `</html>`, so the closing tag is looked for near the end only.
  if (!/<\/html\s*>/i.test(html.slice(-4000))) {
    throw new ForumactifPageError("incomplete_page", "the page does not end with </html>");
  }
  const root = parseHtml(html);
  const template = options.template ?? detectIn(root);
  const elements = template === null ? null : fits(root, template);
  if (template === null || elements === null) {
    const error = noPosts(html, root);
    if (options.template !== undefined && error.code === "unknown_template") {
      throw new ForumactifPageError(
        "unknown_template",
        `the page does not match the ${options.template} template`,
      );
    }
    throw error;
  }
  const selectors = TEMPLATE_SELECTORS[template];
  const posts = elements.map((el) => readPost(html, el, selectors, options));
  const topicId = topicIdOf(html, root);
  if (topicId === null) throw new ForumactifPageError("unknown_template", "the topic id is not in the page");
  const pagination = readPagination(html, topicId);
  checkWhole(posts, pagination);
  const titleEl = selectors.title === null ? null : selectFirst(root, selectors.title);
  const title = titleEl === null ? null : fragmentText(innerHtml(html, titleEl)).trim() || null;
  return { template, topicId, title, pagination, posts };
}
