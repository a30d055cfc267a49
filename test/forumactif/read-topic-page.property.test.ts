import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseForumactifDate } from "../../shared/forumactif/dates.js";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { TEMPLATE_VERSIONS } from "../../shared/forumactif/types.js";
import { formatBoardDate } from "../support/forumactif/format-date.js";
import type { ModelPost, TopicModel } from "../support/forumactif/model.js";
import { renderTopicPage } from "../support/forumactif/render-topic.js";
import { expectedPost } from "./expected.js";

const NOW = "2026-12-01T13:30:00.000Z";
const ZONE = "Europe/Paris";

const words = fc.constantFrom(
  "Harry",
  "s'avança",
  "la baguette levée",
  "Expelliarmus !",
  "Protego &amp; Stupéfix",
  "« Jamais, Potter. »",
  "&lt;pas une balise&gt;",
  "10 PV",
  "Dim 29 Nov à 09:15",
);

/** A message as Forumactif renders BBCode: text, line breaks, styles, quotes, spoilers, images. */
const message: fc.Arbitrary<string> = fc.letrec<{ html: string }>((tie) => ({
  html: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    words,
    fc.tuple(tie("html"), tie("html")).map(([a, b]) => `${a}<br />${b}`),
    tie("html").map((inner) => `<strong>${inner}</strong>`),
    tie("html").map((inner) => `<span style="color:#cc0000">${inner}</span>`),
    fc
      .tuple(words, tie("html"))
      .map(
        ([who, inner]) => `<blockquote><div><cite>${who} a écrit:</cite>${inner}</div></blockquote>Réponse`,
      ),
    tie("html").map(
      (inner) =>
        `<div class="spoiler_wrap"><div class="spoiler_title">Spoiler</div><div class="spoiler_content hidden">${inner}</div></div>Suite`,
    ),
    words.map((w) => `${w} <img src="https://2img.net/smiles/sourire.png" alt=":)" longdesc="1" />`),
  ),
})).html;

const minutesBack = fc.integer({ min: 0, max: 2 * 365 * 24 * 60 });
const at = (back: number) => new Date(Date.parse(NOW) - back * 60_000).toISOString();

const post = fc.record({
  author: fc.constantFrom<[string | null, string]>(
    ["12", "Harry Potter"],
    ["15", "Drago Malefoy"],
    ["7", "Filius « Flitwick »"],
    ["21", "Luna O'Neill & Cie"],
    [null, "Maître du jeu"],
  ),
  back: minutesBack,
  html: message,
  signature: fc.option(message, { nil: null }),
  edited: fc.option(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 9 })), {
    nil: null,
  }),
});

/** Instants in the autumn hour that happens twice read as its first occurrence: keep them out. */
function unambiguous(iso: string): boolean {
  const shown = formatBoardDate(iso, { timeZone: ZONE, now: NOW, language: "fr", style: "full" });
  return parseForumactifDate(shown, { timeZone: ZONE, now: NOW }) === iso;
}

describe("Whatever the posts, the template and the page, the reader gives back the model", () => {
  it("property: render any topic page in any version, read it, get its posts exactly", () => {
    fc.assert(
      fc.property(
        fc.array(post, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        fc.constantFrom(...TEMPLATE_VERSIONS),
        fc.constantFrom("fr" as const, "en" as const),
        fc.constantFrom("auto" as const, "full" as const),
        fc.constantFrom("text" as const, "element" as const),
        (drawn, perPage, pick, template, language, dateStyle, editedMarkup) => {
          const posts: ModelPost[] = drawn.map((p, index) => {
            const createdAt = at(p.back);
            const editedAt = p.edited === null ? null : at(Math.max(0, p.back - p.edited[0]));
            return {
              postId: String(5000 + index * 3),
              authorId: p.author[0],
              authorName: p.author[1],
              createdAt,
              html: p.html,
              signature: p.signature,
              edited:
                p.edited === null || editedAt === null
                  ? null
                  : { by: p.author[1], at: editedAt, count: p.edited[1] },
            };
          });
          fc.pre(
            posts.every((p) => unambiguous(p.createdAt) && (p.edited ? unambiguous(p.edited.at) : true)),
          );
          const model: TopicModel = { topicId: "77", slug: "duel", title: "Duel", perPage, posts };
          const pages = Math.ceil(posts.length / perPage);
          const offset = (pick % pages) * perPage;
          const html = renderTopicPage(model, {
            template,
            offset,
            timeZone: ZONE,
            now: NOW,
            language,
            dateStyle,
            editedMarkup,
          });
          const page = readTopicPage(html, { timeZone: ZONE, now: NOW });
          expect(page.template).toBe(template);
          expect(page.posts).toEqual(posts.slice(offset, offset + perPage).map(expectedPost));
          expect(page.pagination.offset).toBe(offset);
          expect(page.pagination.lastPage).toBe(pages);
        },
      ),
      { numRuns: 300 },
    );
  });
});
