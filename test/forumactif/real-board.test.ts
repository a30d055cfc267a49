import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";

/**
 * The one topic page captured from a live role-play board (its truth table is in
 * `../shared/fixtures/README.md`), read where the project's shared folder keeps it: never copied
 * into the repository. A missing file fails the test (CI has it); SHARED_DIR names the folder
 * when the repository is checked out elsewhere.
 */
const SHARED = process.env.SHARED_DIR ?? join(PROJECT_ROOT, "..", "shared");
const FILE = join(
  SHARED,
  "fixtures/forumactif-real/blankthemerpg-forumactif-com_t238-liste-des-membres-amelioree.html",
);

function realPage(): string {
  try {
    return readFileSync(FILE, "utf8");
  } catch (error) {
    throw new Error(`the real board's page is missing at ${FILE} (set SHARED_DIR): ${String(error)}`);
  }
}

/** Read as a guest on 2025-08-22, 15:00 Paris. */
const READ = { timeZone: "Europe/Paris", now: "2025-08-22T13:00:00.000Z" };

const TRUTH: readonly (readonly [string, string, string])[] = [
  ["1092", "(halv)måne", "Bonjour, <br /><br />J'ai suivi le super tuto de Amy"],
  ["1093", "'Christa Lostmindy", "Hello,<br /><br />Il y a une erreur au début de ton"],
  ["1094", "(halv)måne", "Je l'ai enlevé parce que je ne souhaite"],
  ["1095", "(halv)måne", "Voilà ce que ça donne si je remets la li"],
  ["1096", "'Christa Lostmindy", "Ah, c'est encore le système de markdown"],
  ["1097", "(halv)måne", "C'est fait ! <br />Malheureusement c'est toujo"],
  ["1098", "'Christa Lostmindy", "Encore un souci de bug dans le scr&#105;pt"],
  ["1099", "(halv)måne", "Coucou ! <br /><br />La correction a été faite mais"],
  ["1100", "'Christa Lostmindy", "C'est normal que ça ne change pas, tu as"],
  ["1101", "(halv)måne", "Je l'aurais fait moi-même, c'est très ge"],
];

describe("a real board's customised theme (blankthemerpg, topic 238)", () => {
  it("reads its 10 posts with their ids, guests' names and messages; the two ads are not posts", () => {
    const page = readTopicPage(realPage(), READ);
    expect(page.template).toBe("custom");
    expect(page.topicId).toBe("238");
    expect(page.title).toBe("Liste des membres améliorée");
    const shown = [...page.posts.map((p) => p.postId), ...page.unreadable.map((u) => u.postId)];
    expect(shown.sort()).toEqual(TRUTH.map(([id]) => id));
    for (const [id, author, start] of TRUTH) {
      const post = page.posts.find((p) => p.postId === id);
      const unreadable = page.unreadable.find((u) => u.postId === id);
      expect(post?.authorName ?? unreadable?.authorName, id).toBe(author);
      if (post !== undefined) {
        expect(post.authorId, id).toBeNull();
        expect(post.html.startsWith(start), `${id}: ${post.html.slice(0, 60)}`).toBe(true);
      }
    }
  });

  it("reads the dates the current date reader reads, and lists the others with their problem", () => {
    const page = readTopicPage(realPage(), READ);
    // What today's date reader gives on this page: every date read, at its Paris minute.
    expect(page.posts.map((p) => [p.postId, p.createdAt])).toEqual([
      ["1092", "2025-08-20T10:39:00.000Z"],
      ["1093", "2025-08-20T14:11:00.000Z"],
      ["1094", "2025-08-20T15:13:00.000Z"],
      ["1095", "2025-08-20T15:22:00.000Z"],
      ["1096", "2025-08-20T17:01:00.000Z"],
      ["1097", "2025-08-20T18:55:00.000Z"],
      ["1098", "2025-08-21T00:13:00.000Z"],
      ["1099", "2025-08-21T07:37:00.000Z"],
      ["1100", "2025-08-21T11:14:00.000Z"],
      ["1101", "2025-08-21T15:43:00.000Z"],
    ]);
    expect(page.unreadable).toEqual([]);
  });

  it("one post whose date is gone leaves the others read, and is listed with its id, author and problem", () => {
    const html = realPage().replace("<time>Mer 20 Aoû - 17:13</time>", "<time>un jour</time>");
    const page = readTopicPage(html, READ);
    expect(page.posts.map((p) => p.postId)).not.toContain("1094");
    expect(page.posts).toHaveLength(9);
    expect(page.unreadable).toEqual([
      {
        postId: "1094",
        authorName: "(halv)måne",
        problem: "sa date « un jour » ne se lit pas",
        after: "1093",
      },
    ]);
  });
});
