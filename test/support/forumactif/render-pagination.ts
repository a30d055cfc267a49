/**
 * Forumactif's PAGINATION variable for a topic, after the French example in `Etana/template`
 * (`var/PAGINATION.md`): a go-to-page script that carries the per-page count and the last page,
 * then the page links with the current page in bold, `…` between distant pages, and an arrow.
 */
import type { BoardLanguage, TopicModel } from "./model.js";

function pageHref(model: TopicModel, page: number): string {
  const offset = (page - 1) * model.perPage;
  return `/t${model.topicId}${offset > 0 ? `p${offset}` : ""}-${model.slug}`;
}

/** Empty for a single page, as the template's `topicpagination` switch is then off. */
export function renderPagination(model: TopicModel, offset: number, language: BoardLanguage): string {
  const last = Math.max(1, Math.ceil(model.posts.length / model.perPage));
  if (last === 1) return "";
  const current = Math.floor(offset / model.perPage) + 1;
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  let links = "";
  let previous = 0;
  for (const page of shown) {
    if (previous > 0) links += page === previous + 1 ? ", " : " ... ";
    links += page === current ? `<b>${page}</b>` : `<a href="${pageHref(model, page)}">${page}</a>`;
    previous = page;
  }
  const next =
    current < last
      ? `&nbsp;&nbsp;<a href="${pageHref(model, current + 1)}"><img class="sprite-arrow_prosilver_right" src="https://illiweb.com/fa/empty.gif" alt="${language === "fr" ? "Suivant" : "Next"}" /></a>`
      : "";
  const goTo = language === "fr" ? "Aller à la page" : "Go to page";
  return `<script type="text/javascript">
//<![CDATA[
function do_pagination_start()
{
	var start = document.go_page.start.value;
	start = (start > ${last}) ? ${last} : start;
	start = (start - 1) * ${model.perPage};
	start = (isNaN(start) || start < 0 ) ? 0 : start;
self.location.href = start ? ['','t${model.topicId}p'+start+'-${model.slug}'].join('/') : ['','t${model.topicId}-${model.slug}'].join('/');
}
//]]>
</script><a href="javascript:Pagination();">${goTo}</a> : ${links}${next}`;
}
