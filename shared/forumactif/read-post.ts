/**
 * One post of a topic page, read with its template's row of the selector table. Any part that is
 * not where the template puts it makes the whole page unreadable (the caller throws), since a post
 * read in part could be mistaken for an edit or a different author.
 */

import { isTag } from "domhandler";
import { ForumactifPageError } from "../errors.js";
import { type DateContext, findForumactifDate } from "./dates.js";
import { editedNoteIndex, readEditedNote } from "./edited-note.js";
import { classesOf, descendants, type HtmlElement, type HtmlNode, innerHtml, spanOf } from "./html-tree.js";
import { fragmentText, textOutside } from "./page-text.js";
import { isMatch, selectAll, selectFirst } from "./selector.js";
import type { TemplateSelectors } from "./templates.js";
import type { TopicPost } from "./types.js";

const PROFILE_LINK = /(?:^|\/)u(\d{1,12})(?:[-?#/]|$)/;

/** The post id in a container's `post--{id}` class, or null. */
export function postIdOf(el: HtmlElement): string | null {
  for (const c of classesOf(el)) {
    const m = /^post--(\d{1,15})$/.exec(c);
    if (m?.[1] !== undefined) return m[1];
  }
  return null;
}

function fail(postId: string, what: string): never {
  throw new ForumactifPageError(
    "unknown_template",
    `post ${postId}: ${what} not found where the template puts it`,
  );
}

function author(html: string, post: HtmlElement, sel: TemplateSelectors, postId: string) {
  const region = selectFirst(post, sel.author) ?? fail(postId, "the author");
  const link = [...descendants(region)].find(
    (el) => el.name === "a" && PROFILE_LINK.test(el.attribs.href ?? ""),
  );
  const authorId = link === undefined ? null : (PROFILE_LINK.exec(link.attribs.href ?? "")?.[1] ?? null);
  const raw = fragmentText(innerHtml(html, link ?? region)).trim();
  // Without a profile link, the mobile template's region still starts with "par"/"by".
  const authorName = link === undefined ? raw.replace(/^(?:par|by)\s+/i, "") : raw;
  if (authorName === "" || authorName.includes("\n")) fail(postId, "the author's name");
  return { authorId, authorName };
}

/** The message before a note ends with the line breaks that set the note apart: they are not the message's. */
function withoutTrailingBreaks(text: string): string {
  let end = text.length;
  for (;;) {
    const trimmed = text.slice(0, end).trimEnd();
    const br = /<br\s*\/?>$/i.exec(trimmed.slice(-8));
    end = br === null ? trimmed.length : trimmed.length - br[0].length;
    if (br === null) return trimmed;
  }
}

function textIn(html: string, node: HtmlNode): string {
  const span = spanOf(node);
  return html.slice(span.start, span.end);
}

/**
 * Where the message ends inside a shared element (AwesomeBB, mobile): before the signature and
 * attachments, and before the edited note when it follows the message there.
 */
function sharedMessageEnd(html: string, region: HtmlElement, sel: TemplateSelectors): number {
  let end = spanOf(region).innerEnd;
  const tail = region.children.filter(
    (child) =>
      isTag(child) &&
      ((sel.signature !== null && isMatch(child, sel.signature)) || classesOf(child).includes("attachbox")),
  );
  if (tail[0] !== undefined) end = spanOf(tail[0]).start;
  // The note, when there, is the last thing before that point: anything after it but line
  // breaks means the words belong to the message (a quoted note, say).
  for (const child of region.children.filter((c) => spanOf(c).end <= end).reverse()) {
    const source = textIn(html, child);
    if ((isTag(child) && child.name === "br") || source.trim() === "") continue;
    const index = editedNoteIndex(source);
    if (index >= 0) end = spanOf(child).start + (isTag(child) ? 0 : index);
    break;
  }
  return end;
}

/** Reads one post container; throws ForumactifPageError when a part is missing. */
export function readPost(
  html: string,
  post: HtmlElement,
  sel: TemplateSelectors,
  ctx: DateContext,
): TopicPost {
  const postId = postIdOf(post) ?? fail("?", "the post id");
  const { authorId, authorName } = author(html, post, sel, postId);
  const dateRegion = selectFirst(post, sel.date) ?? fail(postId, "the date");
  const createdAt =
    findForumactifDate(fragmentText(innerHtml(html, dateRegion)), ctx) ?? fail(postId, "a readable date");
  const message = selectFirst(post, sel.message) ?? fail(postId, "the message");
  const messageSpan = spanOf(message);
  const signature =
    sel.signature === null
      ? undefined
      : selectAll(post, sel.signature).find(
          // Outside the message, or (AwesomeBB) one of the shared element's own children.
          (el) =>
            spanOf(el).start >= messageSpan.innerEnd ||
            spanOf(el).end <= messageSpan.innerStart ||
            el.parent === message,
        );
  const excluded: [number, number][] =
    signature === undefined ? [] : [[spanOf(signature).start, spanOf(signature).end]];
  let messageHtml: string;
  if (sel.messageShared) {
    const end = sharedMessageEnd(html, message, sel);
    messageHtml = withoutTrailingBreaks(html.slice(messageSpan.innerStart, end));
    excluded.push([messageSpan.innerStart, end]);
  } else {
    messageHtml = innerHtml(html, message);
    excluded.push([messageSpan.start, messageSpan.end]);
  }
  const postSpan = spanOf(post);
  const edited = readEditedNote(textOutside(html, postSpan.start, postSpan.end, excluded), ctx);
  return { postId, authorId, authorName, createdAt, html: messageHtml.trim(), edited };
}
