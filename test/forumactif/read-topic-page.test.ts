import { describe, expect, it } from "vitest";
import { ForumactifPageError } from "../../shared/errors.js";
import { detectTemplate, readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { TEMPLATE_VERSIONS, type TemplateVersion } from "../../shared/forumactif/types.js";
import type { TopicModel } from "../support/forumactif/model.js";
import { type RenderOptions, renderTopicPage } from "../support/forumactif/render-topic.js";
import { sampleDuelTopic } from "../support/forumactif/sample-topic.js";
import { expectedPost } from "./expected.js";

const board = { timeZone: "Europe/Paris", now: "2026-12-01T13:30:00.000Z" };
const topic = sampleDuelTopic();

function render(
  template: TemplateVersion,
  offset: number,
  extra: Partial<RenderOptions> = {},
  model = topic,
) {
  return renderTopicPage(model, { template, offset, ...board, ...extra });
}

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ForumactifPageError) return error.code;
    throw error;
  }
  return "no error";
}

describe("A topic page reads back exactly the posts it shows, in every template version", () => {
  for (const template of TEMPLATE_VERSIONS) {
    it(`${template}: every page, posts, authors, dates, messages without signature, edited notes`, () => {
      for (const offset of [0, 3, 6]) {
        const page = readTopicPage(render(template, offset), board);
        expect(page.template).toBe(template);
        expect(page.topicId).toBe("482");
        // The mobile template writes no title bar: the page's own <title> holds it (CONTRACT 4.4).
        expect(page.title).toBe(topic.title);
        expect(page.pagination).toEqual({
          perPage: 3,
          offset,
          currentPage: offset / 3 + 1,
          lastPage: 3,
          lastPageOffset: 6,
        });
        expect(page.posts).toEqual(topic.posts.slice(offset, offset + 3).map(expectedPost));
      }
    });

    it(`${template}: English board, full dates, and a forced template setting`, () => {
      const html = render(template, 3, { language: "en", dateStyle: "full" });
      const page = readTopicPage(html, { ...board, template });
      expect(page.posts).toEqual(topic.posts.slice(3, 6).map(expectedPost));
    });

    it(`${template}: detected from the page`, () => {
      expect(detectTemplate(render(template, 0))).toBe(template);
    });
  }

  it("a single page has no pagination and reads as page 1 of 1", () => {
    const short: TopicModel = { ...topic, perPage: 25 };
    const page = readTopicPage(render("modernbb", 0, {}, short), board);
    expect(page.pagination).toEqual({
      perPage: null,
      offset: 0,
      currentPage: 1,
      lastPage: 1,
      lastPageOffset: 0,
    });
    expect(page.posts).toHaveLength(7);
  });

  it("AwesomeBB keeps the edited note out of the message whether it is bare text or an element", () => {
    for (const editedMarkup of ["text", "element"] as const) {
      const page = readTopicPage(render("awesomebb", 0, { editedMarkup }), board);
      expect(page.posts).toEqual(topic.posts.slice(0, 3).map(expectedPost));
    }
  });

  it("a quoted edited note inside a message is the member's text, not the post's note", () => {
    const quoting: TopicModel = {
      ...topic,
      posts: [
        {
          ...topic.posts[0],
          postId: "1",
          authorId: "2",
          authorName: "Hermione Granger",
          createdAt: "2026-11-20T10:00:00.000Z",
          html: "<blockquote><div>Dernière édition par Ron le Lun 16 Nov 2026 - 10:00, édité 1 fois</div></blockquote>Merci Ron.",
          edited: null,
        },
      ],
    };
    for (const template of ["phpbb3", "awesomebb"] as const) {
      const page = readTopicPage(render(template, 0, {}, quoting), board);
      expect(page.posts[0]?.edited).toBeNull();
      expect(page.posts[0]?.html).toContain("Merci Ron.");
    }
  });
});

describe("A signature is never the message nor its edited note", () => {
  it("a signature that imitates an edited note leaves the post unedited, in every version", () => {
    const imitating: TopicModel = {
      ...topic,
      posts: [
        {
          postId: "9",
          authorId: "12",
          authorName: "Harry Potter",
          createdAt: "2026-11-20T10:00:00.000Z",
          html: "Lumos.",
          signature: "Dernière édition par Dumbledore le Lun 16 Nov 2026 - 10:00, édité 9 fois",
          edited: null,
        },
      ],
    };
    for (const template of TEMPLATE_VERSIONS) {
      const page = readTopicPage(render(template, 0, {}, imitating), board);
      expect(page.posts[0]).toMatchObject({ html: "Lumos.", edited: null });
    }
  });
});

describe("Nothing is decided from a page that was not read whole", () => {
  it("a page cut short in transfer is incomplete_page", () => {
    const html = render("phpbb3", 0);
    expect(codeOf(() => readTopicPage(html.slice(0, Math.floor(html.length * 0.6)), board))).toBe(
      "incomplete_page",
    );
  });

  it("what a host adds after </html> does not make a whole page incomplete", () => {
    const html = `${render("phpbb3", 6)}<!-- page générée en 0.12 s --><script>var stats = 1;</script>\n`;
    expect(readTopicPage(html, board).posts).toEqual(topic.posts.slice(6).map(expectedPost));
  });

  it("a page before the last with a post missing is incomplete_page", () => {
    const html = render("modernbb", 0).replace(/<div id="p10241"[\s\S]*?(?=<div id="p10242")/, "");
    expect(codeOf(() => readTopicPage(html, board))).toBe("incomplete_page");
  });

  it("a post id shown twice is refused for that post only, the others read", () => {
    const html = render("modernbb", 6);
    const block = /<div id="p10270"[\s\S]*?<\/div>\s*<\/div>\s*<\/div>\s*<\/div>/.exec(html)?.[0] ?? "";
    expect(block).not.toBe("");
    const page = readTopicPage(html.replace(block, block + block), board);
    const expected = topic.posts.slice(6).map(expectedPost);
    expect(page.posts).toEqual(expected.filter((post) => post.postId !== "10270"));
    expect(page.unreadable).toEqual([
      expect.objectContaining({
        postId: "10270",
        problem: "ce numéro de message apparaît plusieurs fois dans la page",
      }),
    ]);
  });

  it("a post whose date was replaced by something unreadable makes the template unknown", () => {
    const html = render("phpbb2", 6).replace("Aujourd'hui à 14:05", "il y a un moment");
    expect(codeOf(() => readTopicPage(html, board))).toBe("unknown_template");
  });

  it("a post whose author is not where the template puts it is read from the profile link, as any theme's", () => {
    const html = render("punbb", 0).replace(/<h4 class="username">/g, '<h4 class="pseudo">');
    const page = readTopicPage(html, board);
    expect(page.posts.map((post) => [post.postId, post.authorId, post.authorName])).toEqual(
      topic.posts.slice(0, 3).map((post) => [post.postId, post.authorId, post.authorName]),
    );
  });

  it("a customised template that no row of the table fits is read as the board's own theme, a forced wrong version too", () => {
    const custom = render("modernbb", 0).replace(/class="postprofile-name"/g, 'class="nom-du-membre"');
    const expected = topic.posts.slice(0, 3).map(expectedPost);
    const page = readTopicPage(custom, board);
    expect(page.template).toBe("custom");
    expect(page.posts).toEqual(expected);
    expect(detectTemplate(custom)).toBe("custom");
    const forced = readTopicPage(render("invision", 0), { ...board, template: "phpbb3" });
    expect(forced.template).toBe("custom");
    expect(forced.posts.map((post) => [post.postId, post.authorName, post.createdAt])).toEqual(
      expected.map((post) => [post.postId, post.authorName, post.createdAt]),
    );
  });

  it("page links without a readable pagination are refused", () => {
    const html = render("phpbb3", 0).replace(/start = \(start > 3\) \? 3 : start;/g, "");
    expect(codeOf(() => readTopicPage(html, board))).toBe("unknown_template");
  });

  it("a page that is not from Forumactif is not_forumactif", () => {
    expect(codeOf(() => readTopicPage("<html><body><p>Bonjour</p></body></html>", board))).toBe(
      "not_forumactif",
    );
    expect(codeOf(() => readTopicPage('{"error":"nope"}', board))).toBe("not_forumactif");
  });
});

describe("Hostile pages are refused with a code", () => {
  it("broken markup, deep nesting and runs of quotes give a page error, not a hang or a crash", () => {
    const wrap = (body: string) =>
      `<html><head><script src="https://illiweb.com/x.js"></script></head><body>${body}</body></html>`;
    // Pages that name no topic and hold no post: no topic page (CONTRACT 4.4).
    for (const body of ["<".repeat(100_000), "<a ".repeat(15_000), "'".repeat(50_000)]) {
      expect(codeOf(() => readTopicPage(wrap(body), board))).toBe("not_a_topic");
    }
    expect(codeOf(() => readTopicPage(wrap("<a ".repeat(30_000)), board))).toBe("too_complex");
    // Nesting beyond any board's page is refused as such (the tree builder would turn quadratic).
    expect(codeOf(() => readTopicPage(wrap("<div>".repeat(30_000)), board))).toBe("too_complex");
    const nested = `<div class="post post--5" id="p5">${"<div>".repeat(20_000)}</div>`;
    expect(codeOf(() => readTopicPage(wrap(nested), board))).toBe("too_complex");
  });

  it("1 MB of unbalanced tags is read or refused in linear time (far under 3 s of CPU each)", () => {
    const MB = 1 << 20;
    const page = (unit: string) =>
      `<html><head><script src="https://illiweb.com/x.js"></script></head><body><div class="post post--5">${unit.repeat(MB / unit.length)}</div></body></html>`;
    for (const unit of [
      "<p>x",
      "<b><p>x</b>y",
      "<div>",
      "</div>",
      "<table><tr><td>",
      "<li><span>",
      '<a href="/u1">x</b></i>',
      "<p class='postbody'>Mer 20 Aoû - 12:39 ",
    ]) {
      // CPU time, not wall time: the machine running the tests may be shared. The process's CPU
      // counts the other test threads' too, hence a bound far above one page's work: quadratic work
      // on a megabyte would take minutes.
      const before = process.cpuUsage();
      const code = codeOf(() => readTopicPage(page(unit), board));
      const used = process.cpuUsage(before);
      expect(["too_complex", "unknown_template", "not_a_topic"]).toContain(code);
      expect((used.user + used.system) / 1000, unit).toBeLessThan(3000);
    }
  });
});
