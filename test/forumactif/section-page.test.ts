import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { readSectionPage, sectionOfTopicPage } from "../../shared/forumactif/section-page.js";
import type { ModelPost, TopicModel } from "../support/forumactif/model.js";
import { renderSectionPage } from "../support/forumactif/render-section.js";

/** The topic page captured from a live board (see real-board.test.ts), in the project's shared folder. */
const SHARED = process.env.SHARED_DIR ?? join(PROJECT_ROOT, "..", "shared");
const REAL = join(
  SHARED,
  "fixtures/forumactif-real/blankthemerpg-forumactif-com_t238-liste-des-membres-amelioree.html",
);

const post = (postId: string): ModelPost => ({
  postId,
  authorId: "42",
  authorName: "Alice Dubois",
  createdAt: "2026-11-30T09:00:00.000Z",
  html: "Un mot",
});

/** A topic of `count` posts whose ids start at `first`, 25 a page. */
function topic(topicId: string, first: number, count: number): TopicModel {
  const posts = Array.from({ length: count }, (_, i) => post(String(first + i)));
  return { topicId, slug: "duel", title: `Duel ${topicId}`, perPage: 25, posts };
}

const SECTION = { sectionId: "3", slug: "salle-de-duel", title: "Salle de duel" };
const OPTIONS = {
  perPage: 2,
  timeZone: "Europe/Paris",
  now: "2026-11-30T10:00:00.000Z",
  language: "fr" as const,
};

describe("a section's list of topics, read from what Forumactif writes in any theme", () => {
  // Newest last post first, as the board lists them; the second topic spans two pages.
  const topics = [topic("12", 900, 2), topic("15", 700, 30), topic("11", 500, 1)];

  for (const template of ["modernbb", "phpbb2"] as const)
    it(`${template}: each topic's last post from its « last post » link, and the list's next page`, () => {
      const first = readSectionPage(
        renderSectionPage(SECTION, topics, { ...OPTIONS, template, offset: 0 }),
        "3",
        0,
      );
      expect(first).toEqual({
        sectionId: "3",
        offset: 0,
        lastPosts: { "12": "901", "15": "729" },
        oldestLastPost: "729",
        nextOffset: 2,
      });
      const second = readSectionPage(
        renderSectionPage(SECTION, topics, { ...OPTIONS, template, offset: 2 }),
        "3",
        2,
      );
      expect(second).toMatchObject({ lastPosts: { "11": "500" }, nextOffset: null });
    });

  it("absolute links are read; a topic linked twice has the newer post as its last; other anchors are not posts", () => {
    const html = `<table>
<tr><td><a href="https://club.forumactif.com/t12-duel">Duel</a> <a href="/t12-duel#unread">nouveau</a></td>
<td><a href="https://club.forumactif.com/t12p25-duel#880">Lun 30 Nov</a> <a href="/t12p25-duel#901"><img alt="" /></a></td></tr>
<tr><td><a href="/t13-autre">Autre</a></td><td><a href="/t13-autre#600"><img alt="" /></a></td></tr>
</table><a href="/f3p50-salle">2</a> <a href="/f4p50-autre-salle">ailleurs</a>`;
    expect(readSectionPage(html, "3", 0)).toEqual({
      sectionId: "3",
      offset: 0,
      lastPosts: { "12": "901", "13": "600" },
      oldestLastPost: "600",
      nextOffset: 50,
    });
  });

  it("a page that lists no topic (a login form, a theme without the links) lists nothing", () => {
    expect(readSectionPage("<form action='/login'></form>", "3", 0)).toMatchObject({
      lastPosts: {},
      oldestLastPost: null,
      nextOffset: null,
    });
  });
});

describe("the section a topic page belongs to", () => {
  it("the real board's page: its BreadcrumbList names /f3-support, and so does its navigation chain", () => {
    const html = readFileSync(REAL, "utf8");
    expect(sectionOfTopicPage(html)).toBe("3");
    expect(sectionOfTopicPage(html.replace(/BreadcrumbList/g, "Removed"))).toBe("3");
  });

  it("the nearest section: a sub-section rather than its parent; none when the page names none", () => {
    const crumbs = (ids: string[]) =>
      `<script type="application/ld+json">${JSON.stringify({
        "@type": "BreadcrumbList",
        itemListElement: ids.map((path, i) => ({
          "@type": "ListItem",
          position: i + 1,
          item: { "@id": path },
        })),
      })}</script>`;
    expect(sectionOfTopicPage(crumbs(["/", "/c1-club", "/f3-salles", "/f9-petite-salle", "/t12-duel"]))).toBe(
      "9",
    );
    expect(sectionOfTopicPage(`<a href="/f3-salle">Salle</a><p>Un sujet</p>`)).toBeNull();
  });
});
