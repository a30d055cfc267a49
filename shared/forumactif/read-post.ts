/**
 * One post of a topic page, read with its template's row of the selector table. Any part that is
 * not where the template puts it makes the whole page unreadable (the caller throws), since a post
 * read in part could be mistaken for an edit or a different author.
 */

import { ForumactifPageError } from "../errors.js";
import { type DateContext, findForumactifDate } from "./dates.js";
import { editedNoteIndex, readEditedNote } from "./edited-note.js";
import { descendants, type HtmlElement, type HtmlNode, innerHtml } from "./html-tree.js";
import { fragmentText, textOutside } from "./page-text.js";
import { isMatch, selectAll, selectFirst } from "./selector.js";
import type { TemplateSelectors } from "./templates.js";
import type { TopicPost } from "./types.js";

const PROFILE_LINK = /(?:^|\/)u(\d{1,12})(?:[-?#/]|$)/;

/** The post id in a container's `post--{id}` class, or null. */
export function postIdOf(el: HtmlElement): string | null {
  for (const c of el.classes) {
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
    (el) => el.name === "a" && PROFILE_LINK.test(el.attributes.href ?? ""),
  );
  const authorId = link === undefined ? null : (PROFILE_LINK.exec(link.attributes.href ?? "")?.[1] ?? null);
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
  return html.slice(node.start, node.end);
}

/**
 * Where the message ends inside a shared element (AwesomeBB, mobile): before the signature and
 * attachments, and before the edited note when it follows the message there.
 */
function sharedMessageEnd(html: string, region: HtmlElement, sel: TemplateSelectors): number {
  let end = region.innerEnd;
  const tail = region.children.filter(
    (child) =>
      child.name !== "#text" &&
      ((sel.signature !== null && isMatch(child as HtmlElement, sel.signature)) ||
        (child as HtmlElement).classes.includes("attachbox")),
  );
  if (tail[0] !== undefined) end = tail[0].start;
  // The note, when there, is the last thing before that point: anything after it but line
  // breaks means the words belong to the message (a quoted note, say).
  for (const child of region.children.filter((c) => c.end <= end).reverse()) {
    const source = textIn(html, child);
    if (child.name === "br" || source.trim() === "") continue;
    const index = editedNoteIndex(source);
    if (index >= 0) end = child.name === "#text" ? child.start + index : child.start;
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
  const signature =
    sel.signature === null
      ? undefined
      : selectAll(post, sel.signature).find(
          // Outside the message, or (AwesomeBB) one of the shared element's own children.
          (el) => el.start >= message.innerEnd || el.end <= message.innerStart || el.parent === message,
        );
  const excluded: [number, number][] = signature === undefined ? [] : [[signature.start, signature.end]];
  let messageHtml: string;
  if (sel.messageShared) {
    const end = sharedMessageEnd(html, message, sel);
    messageHtml = withoutTrailingBreaks(html.slice(message.innerStart, end));
    excluded.push([message.innerStart, end]);
  } else {
    messageHtml = innerHtml(html, message);
    excluded.push([message.start, message.end]);
  }
  const edited = readEditedNote(textOutside(html, post.start, post.end, excluded), ctx);
  return { postId, authorId, authorName, createdAt, html: messageHtml.trim(), edited };
}
