import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { memoryHarness } from "../support/harness.js";
import { jsonRequest } from "../support/requests.js";

/** The page captured from a live role-play board (never copied here: `../shared/fixtures/README.md`). */
const SHARED = process.env.SHARED_DIR ?? join(PROJECT_ROOT, "..", "shared");
const REAL_PAGE = join(
  SHARED,
  "fixtures/forumactif-real/blankthemerpg-forumactif-com_t238-liste-des-membres-amelioree.html",
);

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

describe("CONTRACT 4.4 the real board's page through the preview", () => {
  it("previews as its 10 posts, their authors and their Paris times, the ads left out", async () => {
    const real = readFileSync(REAL_PAGE, "utf8");
    // Read as a guest on 2025-08-22 at 15:00 Paris, as it was captured.
    const h = await memoryHarness({ forumactif: { reader: topicReader }, start: "2025-08-22T13:00:00.000Z" });
    board = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
    await h.forum({ source: { type: "forumactif", baseUrl: board.url } });
    board.createTopic({ title: "Liste des membres améliorée", topicId: "238" });
    // The fake board serves a topic that has posts; the page it serves is the real board's.
    board.addPost("238", { authorId: "1", authorName: "(halv)måne", html: "Bonjour" });
    board.setTheme(() => real);
    const issued = await h.admin("POST", "/forums/poudlard/credentials", {
      role: "forum-admin",
      name: "Albus",
    });
    const res = await jsonRequest(
      h.app,
      String(issued.body.token),
      "POST",
      "/forums/poudlard/source/preview",
      {
        topic: "238",
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const posts = res.body.posts as {
      id: string;
      author: string;
      createdAt: string | null;
      problem: string | null;
    }[];
    expect(posts.map((p) => [p.id, p.author])).toEqual([
      ["1092", "(halv)måne"],
      ["1093", "'Christa Lostmindy"],
      ["1094", "(halv)måne"],
      ["1095", "(halv)måne"],
      ["1096", "'Christa Lostmindy"],
      ["1097", "(halv)måne"],
      ["1098", "'Christa Lostmindy"],
      ["1099", "(halv)måne"],
      ["1100", "'Christa Lostmindy"],
      ["1101", "(halv)måne"],
    ]);
    expect(posts.every((p) => p.problem === null)).toBe(true);
    // « Mer 20 Aoû - 12:39 » (no year: 2025, a Wednesday) and « Hier à 2:13 », Paris time (UTC+2).
    expect(posts[0]?.createdAt).toBe("2025-08-20T10:39:00.000Z");
    expect(posts[5]?.createdAt).toBe("2025-08-20T18:55:00.000Z");
    expect(posts[6]?.createdAt).toBe("2025-08-21T00:13:00.000Z");
    expect(posts[9]?.createdAt).toBe("2025-08-21T15:43:00.000Z");
  });
});
