import { afterEach, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { auditOf, LONG_RP } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { authorId: "42", authorName: "Alice Dubois" };
const BOT = { username: "Arbitre Auto", password: "mot-de-passe-du-robot" };

/** A turn as Forumactif renders it (the action block shows as text). */
const turnHtml = (target: string) =>
  `${LONG_RP}<br />[duel]<br />Sort : Rictusempra<br />Cible : ${target}<br />Zone : torse<br />Pari : 4<br />[/duel]`;

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

/** A Forumactif forum whose `bot` is its source's account, a duel registered and started. */
async function announcedDuel(): Promise<{ h: MemoryHarness; fake: FakeBoard; duelId: string }> {
  const h = await memoryHarness({ forumactif: { reader: topicReader }, allowLoopbackChannels: true });
  const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  board = fake;
  fake.messaging.addMember(BOT.username, BOT.password);
  const forum = await h.forum({
    announce: "turns",
    bot: { type: "forumactif" },
    source: { type: "forumactif", baseUrl: fake.url, account: BOT },
  });
  expect(forum.status).toBe(201);
  fake.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
  fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Le sujet est ouvert." });
  const created = await h.admin("POST", "/duels", {
    forumId: "poudlard",
    threadId: "1234",
    referee: { id: "7", name: "Minerva McGonagall" },
    duelists: [
      { id: "42", name: "Alice Dubois", year: 3 },
      { id: "43", name: "Bob Martin", year: "adulte" },
    ],
    dice: "server",
  });
  expect(created.status).toBe(201);
  const duelId = created.body.id as string;
  await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
  await h.settle();
  return { h, fake, duelId };
}

async function advance(h: MemoryHarness, by: string) {
  expect((await h.admin("POST", "/_local/clock", { advance: by })).status).toBe(200);
}

describe("CONTRACT 3 bot forumactif: the verdicts posted in the topic through the board's reply form", () => {
  it("CONTRACT 3 a turn's verdict is posted once by the source's account, not twice when the answer is lost", async () => {
    const { h, fake, duelId } = await announcedDuel();
    const atTop = fake.replies.length;
    fake.dropReplyAnswers = 1;
    h.setDice(() => [5, 2]);
    await advance(h, "PT1M");
    fake.addPost("1234", { ...ALICE, html: turnHtml("Bob Martin") });
    await advance(h, "PT2M");
    await h.settle();
    expect(fake.replies).toHaveLength(atTop + 1);
    const turn = (await h.store.listOutbox(duelId)).filter(
      (e) => e.effect.type === "announce" && e.effect.reply.title.startsWith("Tour 1"),
    );
    expect(turn).toMatchObject([{ doneAt: null, attempts: 1, lastError: expect.any(String) }]);
    await advance(h, "PT2M");
    await h.settle();
    const done = (await h.store.listOutbox(duelId)).filter((e) => e.id === turn[0]?.id);
    expect(done).toMatchObject([{ attempts: 2, lastError: null }]);
    expect(done[0]?.doneAt).not.toBeNull();
    // Found in the topic by its marker: the reply form was not posted again.
    expect(fake.replies).toHaveLength(atTop + 1);
    const reply = fake.replies[atTop];
    expect(reply).toMatchObject({ topicId: "1234", from: BOT.username });
    expect(reply?.message).toContain("[b]Tour 1");
    expect(reply?.message).toMatch(/\[size=9\]arb-[0-9a-f]{10}\[\/size\]/);
    const posts = fake.topic("1234").posts.filter((p) => p.authorName === BOT.username);
    expect(posts).toHaveLength(fake.replies.length);
  });

  it("CONTRACT 3 the bot's replies read back by the poller change nothing", async () => {
    const { h, fake, duelId } = await announcedDuel();
    h.setDice(() => [5, 2]);
    await advance(h, "PT1M");
    fake.addPost("1234", { ...ALICE, html: turnHtml("Bob Martin") });
    await advance(h, "PT2M");
    await h.settle();
    expect(fake.replies.length).toBeGreaterThan(0);
    const audit = await auditOf(h, duelId);
    // The admin's read re-arms the poll chain (a timer); no hibou, no reply comes of the bot's posts.
    const said = async () =>
      (await h.store.listOutbox(duelId)).filter(
        (e) => e.effect.type === "announce" || e.effect.type === "notify",
      );
    const before = await said();
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.status).toBe(200);
    await h.settle();
    expect(polled.body.posts).toEqual({ created: 0, edited: 0, deleted: 0 });
    expect(await auditOf(h, duelId)).toEqual(audit);
    expect(await said()).toEqual(before);
    expect(fake.topic("1234").posts.filter((p) => p.authorName === BOT.username)).toHaveLength(
      fake.replies.length,
    );
  });
});

describe("CONTRACT 3 bot forumactif needs the source's account", () => {
  it("CONTRACT 3 a forumactif bot without source.account is refused (400), nothing saved", async () => {
    const h = await memoryHarness({ forumactif: { reader: topicReader }, allowLoopbackChannels: true });
    const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
    board = fake;
    const refused = await h.forum({
      announce: "turns",
      bot: { type: "forumactif" },
      source: { type: "forumactif", baseUrl: fake.url },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: "invalid_body", details: [{ path: "bot.type" }] } });
    expect(await h.store.getForum("poudlard")).toBeNull();
  });
});
