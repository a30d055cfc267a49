/**
 * One post of a theme the template table does not know (role-play boards rewrite
 * `viewtopic_body` entirely), read from what Forumactif writes into every template whatever its
 * classes: the post id (`post--N`, `id="pN"`, an anchor `N`, a permalink `#N` or `?p=N`), the
 * poster's name (a `/uN` profile link, or a guest's bare name), the date in the board's format and
 * the message. A forum's `source.markup` names the parts when the theme hides them.
 *
 * A post whose part cannot be found is returned with its French problem, never guessed: the
 * others on the page are read all the same.
 */
import { isTag } from "domhandler";
import { forumactifTexts } from "../texts/forumactif.js";
import { type DateContext, findForumactifDate } from "./dates.js";
import { editedNoteIndex, readEditedNote } from "./edited-note.js";
import {
  childElements,
  classesOf,
  descendants,
  type HtmlElement,
  type HtmlNode,
  innerHtml,
  isWithin,
  spanOf,
} from "./html-tree.js";
import { fragmentText, textOutside } from "./page-text.js";
import { selectAll, selectFirst } from "./selector.js";
import type { PostMarkup, TopicPost, UnreadablePost } from "./types.js";

const say = forumactifTexts.postProblem;
const PROFILE_LINK = /(?:^|\/)u(\d{1,12})(?:[-?#/]|$)/;
/** Classes themes give the message's element (the default templates' ones among them). */
const MESSAGE_CLASS =
  /^(?:postbody|post-?body|post_?message|post-message|message|post-?entry|post-?content|post_content|entry-?content|content|postmsg|msg|texte|post_?text|post-text)$/i;
/** The last word of a theme's own class (`rp-texte`, `fiche_message`) naming the message. */
const MESSAGE_WORD = /[-_](?:message|texte)$/i;
/** Classes themes give the poster's name, the likeliest first (`p.author` also holds the date). */
const NAME_CLASSES = [/pseudo/i, /name|nom/i, /poster|author|auteur|membre/i];
/**
 * Classes of what a profile column shows beside the name (a rank, a title, a field, the whole
 * profile): never the name, whatever else the class says (`poster-profile`, `author-rank`).
 */
const NOT_A_NAME = /profil|rank|rang|titre|title|field|champ|detail|info|avatar|stat/i;
const DATE_CLASS = /date|time/i;
const SIGNATURE = ".signature_div, .sig-content, .post-signature, .signature";

/** The author an advertising block drawn through the post template shows, in the boards' languages. */
export const SPONSORED =
  /^contenu sponsoris[ée]$|^sponsored content$|^gesponserte inhalte$|^contenido patrocinado$/i;

/** The post id an element itself carries: a `post--N` class, `id="pN"` or `id="N"`. */
export function ownPostId(el: HtmlElement): string | null {
  for (const c of classesOf(el)) {
    const m = /^post--(\d{1,15})$/.exec(c);
    if (m?.[1] !== undefined) return m[1];
  }
  return /^p?(\d{1,15})$/.exec(el.attribs.id ?? "")?.[1] ?? null;
}

/** The post id a marker inside a post names: an anchor `N`, a permalink `#N` or `?p=N`. */
export function markerPostId(el: HtmlElement, topicId: string | null): string | null {
  if (el.name === "a") {
    const anchor = /^p?(\d{1,15})$/.exec(el.attribs.name ?? el.attribs.id ?? "")?.[1];
    if (anchor !== undefined) return anchor;
    const href = el.attribs.href ?? "";
    const topic = topicId === null ? "\\d+" : topicId;
    const permalink =
      new RegExp(`/t${topic}(?:p\\d+)?-[^#]*#(\\d{1,15})$`).exec(href)?.[1] ??
      /[?&]p=(\d{1,15})(?:[&#]|$)/.exec(href)?.[1];
    if (permalink !== undefined) return permalink;
  }
  return ownPostId(el);
}

const isMessageNamed = (el: HtmlElement) =>
  classesOf(el).some((c) => MESSAGE_CLASS.test(c) || MESSAGE_WORD.test(c));

/**
 * The message's element inside a post: the first one a theme names as such, or the one inside it
 * that wraps the message more closely (`.postbody > .content`, as ModernBB writes it).
 */
export function messageRegion(post: HtmlElement): HtmlElement | null {
  let region: HtmlElement | undefined;
  for (const el of descendants(post)) {
    if (isMessageNamed(el)) {
      region = el;
      break;
    }
  }
  for (let inner = region; inner !== undefined; inner = childElements(inner).find(isMessageNamed))
    region = inner;
  return region ?? null;
}

/** True when `el` lies in an element a theme names as a message (a marker there is a duelist's). */
export function insideMessage(el: HtmlElement, stop: HtmlNode | null): boolean {
  for (let at = el.parent; at !== null && at !== stop; at = at.parent) {
    if (isTag(at) && isMessageNamed(at)) return true;
  }
  return false;
}

function text(html: string, node: HtmlNode): string {
  return fragmentText(innerHtml(html, node)).trim();
}

/** The message's HTML: the template's `<div>{MESSAGE}</div>` when there, without signature and edited note. */
function messageHtml(html: string, region: HtmlElement): { html: string; from: number; to: number } {
  const span = spanOf(region);
  let end = span.innerEnd;
  const signature = selectAll(region, SIGNATURE)[0];
  if (signature !== undefined) end = spanOf(signature).start;
  const note = editedNoteIndex(html.slice(span.innerStart, end));
  if (note >= 0) end = span.innerStart + note;
  // The templates write `<div>{MESSAGE}</div>`, followed by the edited note and the signature. A
  // bare `<div>` is that wrapper only when nothing but them surrounds it: in a theme that writes the
  // message straight into its element, a `<div>` the duelist typed is part of the message.
  const first = childElements(region).find((c) => c.name === "div" && Object.keys(c.attribs).length === 0);
  if (first !== undefined) {
    const inner = spanOf(first);
    const around = html.slice(span.innerStart, inner.start) + html.slice(inner.end, Math.max(inner.end, end));
    if (fragmentText(around).trim() === "") {
      return { html: innerHtml(html, first).trim(), from: inner.innerStart, to: inner.innerEnd };
    }
  }
  return { html: html.slice(span.innerStart, end).trim(), from: span.innerStart, to: end };
}

function authorOf(html: string, post: HtmlElement, message: HtmlElement | null, markup?: PostMarkup) {
  const outside = (el: HtmlElement) => message === null || !isWithin(el, message);
  const region = markup === undefined ? post : selectFirst(post, markup.author);
  if (region === null) return null;
  // The poster's name links to their profile; an icon linking there (contact buttons) is no name.
  const link = [region, ...descendants(region)].find(
    (el) =>
      el.name === "a" && PROFILE_LINK.test(el.attribs.href ?? "") && outside(el) && text(html, el) !== "",
  );
  if (link !== undefined) {
    const authorId = PROFILE_LINK.exec(link.attribs.href ?? "")?.[1] ?? null;
    return { authorId, authorName: text(html, link) };
  }
  const all = markup === undefined ? [...descendants(post)].filter(outside) : [];
  const named =
    markup === undefined
      ? NAME_CLASSES.map((pattern) =>
          all.find((el) => classesOf(el).some((c) => pattern.test(c) && !NOT_A_NAME.test(c))),
        ).find((el) => el !== undefined)
      : region;
  if (named === undefined) return null;
  // `par <strong>Maître du jeu</strong> Dim 29 Nov à 09:15`: the name is the element inside, when one
  // is; a date beside a guest's bare name (`Invité <small class="date">…</small>`) is no name.
  const isDate = (el: HtmlElement) => el.name === "time" || classesOf(el).some((c) => DATE_CLASS.test(c));
  const children = childElements(named);
  const inner = children.find((el) => text(html, el) !== "" && !isDate(el));
  const span = spanOf(named);
  const dates = children.filter(isDate).map((el): [number, number] => [spanOf(el).start, spanOf(el).end]);
  const own = inner === undefined ? textOutside(html, span.innerStart, span.innerEnd, dates).trim() : "";
  const name = (inner === undefined ? own : text(html, inner)).replace(/^(?:par|by)\s+/i, "");
  return name === "" || name.includes("\n") ? null : { authorId: null, authorName: name };
}

/** The date's text: a `<time>`, an element named as a date, or the markup's; null when none shows. */
function dateText(html: string, post: HtmlElement, message: HtmlElement | null, markup?: PostMarkup) {
  if (markup !== undefined) {
    const el = selectFirst(post, markup.date);
    return el === null ? null : text(html, el);
  }
  const outside = (el: HtmlElement) => message === null || !isWithin(el, message);
  const candidates = [
    ...selectAll(post, "time").filter(outside),
    ...[...descendants(post)].filter((el) => outside(el) && classesOf(el).some((c) => DATE_CLASS.test(c))),
  ];
  for (const el of candidates) {
    const shown = text(html, el);
    if (shown !== "") return shown;
  }
  return candidates.length > 0 ? "" : null;
}

/** True when one of the block's elements says it is sponsored content. */
function sponsoredBlock(html: string, post: HtmlElement): boolean {
  return [post, ...descendants(post)].some((el) => SPONSORED.test(text(html, el)));
}

export type AnyPostReading =
  | { readonly kind: "post"; readonly post: TopicPost }
  | { readonly kind: "ad" }
  | { readonly kind: "unreadable"; readonly unreadable: Omit<UnreadablePost, "after"> };

/** Reads one post container of any theme (see the module comment). */
export function readAnyPost(
  html: string,
  post: HtmlElement,
  postId: string | null,
  ctx: DateContext,
  markup?: PostMarkup,
): AnyPostReading {
  const message = markup === undefined ? messageRegion(post) : selectFirst(post, markup.message);
  const author = authorOf(html, post, message, markup);
  if (postId === "0" || (author !== null && SPONSORED.test(author.authorName))) return { kind: "ad" };
  // A block with no post id that shows an advertiser's label is Forumactif's ad, not a post.
  if (postId === null && sponsoredBlock(html, post)) return { kind: "ad" };
  const unreadable = (problem: string): AnyPostReading => ({
    kind: "unreadable",
    unreadable: { postId, authorName: author?.authorName ?? null, problem },
  });
  if (postId === null) return unreadable(say.noId);
  if (author === null) return unreadable(say.noAuthor);
  if (message === null) return unreadable(say.noMessage);
  const shown = dateText(html, post, message, markup);
  const postSpan = spanOf(post);
  const body = messageHtml(html, message);
  const excluded: [number, number][] = [[body.from, body.to]];
  for (const signature of selectAll(post, SIGNATURE))
    excluded.push([spanOf(signature).start, spanOf(signature).end]);
  const outsideText = textOutside(html, postSpan.start, postSpan.end, excluded);
  const noteAt = editedNoteIndex(outsideText);
  const createdAt =
    shown === null
      ? findForumactifDate(noteAt >= 0 ? outsideText.slice(0, noteAt) : outsideText, ctx)
      : findForumactifDate(shown, ctx);
  if (createdAt === null) return unreadable(shown ? say.badDate(shown) : say.noDate);
  const edited = readEditedNote(outsideText, ctx);
  return {
    kind: "post",
    post: {
      postId,
      authorId: author.authorId,
      authorName: author.authorName,
      createdAt,
      html: body.html,
      edited,
    },
  };
}
