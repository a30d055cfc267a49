/**
 * A whole Forumactif topic page, in any template version, from a topic model: the page a board
 * would serve at `/t{id}-{slug}` or `/t{id}p{offset}-{slug}`. Written from the public default
 * templates' structure (see post-markup.ts); the texts are ours.
 */
import type { TemplateVersion } from "../../../shared/forumactif/types.js";
import { topicUrl } from "../../../shared/forumactif/urls.js";
import { type DateStyle, formatBoardDate } from "./format-date.js";
import type { BoardLanguage, ModelPost, TopicModel } from "./model.js";
import { POST_MARKUP, type PostParts } from "./post-markup.js";
import { renderPagination } from "./render-pagination.js";

/** How the page is shown: template, page, board settings, and the reading instant. */
export interface RenderOptions {
  readonly template: TemplateVersion;
  /** Posts before the page (a multiple of the topic's perPage). */
  readonly offset: number;
  readonly timeZone: string;
  readonly now: string;
  readonly language?: BoardLanguage;
  readonly dateStyle?: DateStyle;
  /** `text`: EDITED_MESSAGE as bare text after two line breaks; `element`: wrapped in a div. */
  readonly editedMarkup?: "text" | "element";
  /** The topic's section as Forumactif names it: JSON-LD in the head, the navigation chain. */
  readonly breadcrumb?: { readonly head: string; readonly chain: string };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function posterName(post: ModelPost): string {
  const styled = `<span style="color:${post.color ?? "#3366cc"}"><strong>${escapeHtml(post.authorName)}</strong></span>`;
  return post.authorId === null ? styled : `<a href="/u${post.authorId}">${styled}</a>`;
}

function editedNote(post: ModelPost, options: RenderOptions): string {
  if (!post.edited) return "";
  const language = options.language ?? "fr";
  const date = formatBoardDate(post.edited.at, {
    timeZone: options.timeZone,
    now: options.now,
    language,
    style: options.dateStyle ?? "auto",
  });
  const by = escapeHtml(post.edited.by);
  const text =
    language === "fr"
      ? `Dernière édition par ${by} le ${date}, édité ${post.edited.count} fois`
      : `Last edited by ${by} on ${date}; edited ${post.edited.count} time${post.edited.count > 1 ? "s" : ""} in total`;
  return options.editedMarkup === "element" ? `<div>${text}</div>` : `<br /><br />${text}`;
}

function postParts(model: TopicModel, post: ModelPost, options: RenderOptions): PostParts {
  return {
    id: post.postId,
    name: posterName(post),
    avatar:
      post.authorId === null ? "" : `<img src="https://2img.net/u/avatars/${post.authorId}.png" alt="" />`,
    date: formatBoardDate(post.createdAt, {
      timeZone: options.timeZone,
      now: options.now,
      language: options.language ?? "fr",
      style: options.dateStyle ?? "auto",
    }),
    message: post.html,
    edited: editedNote(post, options),
    signature: post.signature ?? "",
    subject: `Re: ${escapeHtml(model.title)}`,
    postUrl: `/t${model.topicId}-${model.slug}#${post.postId}`,
    rank: `<span class="rank">Élève</span>`,
  };
}

/** Title and post list wrappers, after each version's viewtopic_body.tpl. */
function body(
  template: TemplateVersion,
  title: string,
  url: string,
  pagination: string,
  posts: string,
): string {
  switch (template) {
    case "phpbb2":
      return `<table width="100%"><tr><td><h1 class="cattitle">&nbsp;${title}</h1></td></tr>
<tr><td class="row1 pagination" colspan="2" align="right" valign="top"><span class="gensmall">${pagination}</span></td></tr></table>
<table class="forumline" width="100%" border="0" cellspacing="1" cellpadding="0">
<tr><th class="thLeft" nowrap="nowrap" width="150px" height="26">Auteur</th><th class="thRight" nowrap="nowrap" colspan="2">Message</th></tr>
${posts}
</table>`;
    case "phpbb3":
      return `<h1 class="page-title"><a href="${url}">${title}</a></h1>
<p class="pagination">${pagination}</p>
${posts}
<p class="pagination">${pagination}</p>`;
    case "punbb":
      return `<h1>${title}</h1><p class="paging">${pagination}</p>
<div class="main-content topic">
${posts}
</div><p class="paging">${pagination}</p>`;
    case "invision":
      return `<div class="topic-title-container"><h1>${title}</h1></div>${pagination}
<div class="borderwrap">
${posts}
</div>${pagination}`;
    case "modernbb":
      return `<div class="sub-header"><div class="sub-header-info"><h1 class="page-title"><a href="${url}">${title}</a></h1></div></div>
<div class="topic-actions"><div class="pagination">${pagination}</div></div>
${posts}
<div class="topic-actions bottom"><div class="pagination">${pagination}</div></div>`;
    case "awesomebb":
      return `<div class="page-header"><h1><a href="${url}">${title}</a></h1></div>
<div class="pagination">${pagination}</div>
${posts}
<div class="pagination">${pagination}</div>`;
    case "mobile":
      return `${pagination}
${posts}
${pagination}`;
  }
}

const BODY_ID: Readonly<Record<TemplateVersion, string>> = {
  phpbb2: "",
  phpbb3: ' id="phpbb"',
  punbb: "",
  invision: "",
  modernbb: ' id="modernbb"',
  awesomebb: ' id="top"',
  mobile: ' id="mpage-body-modern"',
};

/** The full HTML page of a topic at `options.offset`. */
export function renderTopicPage(model: TopicModel, options: RenderOptions): string {
  const pagePosts = model.posts.slice(options.offset, options.offset + model.perPage);
  const url = `/t${model.topicId}${options.offset > 0 ? `p${options.offset}` : ""}-${model.slug}`;
  const title = escapeHtml(model.title);
  const pagination = renderPagination(model, options.offset, options.language ?? "fr");
  const posts = pagePosts
    .map((post) => POST_MARKUP[options.template](postParts(model, post, options)))
    .join("\n");
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="${options.language ?? "fr"}">
<head>
<title>${title}</title>
<meta http-equiv="content-type" content="text/html; charset=utf-8" />
<link rel="canonical" href="${topicUrl("https://duel-club.forumactif.com", model.topicId, 0, model.slug)}" />
<script src="https://illiweb.com/rs3/64/frm/lang/fr.js" type="text/javascript"></script>
<script type="text/javascript">var _userdata = {"session_logged_in":0,"username":"Anonymous","user_id":-1};</script>
${options.breadcrumb ? `${options.breadcrumb.head}\n` : ""}</head>
<body${BODY_ID[options.template]}>
<a id="top" name="top" accesskey="t"></a>
${options.breadcrumb ? `${options.breadcrumb.chain}\n` : ""}${body(options.template, title, url, pagination, posts)}
<a href="/post?t=${model.topicId}&amp;mode=reply" class="button1">Répondre au sujet</a>
<form action="/modcp" method="get"><input type="hidden" name="t" value="${model.topicId}" /></form>
<div id="page-footer"><a href="https://www.forumactif.com" target="_blank">Forum gratuit</a> | ©phpBB | <a href="/abuse">Signaler un abus</a></div>
<script src="https://illiweb.com/rs3/64/frm/common.js" type="text/javascript"></script>
</body>
</html>
`;
}
