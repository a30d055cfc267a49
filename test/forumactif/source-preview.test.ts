import { afterEach, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { jsonRequest } from "../support/requests.js";

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

async function setup(options: { perPage?: number } = {}): Promise<{ h: MemoryHarness; board: FakeBoard }> {
  const h = await memoryHarness({ forumactif: { reader: topicReader } });
  board = await FakeBoard.start({ now: () => h.clock.now().toISOString(), ...options });
  return { h, board };
}

/** A forum admin's token for `forumId`, issued by the operator. */
async function forumAdmin(h: MemoryHarness, forumId = "poudlard"): Promise<string> {
  const issued = await h.admin("POST", `/forums/${forumId}/credentials`, {
    role: "forum-admin",
    name: "Albus Dumbledore",
  });
  return String(issued.body.token);
}

const preview = (h: MemoryHarness, token: string, topic: unknown, forumId = "poudlard") =>
  jsonRequest(h.app, token, "POST", `/forums/${forumId}/source/preview`, { topic });

const TURN =
  "<p>Alice lève sa baguette et vise le torse de Bob, sans un mot de trop.</p>" +
  "<p>[duel]<br>Sort : Sortilège de Feu<br>Cible : Bob Martin<br>Zone : torse<br>Pari : 4<br>[/duel]</p>";
const FREE_RECAP =
  "<p>Bob pare de justesse et répond aussitôt.</p>" +
  "<p><b>Sort :</b> Incendio / <b>Cible :</b> Alice / <b>Zone :</b> bras / <b>Pari :</b> 2</p>";

describe("CONTRACT 4.4: POST /forums/{forumId}/source/preview", () => {
  it("CONTRACT 4.4 reads every page of a topic now, each post with its author, time, words and recap, and stores nothing", async () => {
    const { h, board: fake } = await setup({ perPage: 2 });
    await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
    fake.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
    fake.addPost("1234", {
      authorId: "99",
      authorName: "Rubeus Hagrid",
      html: "Le sujet du duel est ouvert.",
      createdAt: "2026-11-28T09:12:00.000Z",
    });
    fake.addPost("1234", {
      authorId: "42",
      authorName: "Alice Dubois",
      html: TURN,
      createdAt: "2026-11-28T10:00:00.000Z",
    });
    fake.addPost("1234", {
      authorId: "43",
      authorName: "Bob Martin",
      html: FREE_RECAP,
      createdAt: "2026-11-29T18:30:00.000Z",
    });
    // Eleven posts on pages of two: six pages, more than one poll reads at once.
    for (let n = 0; n < 8; n++)
      fake.addPost("1234", {
        authorId: null,
        authorName: `Invité ${n}`,
        html: "Bonne chance à tous les deux !",
        createdAt: "2026-11-30T08:00:00.000Z",
      });
    const token = await forumAdmin(h);

    const res = await preview(h, token, "1234");
    expect(res.status).toBe(200);
    expect(res.body.template).toBe("modernbb");
    expect(res.body.pages).toBe(6);
    const posts = res.body.posts as Record<string, unknown>[];
    expect(posts.map((p) => p.id)).toEqual(fake.topic("1234").posts.map((p) => p.postId));
    expect(posts[0]).toEqual({
      id: fake.topic("1234").posts[0]?.postId,
      author: "Rubeus Hagrid",
      authorId: "99",
      createdAt: "2026-11-28T09:12:00.000Z",
      words: 6,
      recap: null,
      problem: null,
    });
    expect(posts[1]).toMatchObject({
      author: "Alice Dubois",
      authorId: "42",
      createdAt: "2026-11-28T10:00:00.000Z",
      words: 15,
      recap: {
        from: "block",
        spells: ["Sortilège de Feu"],
        unknownSpells: [],
        recoverWand: false,
        target: "Bob Martin",
        zone: "torse",
        bet: "4",
        particularities: [],
      },
      problem: null,
    });
    expect(posts[2]).toMatchObject({
      author: "Bob Martin",
      words: 7,
      recap: { from: "free", spells: ["Sortilège de Feu"], target: "Alice", zone: "bras", bet: "2" },
    });
    expect(posts[10]).toMatchObject({ author: "Invité 7", authorId: null, problem: null });

    // Nothing stored: no duel, no poll state, the forum as it was.
    expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);
    expect(await h.polls.getPollState("poudlard.1234")).toBeNull();
  });

  it("CONTRACT 4.4 takes the topic's address on the board, and refuses an address on another board", async () => {
    const { h, board: fake } = await setup();
    await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
    fake.createTopic({ title: "Duel", topicId: "77" });
    fake.addPost("77", { authorId: "42", authorName: "Alice Dubois", html: "Premier message." });
    const token = await forumAdmin(h);

    const byUrl = await preview(h, token, `${fake.url}/t77-duel#1000`);
    expect(byUrl.status).toBe(200);
    expect((byUrl.body.posts as unknown[]).length).toBe(1);

    const elsewhere = await preview(h, token, "https://autre-forum.forumactif.com/t77-duel");
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatchObject({ code: "invalid_body" });
    expect((elsewhere.body.error as { message: string }).message).toContain("n'est pas sur le forum");

    const nonsense = await preview(h, token, "le duel d'hier");
    expect(nonsense.status).toBe(400);
    expect((nonsense.body.error as { details: { path: string }[] }).details[0]?.path).toBe("topic");
    expect((await preview(h, token, 1234)).status).toBe(400);
  });

  it("CONTRACT 4.4 a topic that cannot be read is 422 unreadable_topic, saying in French why", async () => {
    const { h, board: fake } = await setup();
    await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
    const token = await forumAdmin(h);

    const missing = await preview(h, token, "999");
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({
      code: "unreadable_topic",
      message: "Le sujet 999 ne se lit pas : le forum dit que ce sujet n'existe pas (vérifiez son numéro).",
      details: { cause: "page", code: "not_found" },
    });

    fake.createTopic({ title: "Section privée", topicId: "55", guestsCanRead: false });
    fake.addPost("55", { authorId: "42", authorName: "Alice Dubois", html: "Secret." });
    const closed = await preview(h, token, "55");
    expect(closed.status).toBe(422);
    expect((closed.body.error as { message: string }).message).toContain("pas visible des invités");

    fake.setMaintenance(true);
    const resting = await preview(h, token, "55");
    expect(resting.status).toBe(422);
    expect((resting.body.error as { message: string }).message).toContain("en maintenance");
  });

  it("CONTRACT 4.4 reads a topic closed to guests through the forum's bot account, as the poller does", async () => {
    const { h, board: fake } = await setup();
    fake.messaging.addMember("Arbitre automatique", "mot-de-passe");
    await h.forum({
      source: {
        type: "forumactif",
        baseUrl: fake.url,
        account: { username: "Arbitre automatique", password: "mot-de-passe" },
      },
    });
    fake.createTopic({ title: "Section privée", topicId: "55", guestsCanRead: false });
    fake.addPost("55", { authorId: "42", authorName: "Alice Dubois", html: "Secret." });
    const res = await preview(h, await forumAdmin(h), "55");
    expect(res.status).toBe(200);
    expect(res.body.posts).toMatchObject([{ author: "Alice Dubois", words: 1 }]);
  });

  it("CONTRACT 4.4 is the forum admin's: a referee and another forum's admin are refused, a forum without source is 409", async () => {
    const { h, board: fake } = await setup();
    await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
    const referee = await h.admin("POST", "/forums/poudlard/credentials", {
      role: "referee",
      name: "Minerva",
    });
    const asReferee = await preview(h, String(referee.body.token), "1234");
    expect(asReferee.status).toBe(403);
    expect(asReferee.body.error).toMatchObject({ code: "forbidden_role" });

    await h.admin("PUT", "/forums/durmstrang", {
      name: "Durmstrang",
      webhookSecrets: {},
      referees: [],
      notify: [{ type: "log" }],
    });
    const other = await forumAdmin(h, "durmstrang");
    expect((await preview(h, other, "1234")).body.error).toMatchObject({ code: "forbidden_forum" });
    const noSource = await preview(h, other, "1234", "durmstrang");
    expect(noSource.status).toBe(409);
    expect(noSource.body.error).toMatchObject({ code: "not_forumactif" });
    expect(fake.topicRequests("1234")).toEqual([]);
  });

  it("CONTRACT 4.4 is in the OpenAPI document, with its body's schema", async () => {
    const { h } = await setup();
    const doc = (await (await h.app.request("/openapi.json")).json()) as {
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    expect(doc.paths["/forums/{forumId}/source/preview"]?.post?.requestBody).toBeDefined();
  });
});
