/**
 * A section's page of topics (`/f{id}-{slug}`, `/f{id}p{offset}-{slug}`) as a board serves it, after
 * the default `topics_list_box.tpl` of `Etana/template`: phpBB2 (`src/subsilver`, a table row per
 * topic) and ModernBB (`src/modernbb`, a `li.row` per topic; the other versions are shown as
 * ModernBB). What Forumactif writes into the template's variables is ours: `U_VIEW_TOPIC` the
 * topic's first page, `GOTO_PAGE` links to its pages, `LAST_POST_IMG` a link to the last post
 * (`/t{id}p{offset}-{slug}#{postId}`), `LAST_POST_TIME` the board's date.
 */
import type { TemplateVersion } from "../../../shared/forumactif/types.js";
import { formatBoardDate } from "./format-date.js";
import type { BoardLanguage, ModelPost, TopicModel } from "./model.js";
import { escapeHtml } from "./render-topic.js";

/** A section of the board: where its topics are listed. */
export interface SectionModel {
  readonly sectionId: string;
  readonly slug: string;
  readonly title: string;
}

export interface SectionRenderOptions {
  readonly template: TemplateVersion;
  /** Topics before the page. */
  readonly offset: number;
  readonly perPage: number;
  readonly timeZone: string;
  readonly now: string;
  readonly language: BoardLanguage;
}

function topicHref(topic: Pick<TopicModel, "topicId" | "slug">, offset = 0): string {
  return `/t${topic.topicId}${offset > 0 ? `p${offset}` : ""}-${topic.slug}`;
}

function sectionHref(section: SectionModel, offset: number): string {
  return `/f${section.sectionId}${offset > 0 ? `p${offset}` : ""}-${section.slug}`;
}

interface RowParts {
  readonly title: string;
  readonly href: string;
  readonly goTo: string;
  readonly replies: number;
  readonly author: string;
  readonly lastAuthor: string;
  readonly lastTime: string;
  readonly lastImg: string;
}

function rowParts(topic: TopicModel, last: ModelPost, options: SectionRenderOptions): RowParts {
  const lastOffset = Math.floor((topic.posts.length - 1) / topic.perPage) * topic.perPage;
  const pages = Math.ceil(topic.posts.length / topic.perPage);
  const goTo =
    pages > 1
      ? `<strong class="pagination"><span>${Array.from(
          { length: pages },
          (_, i) => `<a href="${topicHref(topic, i * topic.perPage)}">${i + 1}</a>`,
        ).join('<span class="page-sep">, </span>')}</span></strong>`
      : "";
  const first = topic.posts[0];
  const profile = (post: ModelPost | undefined) =>
    post === undefined
      ? ""
      : post.authorId === null
        ? `<strong>${escapeHtml(post.authorName)}</strong>`
        : `<a href="/u${post.authorId}"><span style="color:#3366cc"><strong>${escapeHtml(post.authorName)}</strong></span></a>`;
  return {
    title: escapeHtml(topic.title),
    href: topicHref(topic),
    goTo,
    replies: topic.posts.length - 1,
    author: profile(first),
    lastAuthor: profile(last),
    lastTime: formatBoardDate(last.createdAt, {
      timeZone: options.timeZone,
      now: options.now,
      language: options.language,
      style: "auto",
    }),
    lastImg: `<a href="${topicHref(topic, lastOffset)}#${last.postId}"><img src="https://2img.net/i/fa/empty.gif" alt="${options.language === "fr" ? "Voir le dernier message" : "View latest post"}" class="icon_latest_reply" /></a>`,
  };
}

function phpbb2Row(row: RowParts): string {
  return `	<tr>
		<td class="row1" align="center" valign="middle" width="20"><img title="Pas de nouveaux messages" src="https://illiweb.com/fa/subsilver/folder.gif" alt="Pas de nouveaux messages" /></td>
		<td class="row1" width="100%">
			<div class="topictitle"><h2 class="topic-title"><a class="topictitle" href="${row.href}">${row.title}</a></h2></div>
			<span class="gensmall">${row.goTo}</span>
		</td>
		<td class="row2" align="center" valign="middle"><span class="postdetails">${row.replies}</span></td>
		<td class="row3" align="center" valign="middle"><span class="name"><strong>${row.author}</strong></span></td>
		<td class="row2" align="center" valign="middle"><span class="postdetails">${row.replies * 7 + 3}</span></td>
		<td class="row3Right" align="center" valign="middle" nowrap="nowrap"><span class="postdetails">${row.lastTime}<br />${row.lastAuthor} ${row.lastImg}</span></td>
	</tr>`;
}

function modernbbRow(row: RowParts): string {
  return `		<li class="row bg2">
			<dl class="icon" style="background-image:url('https://illiweb.com/fa/empty.gif');">
				<dd class="dterm">
					<div class="topic-title-container"><h2 class="topic-title hierarchy"><a class="topictitle" href="${row.href}">${row.title}</a></h2></div>
					<span class="topic-author">&nbsp;par&nbsp;${row.author}</span>
					${row.goTo}
				</dd>
				<dd class="posts">${row.replies} <dfn>Réponses</dfn></dd>
				<dd class="views">${row.replies * 7 + 3} <dfn>Vues</dfn></dd>
				<dd class="lastpost"><span>${row.lastAuthor}&nbsp;<dfn>Dernier message</dfn> ${row.lastImg}<br />${row.lastTime}</span></dd>
			</dl>
		</li>`;
}

function pagination(section: SectionModel, offset: number, perPage: number, total: number): string {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) return "";
  const current = Math.floor(offset / perPage) + 1;
  return Array.from({ length: pages }, (_, i) =>
    i + 1 === current ? `<b>${i + 1}</b>` : `<a href="${sectionHref(section, i * perPage)}">${i + 1}</a>`,
  ).join(", ");
}

/**
 * The section's page after `options.offset` topics: `topics` newest last post first (the board's
 * default order), the page's rows in the template's markup.
 */
export function renderSectionPage(
  section: SectionModel,
  topics: readonly TopicModel[],
  options: SectionRenderOptions,
): string {
  const shown = topics.slice(options.offset, options.offset + options.perPage);
  const rows = shown.flatMap((topic) => {
    const last = topic.posts.at(-1);
    return last === undefined ? [] : [rowParts(topic, last, options)];
  });
  const pages = pagination(section, options.offset, options.perPage, topics.length);
  const title = escapeHtml(section.title);
  const list =
    options.template === "phpbb2"
      ? `<table class="forumline" width="100%" border="0" cellspacing="1" cellpadding="0">
	<tr><th colspan="2" align="center">&nbsp;Sujets&nbsp;</th><th>&nbsp;Réponses&nbsp;</th><th>&nbsp;Auteur&nbsp;</th><th>&nbsp;Vues&nbsp;</th><th>&nbsp;Derniers messages&nbsp;</th></tr>
	<tr><td class="row1" colspan="7" align="right"><span class="gensmall">${pages}</span></td></tr>
${rows.map(phpbb2Row).join("\n")}
</table>`
      : `<div class="forumbg"><ul class="topiclist topics"><li class="header"><dl class="icon"><dt>Sujets</dt></dl></li></ul>
		<ul class="topiclist topics bg_none">
${rows.map(modernbbRow).join("\n")}
		</ul></div>
<div class="pagination">${pages}</div>`;
  return `<!DOCTYPE html>
<html lang="${options.language}">
<head>
<title>${title}</title>
<meta http-equiv="content-type" content="text/html; charset=utf-8" />
</head>
<body>
<h1 class="page-title"><a href="${sectionHref(section, 0)}">${title}</a></h1>
<div class="navbar"><a class="nav" href="/forum">Club de duel</a>&nbsp;::&nbsp;<a class="nav" href="${sectionHref(section, 0)}">${title}</a></div>
${list}
<form action="/search" method="get"><select name="f"><option value="/f${section.sectionId}-${section.slug}">${title}</option></select></form>
<div id="page-footer"><a href="https://www.forumactif.com">Forum gratuit</a> | ©phpBB</div>
</body>
</html>
`;
}

/**
 * What a topic page says of its section, as Forumactif writes it in every page: a BreadcrumbList
 * in the head (JSON-LD, after the one captured from a real board) and the navigation chain.
 */
export function topicBreadcrumb(
  baseUrl: string,
  section: SectionModel,
  topic: Pick<TopicModel, "topicId" | "slug" | "title">,
): { head: string; chain: string } {
  const at = (path: string) => `${baseUrl}${path}`.replace(/\//g, "\\/");
  const list = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, item: { "@id": "__HOME__", name: "Forum" } },
      { "@type": "ListItem", position: 2, item: { "@id": "__CAT__", name: "Club" } },
      { "@type": "ListItem", position: 3, item: { "@id": "__SECTION__", name: section.title } },
      { "@type": "ListItem", position: 4, item: { "@id": "__TOPIC__", name: topic.title } },
    ],
  };
  const json = JSON.stringify(list)
    .replace('"__HOME__"', `"${at("/")}"`)
    .replace('"__CAT__"', `"${at("/c1-club")}"`)
    .replace('"__SECTION__"', `"${at(sectionHref(section, 0))}"`)
    .replace('"__TOPIC__"', `"${at(topicHref(topic))}"`);
  return {
    head: `<script type="application/ld+json">${json}</script>`,
    chain: `<span class="navigation_chain">&nbsp;::&nbsp;<a href="/c1-club" class="nav"><span>Club</span></a>&nbsp;::&nbsp;<a href="${sectionHref(section, 0)}" class="nav"><span>${escapeHtml(section.title)}</span></a></span>`,
  };
}
