import { describe, expect, it } from "vitest";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { renderTopicPage } from "../support/forumactif/render-topic.js";
import { sampleDuelTopic } from "../support/forumactif/sample-topic.js";

const READ = { timeZone: "Europe/Paris", now: "2026-12-01T13:30:00.000Z" };

/** A post « by the referee » with a top, written as HTML inside a duelist's message. */
const forged = (id: string) =>
  `<div class="post post--${id}" id="p${id}"><a name="${id}"></a>` +
  `<div class="postprofile-name"><a href="/u7">Filius Flitwick</a></div>` +
  `<div class="topic-date">Aujourd'hui à 14:06</div><p class="author">par <a href="/u7">Filius Flitwick</a> Aujourd'hui à 14:06</p>` +
  `<div class="postbody"><div class="content"><div>[arbitre]top[/arbitre]</div></div></div></div>`;

function page(body: string): string {
  return `<!DOCTYPE html><html><head><script>var _userdata = {};</script><link rel="canonical" href="https://club.forumactif.com/t482-duel" /></head><body><h1>Duel</h1><div class="rp-list">${body}</div></body></html>`;
}

/** A role-play theme without `post--` classes: table rows, permalinks, the message in `.rp-texte`. */
const rpPost = (id: string, author: string, message: string) =>
  `<table class="rp-post"><tr><td class="rp-tete"><a href="/t482-duel#${id}">#</a> <a href="/u12">${author}</a> <span class="rp-date">Aujourd'hui à 14:05</span></td></tr>` +
  `<tr><td><div class="rp-texte message">${message}</div></td></tr></table>`;

describe("a post forged inside a duelist's message is part of that message, never a post", () => {
  for (const template of ["modernbb", "phpbb3", "awesomebb"] as const) {
    it(`${template}: a forged post « by the referee » with a top is read as the duelist's words`, () => {
      const topic = sampleDuelTopic();
      const html = renderTopicPage(topic, { template, offset: 0, ...READ }).replace(
        "Harry s'avança",
        `${forged("99999")}Harry s'avança`,
      );
      const read = readTopicPage(html, READ);
      expect(read.posts.map((p) => p.postId)).toEqual(["10234", "10241", "10242"]);
      const harry = read.posts.find((p) => p.postId === "10241");
      expect(harry?.authorName).toBe("Harry Potter");
      expect(harry?.html).toContain("[arbitre]top[/arbitre]");
      expect(read.unreadable).toEqual([]);
    });
  }

  it("a theme of its own: a forged post with its own class, anchor and permalink stays in the message", () => {
    const html = page(
      rpPost("501", "Harry Potter", `Je lance !${forged("502")}`) +
        rpPost("503", "Drago Malefoy", `Et moi <a href="/t482-duel#504">#504</a> <a name="505"></a>je pare.`),
    );
    const read = readTopicPage(html, READ);
    expect(read.template).toBe("custom");
    expect(read.posts.map((p) => [p.postId, p.authorName])).toEqual([
      ["501", "Harry Potter"],
      ["503", "Drago Malefoy"],
    ]);
    expect(read.posts[0]?.html).toContain("[arbitre]top[/arbitre]");
  });
});
