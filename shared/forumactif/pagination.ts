/**
 * Where a page sits in its topic, from Forumactif's PAGINATION: its go-to-page script states the
 * last page and the posts per page (`start = (start > 3) ? 3 : start; start = (start - 1) * 25;`),
 * and the current page is the bold number among the links that follow it.
 */

import { ForumactifPageError } from "../errors.js";
import type { TopicPagination } from "./types.js";

const SCRIPT =
  /start\s*=\s*\(\s*start\s*>\s*(\d{1,6})\s*\)\s*\?\s*\d{1,6}\s*:\s*start\s*;\s*start\s*=\s*\(\s*start\s*-\s*1\s*\)\s*\*\s*(\d{1,4})/;
const CURRENT = /<(b|strong)>\s*(\d{1,6})\s*<\/\1>/i;
const SINGLE_PAGE: TopicPagination = {
  perPage: null,
  offset: 0,
  currentPage: 1,
  lastPage: 1,
  lastPageOffset: 0,
};

/** The page's place in topic `topicId`; throws when pagination is shown but cannot be read. */
export function readPagination(html: string, topicId: string): TopicPagination {
  const script = SCRIPT.exec(html);
  if (script === null) {
    // No pagination: a single page, unless links to later pages show it was not recognised.
    if (new RegExp(`href="[^"]*/t${topicId}p\\d+-`).test(html)) {
      throw new ForumactifPageError("unknown_template", "page links found but no readable pagination");
    }
    return SINGLE_PAGE;
  }
  const lastPage = Number(script[1]);
  const perPage = Number(script[2]);
  const after = html.slice(script.index, script.index + 20_000);
  const bold = CURRENT.exec(after.slice(after.search(/<\/script>/i) + 1));
  const currentPage = bold === null ? Number.NaN : Number(bold[2]);
  if (!(currentPage >= 1 && currentPage <= lastPage && perPage >= 1)) {
    throw new ForumactifPageError("unknown_template", "the current page is not shown in the pagination");
  }
  // Every page link must agree with the per-page count, or the numbers were misread.
  const links = new RegExp(`<a href="[^"]*/t${topicId}(?:p(\\d+))?-[^"]*">\\s*(\\d+)\\s*</a>`, "g");
  for (let m = links.exec(html); m !== null; m = links.exec(html)) {
    if (Number(m[1] ?? "0") !== (Number(m[2]) - 1) * perPage) {
      throw new ForumactifPageError(
        "unknown_template",
        `page link ${m[2]} disagrees with ${perPage} posts per page`,
      );
    }
  }
  return {
    perPage,
    offset: (currentPage - 1) * perPage,
    currentPage,
    lastPage,
    lastPageOffset: (lastPage - 1) * perPage,
  };
}
