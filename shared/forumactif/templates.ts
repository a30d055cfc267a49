/**
 * Where each template version puts a post's parts: the one table the reader follows. Read from
 * Forumactif's public default templates (`Etana/template`, `src/<version>/viewtopic_body.tpl`).
 * Boards customise templates: a page that does not match its version's row is refused, never
 * half-read (read-topic-page.ts throws).
 */
import type { TemplateVersion } from "./types.js";

export interface TemplateSelectors {
  /** The element of one post; it carries the class `post--{postId}`. */
  readonly post: string;
  /** Inside a post: the region holding POSTER_NAME (a `/u{id}` link, or the bare name). */
  readonly author: string;
  /** Inside a post: the region holding the post's date (its last date is the post's). */
  readonly date: string;
  /**
   * Inside a post: the element holding MESSAGE. When `messageShared` is false it holds exactly
   * the message (the templates' attribute-less `<div>{MESSAGE}</div>`); when true the message is
   * not wrapped and the edited note, attachments and signature may follow it in the same element.
   */
  readonly message: string;
  readonly messageShared: boolean;
  /** Inside a post: the signature, never part of the message; null when the version shows none. */
  readonly signature: string | null;
  /** In the page: the topic's title, null when the version shows none in the body. */
  readonly title: string | null;
  /** Inside a post: elements that tell this version from the others with the same container. */
  readonly marks: readonly string[];
}

export const TEMPLATE_SELECTORS: Readonly<Record<TemplateVersion, TemplateSelectors>> = {
  phpbb2: {
    post: "tr.post",
    author: ".name",
    date: "table span.postdetails",
    message: ".postbody > div:bare",
    messageShared: false,
    signature: ".signature_div",
    title: "h1.cattitle",
    marks: [".name", ".postbody"],
  },
  phpbb3: {
    post: "div.post",
    author: ".postprofile dt",
    date: "p.author",
    message: ".content > div:bare",
    messageShared: false,
    signature: ".signature_div",
    title: "h1.page-title",
    marks: ["p.author", ".postprofile", ".content"],
  },
  punbb: {
    post: "div.post",
    author: "h4.username",
    date: ".posthead",
    message: ".entry-content > div:bare > div:bare",
    messageShared: false,
    signature: ".sig-content",
    title: "h1",
    marks: [".posthead", "h4.username", ".entry-content"],
  },
  invision: {
    post: "div.post",
    author: ".postprofile-details dt",
    date: "p.author",
    message: ".post-entry > div:bare",
    messageShared: false,
    signature: ".signature_div",
    title: "h1",
    marks: [".postprofile-details", ".post-entry"],
  },
  modernbb: {
    post: "div.post",
    author: ".postprofile-name",
    date: ".topic-date",
    message: ".content > div:bare",
    messageShared: false,
    signature: ".signature_div",
    title: "h1.page-title",
    marks: [".postprofile-name", ".topic-date"],
  },
  awesomebb: {
    post: "div.post-wrap",
    author: ".post-author-name",
    date: ".post-date",
    message: ".post-content",
    messageShared: true,
    signature: ".post-signature",
    title: "h1",
    marks: [".post-author-name", ".post-content"],
  },
  mobile: {
    post: "div.post-section",
    author: ".post-details",
    date: ".post-info .h3",
    message: ".post-content",
    messageShared: true,
    signature: null,
    title: null,
    marks: [".post-details", ".post-content"],
  },
};
