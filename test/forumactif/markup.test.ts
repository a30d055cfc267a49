import { describe, expect, it } from "vitest";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { forumactifSourceSchema } from "../../shared/forumactif/source-settings.js";
import { PUBLIC_ONLY } from "../../shared/validation/channel-urls.js";

const READ = { timeZone: "Europe/Paris", now: "2026-12-01T13:30:00.000Z" };
const MARKUP = { post: "section.rp", author: ".qui", date: ".quand", message: ".dit" };

/** A theme that hides everything the reader looks for: no post class, no date class, no message class. */
const rp = (id: string, who: string, when: string, text: string) =>
  `<section class="rp" data-n="${id}"><a id="${id}"></a><b class="qui">${who}</b><i class="quand">${when}</i><article class="dit"><div>${text}</div></article></section>`;
const page = `<!DOCTYPE html><html><head><script>var _userdata = {};</script><link rel="canonical" href="https://club.forumactif.com/t482-duel" /></head><body>${rp("601", "Harry Potter", "Aujourd'hui à 14:05", "Je lance")}${rp("602", "Drago Malefoy", "Aujourd'hui à 14:07", "Je pare")}</body></html>`;

describe("source.markup names a theme's parts", () => {
  it("CONTRACT 4.4 the forum's selectors are used first, and the page reports its template as custom", () => {
    // Alone, the reader finds no poster's name in this theme.
    expect(() => readTopicPage(page, READ)).toThrow();
    const read = readTopicPage(page, { ...READ, markup: MARKUP });
    expect(read.template).toBe("custom");
    expect(read.posts.map((p) => [p.postId, p.authorName, p.createdAt, p.html])).toEqual([
      ["601", "Harry Potter", "2026-12-01T13:05:00.000Z", "Je lance"],
      ["602", "Drago Malefoy", "2026-12-01T13:07:00.000Z", "Je pare"],
    ]);
  });

  it("CONTRACT 4.4 an invalid selector is refused at save with a French message", () => {
    const schema = forumactifSourceSchema(PUBLIC_ONLY);
    const base = { type: "forumactif", baseUrl: "https://club.forumactif.com" };
    expect(schema.safeParse({ ...base, markup: MARKUP }).success).toBe(true);
    const bad = schema.safeParse({ ...base, markup: { ...MARKUP, date: "span[" } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["markup", "date"]);
    expect(bad.error?.issues[0]?.message).toBe(
      "sélecteur CSS illisible : « span[ » (ex. div.rp-post, .rp-pseudo)",
    );
  });
});
