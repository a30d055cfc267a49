import { afterEach, describe, expect, it } from "vitest";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { browser, decoded } from "../admin/support.js";
import { auditOf, LONG_RP } from "../support/duels.js";
import { FakeBoard, type FakeBoardOptions } from "../support/forumactif/fake-board.js";
import type { SuccessWording } from "../support/forumactif/fake-messaging.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

/** CONTRACT 4.4 « Writing to a real board »: a whole duel's hiboux and verdicts on boards as they really answer. */

const BOT = { username: "Arbitre automatique", password: "mot-de-passe-du-robot" };

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

const turnHtml = (target: string, spell: string) =>
  `${LONG_RP}<br />[duel]<br />Sort : ${spell}<br />Cible : ${target}<br />Zone : torse<br />Pari : 4<br />[/duel]`;

interface Scene {
  readonly h: MemoryHarness;
  readonly fake: FakeBoard;
  readonly duelId: string;
  readonly alice: { authorId: string; authorName: string };
  readonly bob: { authorId: string; authorName: string };
}

/**
 * A Forumactif forum whose hiboux go by the board's private messages and whose verdicts are posted
 * in the topic, on a board that behaves as `shape` says; its duel registered and started.
 */
async function boardDuel(
  shape: {
    board?: FakeBoardOptions;
    floodSeconds?: number;
    wording?: SuccessWording;
    names?: { alice: string; bob: string; referee: string };
  } = {},
): Promise<Scene> {
  let boardNow = () => Date.now();
  const h = await memoryHarness({
    forumactif: { reader: topicReader },
    allowLoopbackChannels: true,
    notifier: createNotifier({
      http: { destinations: { allowLoopback: true } },
      boardNow: () => boardNow(),
    }),
  });
  boardNow = () => h.clock.now().getTime();
  const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString(), ...shape.board });
  board = fake;
  const names = shape.names ?? { alice: "Alice Dubois", bob: "Bob Martin", referee: "Minerva McGonagall" };
  fake.messaging.addMember(BOT.username, BOT.password);
  for (const name of Object.values(names)) fake.messaging.addMember(name, "secret");
  fake.messaging.floodSeconds = shape.floodSeconds ?? 0;
  fake.messaging.wording = shape.wording ?? "fr";
  const forum = await h.forum({
    announce: "turns",
    bot: { type: "forumactif" },
    source: { type: "forumactif", baseUrl: fake.url, account: BOT },
    referees: [{ id: "7", name: names.referee }],
    notify: [{ type: "forumactif" }],
  });
  expect(forum.status).toBe(201);
  fake.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
  fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Le sujet est ouvert." });
  const created = await h.admin("POST", "/duels", {
    forumId: "poudlard",
    threadId: "1234",
    referee: { id: "7", name: names.referee },
    duelists: [
      { id: "42", name: names.alice, year: 3 },
      { id: "43", name: names.bob, year: "adulte" },
    ],
    dice: "server",
  });
  expect(created.status).toBe(201);
  const duelId = created.body.id as string;
  await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
  await h.settle();
  return {
    h,
    fake,
    duelId,
    alice: { authorId: "42", authorName: names.alice },
    bob: { authorId: "43", authorName: names.bob },
  };
}

async function advance(h: MemoryHarness, by: string) {
  expect((await h.admin("POST", "/_local/clock", { advance: by })).status).toBe(200);
}

/**
 * The duel from its top to its end: a turn of each duelist read from the topic, then the referee's
 * end, each decision's hiboux and verdicts written as they come, back to back.
 */
async function playOut(scene: Scene): Promise<void> {
  const { h, fake, duelId, alice, bob } = scene;
  await advance(h, "PT1M");
  fake.addPost("1234", { ...alice, html: turnHtml(bob.authorName, "Rictusempra") });
  await advance(h, "PT2M");
  fake.addPost("1234", { ...bob, html: turnHtml(alice.authorName, "Expelliarmus") });
  await advance(h, "PT2M");
  expect(
    (await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42" })).status,
  ).toBe(200);
  // Every write the flood control held back goes out as its wait passes.
  for (let i = 0; i < 24; i++) await advance(h, "PT30S");
}

/** Every hibou of the duel's outbox sent once, and the board holding exactly those messages. */
async function expectEveryHibouOnce(scene: Scene, names: readonly string[]): Promise<void> {
  const { h, fake, duelId } = scene;
  const entries = await h.store.listOutbox(duelId);
  const notify = entries.filter((e) => e.effect.type === "notify");
  expect(notify.length).toBeGreaterThan(0);
  expect(notify.filter((e) => e.doneAt === null)).toEqual([]);
  expect(fake.messaging.sent).toHaveLength(notify.length);
  const keys = fake.messaging.sent.map((m) => `${m.to.join(",")}|${m.subject}|${m.message}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const name of names) expect(fake.messaging.sent.some((m) => m.to.includes(name))).toBe(true);
  const announces = entries.filter((e) => e.effect.type === "announce");
  expect(announces.filter((e) => e.doneAt === null)).toEqual([]);
  expect(fake.replies).toHaveLength(announces.length);
}

describe("CONTRACT 4.4 writing to a real board: a whole duel, hiboux by private message, verdicts in the topic", () => {
  it("CONTRACT 4.4 with flood control (the bot not moderator): every write waits its turn and the stated wait, none dropped, none twice", async () => {
    const scene = await boardDuel({ floodSeconds: 30 });
    await playOut(scene);
    const audit = await auditOf(scene.h, scene.duelId);
    expect(audit.filter((e) => e.type === "turn.played")).toHaveLength(2);
    expect(audit.map((e) => e.type)).toContain("duel.finished");
    await expectEveryHibouOnce(scene, ["Alice Dubois", "Bob Martin", "Minerva McGonagall"]);
    // The flood control did refuse writes: each was sent again after its wait, never given up.
    const refused = scene.fake.requests.filter((r) => r.method === "POST" && r.path !== "/login").length;
    expect(refused).toBeGreaterThan(scene.fake.messaging.sent.length + scene.fake.replies.length);
    expect((await scene.h.store.listOutbox(scene.duelId)).filter((e) => e.failedAt !== null)).toEqual([]);
  });

  it("CONTRACT 4.4 on an ISO-8859-1 board with accented names, declared in the page's <meta> only: names and texts arrive intact", async () => {
    const names = { alice: "Amélie Brûlé", bob: "Bérénice Œillet", referee: "Hélène Dumbledore" };
    const scene = await boardDuel({ board: { charset: "iso-8859-1", charsetIn: "meta" }, names });
    await playOut(scene);
    await expectEveryHibouOnce(scene, Object.values(names));
    // The duelists were read with their accents (their posts' names address their hiboux).
    const played = (await auditOf(scene.h, scene.duelId)).filter((e) => e.type === "turn.played");
    expect(played.length).toBeGreaterThan(0);
    expect(scene.fake.messaging.sent.some((m) => /[éè]/.test(m.message))).toBe(true);
    expect(scene.fake.messaging.sent.every((m) => !m.message.includes("Ã"))).toBe(true);
    expect(scene.fake.replies.every((r) => !r.message.includes("Ã"))).toBe(true);
    expect(scene.fake.replies.some((r) => r.message.includes("Amélie Brûlé"))).toBe(true);
  });

  it.each(["fr-prive", "en", "de"] as const)(
    "CONTRACT 4.4 success pages worded otherwise (%s): judged by what the board did, every hibou delivered once",
    async (wording) => {
      const scene = await boardDuel({ wording });
      await playOut(scene);
      await expectEveryHibouOnce(scene, ["Alice Dubois", "Bob Martin", "Minerva McGonagall"]);
    },
  );
});

describe("CONTRACT 4.4 what no wait helps is told at once, in French, to the forum's admin", () => {
  it("CONTRACT 4.4 a captcha page: the hibou is not reported sent, the desk and GET /status say why", async () => {
    const { h, fake, duelId } = await boardDuel();
    const before = fake.messaging.sent.length;
    fake.messaging.askCaptcha = true;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42" });
    await h.settle();
    const failed = (await h.store.listOutbox(duelId)).filter((e) => e.failedAt !== null);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]?.lastError).toMatch(/code de confirmation \(captcha\)/);
    const status = await h.admin("GET", "/status");
    expect(status.body.forumactif).toMatchObject({
      boards: [{ forumId: "poudlard", problem: expect.stringContaining("captcha") }],
    });
    expect(fake.messaging.sent).toHaveLength(before);
    const desk = browser(h);
    await desk.login();
    const dashboard = decoded(await (await desk.get("/admin")).text());
    expect(dashboard).toContain("Le forum refuse des envois du robot");
    expect(dashboard).toContain("code de confirmation (captcha)");
  });

  it("CONTRACT 4.4 a refused login (an information page, no form): never taken for a login, told at once", async () => {
    const { h, fake, duelId } = await boardDuel();
    fake.messaging.expireSessions();
    fake.messaging.refuseLogins = true;
    await advance(h, "PT1M");
    fake.addPost("1234", {
      authorId: "42",
      authorName: "Alice Dubois",
      html: turnHtml("Bob Martin", "Rictusempra"),
    });
    await advance(h, "PT2M");
    const status = await h.admin("GET", "/status");
    expect(status.body.forumactif).toMatchObject({
      boards: [{ forumId: "poudlard", problem: expect.stringContaining("n'a pas pu se connecter") }],
    });
    // Once the board takes the bot's login again, a write that goes through clears it.
    fake.messaging.refuseLogins = false;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42" });
    await h.settle();
    expect((await h.admin("GET", "/status")).body.forumactif).toMatchObject({ boards: [] });
  });
});
