import { afterEach, describe, expect, it } from "vitest";
import { ForumactifPageError } from "../../shared/errors.js";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { duelFace } from "../support/forumactif/dice-markup.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { expectedPost } from "./expected.js";

let board: FakeBoard | null = null;
afterEach(async () => {
  await board?.close();
  board = null;
});

let clock = "2026-12-01T13:30:00.000Z";
const ctx = () => ({ timeZone: "Europe/Paris", now: clock });

async function start(template: "phpbb2" | "modernbb" | "awesomebb" = "modernbb"): Promise<FakeBoard> {
  clock = "2026-12-01T13:30:00.000Z";
  board = await FakeBoard.start({ template, perPage: 3, now: () => clock });
  return board;
}

async function get(b: FakeBoard, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${b.url}${path}`, {
    headers: { "user-agent": "duel-referee-test", ...headers },
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
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

describe("The fake Forumactif board", () => {
  it("serves a topic's pages that the reader reads back, and follows replies, edits and deletions", async () => {
    const b = await start();
    const topic = b.createTopic({ title: "Duel : Harry contre Drago", slug: "duel-harry-drago" });
    const first = b.addPost(topic, { authorId: "7", authorName: "Filius Flitwick", html: "Saluez-vous." });
    const harry = b.addPost(topic, {
      authorId: "12",
      authorName: "Harry Potter",
      html: "<strong>Sort :</strong> Expelliarmus",
    });
    const roll = b.addDiceRoll(topic, "Harry Potter", [
      { dieName: "Duel", faceImages: [duelFace(3), duelFace(5)] },
    ]);
    const drago = b.addPost(topic, { authorId: "15", authorName: "Drago Malefoy", html: "Protego !" });

    const page1 = readTopicPage((await get(b, `/t${topic}-duel-harry-drago`)).body, ctx());
    expect(page1.posts).toEqual([first, harry, roll].map(expectedPost));
    expect(page1.pagination).toMatchObject({ currentPage: 1, lastPage: 2, lastPageOffset: 3 });
    const page2 = readTopicPage((await get(b, `/t${topic}p3-duel-harry-drago`)).body, ctx());
    expect(page2.posts).toEqual([drago].map(expectedPost));

    clock = "2026-12-01T13:42:00.000Z";
    const edited = b.editPost(drago.postId, "Protego Maxima !");
    b.deletePost(first.postId);
    const after = readTopicPage((await get(b, `/t${topic}p3-duel-harry-drago`)).body, ctx());
    expect(after.pagination).toMatchObject({ currentPage: 1, lastPage: 1 });
    expect(after.posts.map((p) => p.postId)).toEqual([harry.postId, roll.postId, drago.postId]);
    expect(after.posts[2]).toEqual(expectedPost(edited));
    expect(after.posts[2]?.edited).toEqual({ by: "Drago Malefoy", at: "2026-12-01T13:42:00.000Z", count: 1 });
  });

  it("answers 304 to a conditional request when the topic did not change, 200 once it did", async () => {
    const b = await start("phpbb2");
    const topic = b.createTopic({ title: "Duel" });
    b.addPost(topic, { authorId: "12", authorName: "Harry Potter", html: "Lumos" });
    const first = await get(b, `/t${topic}-duel`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await get(b, `/t${topic}-duel`, { "if-none-match": etag })).status).toBe(304);
    const since = first.headers.get("last-modified") ?? "";
    expect((await get(b, `/t${topic}-duel`, { "if-modified-since": since })).status).toBe(304);
    clock = "2026-12-01T13:35:00.000Z";
    b.addPost(topic, { authorId: "15", authorName: "Drago Malefoy", html: "Nox" });
    const changed = await get(b, `/t${topic}-duel`, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(readTopicPage(changed.body, ctx()).posts).toHaveLength(2);
    expect(b.topicRequests(topic).map((r) => [r.status, r.headers["user-agent"]])).toEqual([
      [200, "duel-referee-test"],
      [304, "duel-referee-test"],
      [304, "duel-referee-test"],
      [200, "duel-referee-test"],
    ]);
  });

  it("fails the next requests on demand, then serves again", async () => {
    const b = await start();
    const topic = b.createTopic({ title: "Duel" });
    b.addPost(topic, { authorId: "12", authorName: "Harry Potter", html: "Lumos" });
    b.failNext(429);
    b.failNext(503, 2);
    const limited = await get(b, `/t${topic}-duel`);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "60"]);
    expect((await get(b, `/t${topic}-duel`)).status).toBe(503);
    expect((await get(b, `/t${topic}-duel`)).status).toBe(503);
    expect((await get(b, `/t${topic}-duel`)).status).toBe(200);
  });

  it("shows the maintenance page, the login page and the missing-topic page, which the reader refuses", async () => {
    const b = await start("awesomebb");
    const topic = b.createTopic({ title: "Duel", guestsCanRead: false });
    b.addPost(topic, { authorId: "12", authorName: "Harry Potter", html: "Lumos" });
    expect(codeOf(() => readTopicPage("", ctx()))).toBe("not_forumactif");
    const login = await get(b, `/t${topic}-duel`);
    expect(codeOf(() => readTopicPage(login.body, ctx()))).toBe("login_required");
    b.setGuestsCanRead(topic, true);
    expect(readTopicPage((await get(b, `/t${topic}-duel`)).body, ctx()).posts).toHaveLength(1);
    const missing = await get(b, "/t9999-duel");
    expect(missing.status).toBe(404);
    expect(codeOf(() => readTopicPage(missing.body, ctx()))).toBe("not_found");
    b.setMaintenance(true);
    const maintenance = await get(b, `/t${topic}-duel`);
    expect(maintenance.status).toBe(200);
    expect(codeOf(() => readTopicPage(maintenance.body, ctx()))).toBe("maintenance");
    b.setMaintenance(false);
    expect((await get(b, "/")).body).toContain("forumactif");
  });

  it("shows the last page for an offset past the end, as the reader's pagination tells", async () => {
    const b = await start();
    const topic = b.createTopic({ title: "Duel" });
    for (let i = 0; i < 4; i++)
      b.addPost(topic, { authorId: "12", authorName: "Harry Potter", html: `Tour ${i + 1}` });
    const page = readTopicPage((await get(b, `/t${topic}p30-duel`)).body, ctx());
    expect(page.pagination).toMatchObject({ offset: 3, currentPage: 2, lastPage: 2 });
    expect(page.posts.map((p) => p.html)).toEqual(["Tour 4"]);
  });
});
