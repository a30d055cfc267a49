import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { browser, decoded } from "../admin/support.js";
import { sendXenForo, XENFORO_DUEL, XENFORO_SECRET, xenforoPostBody } from "../http/xenforo-support.js";
import { DISCOURSE_DUEL, discourseFixture, sendDiscourse, withPost } from "../support/discourse.js";
import { auditOf, turnContent } from "../support/duels.js";
import { type FakeForum, fakeDiscourse, fakeXenForo } from "../support/fake-forums.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";

const created = discourseFixture("post_created");
const BOT_KEY = "bot-api-key-for-tests";
const STAKES = "Le perdant range la salle des trophées";

let eventId = 60_000;
/** A Discourse post_created delivery of `raw` by a forum user, in topic 1842. */
function discoursePost(
  user: { id: number; username: string; name: string },
  postId: number,
  at: string,
  raw: string,
) {
  return withPost(
    created,
    {
      id: postId,
      user_id: user.id,
      username: user.username,
      name: user.name,
      raw,
      created_at: at,
      updated_at: at,
      topic_id: 1842,
    },
    { "X-Discourse-Event-Id": String(eventId++) },
  );
}
const DRAGO = { id: 311, username: "drago_malefoy", name: "Drago Malefoy" };
const HERMIONE = { id: 312, username: "hermione_granger", name: "Hermione Granger" };
const MINERVA = { id: 7, username: "minerva", name: "Minerva McGonagall" };

/** The replies' texts, each marker (derived from a referee command's random id) shown as one. */
const texts = (forum: FakeForum) => forum.posts.map((p) => p.text.replace(/arb-[0-9a-f]{10}/, "arb-…"));

/** Markers of the replies a fake holds: each reply's identity. */
const markers = (forum: FakeForum) => forum.posts.map((p) => /arb-[0-9a-f]{10}/.exec(p.text)?.[0]);

describe("CONTRACT 3 announce: the verdicts in a Discourse thread", () => {
  let h: MemoryHarness;
  let forum: FakeForum;
  let duelId: string;
  /** Replies posted by the top (whose turn it is and until when). */
  let atTop: number;
  beforeEach(async () => {
    forum = await fakeDiscourse(BOT_KEY);
    h = await memoryHarness({ start: "2026-03-14T20:00:00.000Z", allowLoopbackChannels: true });
    await h.forum({
      announce: "turns",
      bot: { type: "discourse", baseUrl: forum.url, apiKey: BOT_KEY, apiUsername: "arbitre_auto" },
    });
    duelId = (await h.admin("POST", "/duels", { ...DISCOURSE_DUEL, stakes: STAKES })).body.id as string;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    await h.settle();
    atTop = forum.posts.length;
  });
  afterEach(async () => forum.close());

  /** A whole duel: three turns, an absence, a fault given by the referee, then the referee ends it. */
  async function wholeDuel() {
    h.setDice(() => [5, 2]);
    await sendDiscourse(
      h,
      discoursePost(DRAGO, 23601, "2026-03-14T20:10:00.000Z", turnContent("Hermione Granger")),
    );
    await h.settle();
    h.setDice(() => [2, 5]);
    await sendDiscourse(
      h,
      discoursePost(HERMIONE, 23602, "2026-03-14T20:20:00.000Z", turnContent("Drago Malefoy")),
    );
    await h.settle();
    h.setDice(() => [6, 1]);
    await sendDiscourse(
      h,
      discoursePost(
        DRAGO,
        23603,
        "2026-03-14T20:30:00.000Z",
        turnContent("Hermione Granger", "Sortilège de Feu"),
      ),
    );
    await h.settle();
    // Hermione lets her deadline pass: an absence, and its sanction.
    h.clock.set("2026-03-17T21:31:00.000Z");
    await h.settle();
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "fault",
      duelistId: "311",
      kind: "action",
      reason: "Sort mal décrit",
    });
    await h.settle();
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "end",
      winnerId: "311",
      reason: "abandon",
    });
    await h.settle();
  }

  it("CONTRACT 3 each turn and the end are posted once, as the bot, in French (snapshot)", async () => {
    await wholeDuel();
    expect(forum.posts.map((p) => p.threadId)).toEqual(forum.posts.map(() => "1842"));
    expect(forum.posts.every((p) => p.author === "arbitre_auto")).toBe(true);
    expect(new Set(markers(forum)).size).toBe(forum.posts.length);
    expect(texts(forum)).toMatchSnapshot();
    const outbox = await h.store.listOutbox(duelId);
    const announced = outbox.filter((e) => e.effect.type === "announce");
    expect(announced.length).toBe(forum.posts.length);
    expect(announced.every((e) => e.doneAt !== null)).toBe(true);
  });

  it("CONTRACT 3 a reply created whose answer was lost is not posted again: the retry finds it", async () => {
    forum.dropAnswers = 1;
    h.setDice(() => [5, 2]);
    await sendDiscourse(
      h,
      discoursePost(DRAGO, 23601, "2026-03-14T20:10:00.000Z", turnContent("Hermione Granger")),
    );
    await h.settle();
    expect(forum.posts).toHaveLength(atTop + 1);
    const turn = (await h.store.listOutbox(duelId)).filter(
      (e) => e.effect.type === "announce" && e.effect.reply.title.startsWith("Tour 1"),
    );
    expect(turn).toMatchObject([{ doneAt: null, attempts: 1, lastError: expect.any(String) }]);
    const desk = browser(h);
    await desk.login();
    const waiting = decoded((await desk.page(`/admin/duels/${duelId}`)).html);
    expect(waiting).toContain("en attente (1 essai : Discourse : injoignable");
    h.clock.advance("PT1M");
    await h.settle();
    expect(decoded((await desk.page(`/admin/duels/${duelId}`)).html)).not.toContain("en attente");
    expect(forum.posts).toHaveLength(atTop + 1);
    expect(forum.requests.filter((r) => r.method === "POST")).toHaveLength(atTop + 1);
    const done = (await h.store.listOutbox(duelId)).filter((e) => e.id === turn[0]?.id);
    expect(done).toMatchObject([{ attempts: 2, lastError: null }]);
    expect(done[0]?.doneAt).not.toBeNull();
  });

  it("CONTRACT 3 the bot's replies coming back as webhooks change nothing", async () => {
    await wholeDuel();
    const audit = await auditOf(h, duelId);
    const outbox = await h.store.listOutbox(duelId);
    let n = 0;
    for (const reply of forum.posts) {
      const back = discoursePost(
        { id: 999, username: "arbitre_auto", name: "Arbitre automatique" },
        24000 + n++,
        "2026-03-14T20:40:00.000Z",
        reply.text,
      );
      expect((await sendDiscourse(h, back)).body).toEqual({ result: "ignored" });
    }
    await h.settle();
    expect(await auditOf(h, duelId)).toEqual(audit);
    expect((await h.store.listOutbox(duelId)).length).toBe(outbox.length);
    expect(forum.posts.length).toBe(outbox.filter((e) => e.effect.type === "announce").length);
  });

  it("CONTRACT 3 the referee turns a duel's announcements off in the thread, and on again by the API", async () => {
    await sendDiscourse(
      h,
      discoursePost(MINERVA, 23600, "2026-03-14T20:05:00.000Z", "[arbitre]annonces : non[/arbitre]"),
    );
    h.setDice(() => [5, 2]);
    await sendDiscourse(
      h,
      discoursePost(DRAGO, 23601, "2026-03-14T20:10:00.000Z", turnContent("Hermione Granger")),
    );
    await h.settle();
    expect(forum.posts).toHaveLength(atTop);
    const on = await h.admin("POST", `/duels/${duelId}/commands`, { command: "announce", enabled: true });
    expect(on.status).toBe(200);
    await sendDiscourse(
      h,
      discoursePost(HERMIONE, 23602, "2026-03-14T20:20:00.000Z", turnContent("Drago Malefoy")),
    );
    await h.settle();
    expect(forum.posts).toHaveLength(atTop + 1);
    expect(forum.posts[atTop]?.text).toContain("Tour 2 — Hermione Granger");
  });

  it("CONTRACT 3 a forum without announce posts nothing in the thread", async () => {
    await h.forum({
      bot: { type: "discourse", baseUrl: forum.url, apiKey: BOT_KEY, apiUsername: "arbitre_auto" },
    });
    const requests = forum.requests.length;
    await wholeDuel();
    expect(forum.posts).toHaveLength(atTop);
    expect(forum.requests).toHaveLength(requests);
  });
});

describe("CONTRACT 3 announce: the verdicts in a XenForo thread", () => {
  let h: MemoryHarness;
  let forum: FakeForum;
  let duelId: string;
  beforeEach(async () => {
    forum = await fakeXenForo(BOT_KEY);
    h = await memoryHarness({ start: "2026-03-14T19:00:00.000Z", allowLoopbackChannels: true });
    await h.forum({
      webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET, xenforo: XENFORO_SECRET },
      announce: "all",
      bot: { type: "xenforo", baseUrl: forum.url, apiKey: BOT_KEY, userId: "4242" },
    });
    duelId = (await h.admin("POST", "/duels", XENFORO_DUEL)).body.id as string;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    await h.settle();
  });
  afterEach(async () => forum.close());

  const luna = { userId: 1289, username: "Luna Lovegood" };
  const pansy = { userId: 1290, username: "Pansy Parkinson" };

  it("CONTRACT 3 a whole duel's replies reach XenForo once each, none twice when an answer is lost, and coming back change nothing", async () => {
    h.setDice(() => [5, 2]);
    await sendXenForo(
      h,
      xenforoPostBody({
        ...luna,
        postId: 98765,
        postDate: 1773517267,
        message: turnContent("Pansy Parkinson"),
      }),
    );
    await h.settle();
    forum.dropAnswers = 1;
    h.setDice(() => [4, 4]);
    await sendXenForo(
      h,
      xenforoPostBody({
        ...pansy,
        postId: 98770,
        postDate: 1773518000,
        message: turnContent("Luna Lovegood"),
      }),
    );
    await h.settle();
    h.clock.advance("PT1M");
    await h.settle();
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "end",
      winnerId: null,
      reason: "temps écoulé",
    });
    await h.settle();
    expect(forum.posts.every((p) => p.threadId === "4410" && p.author === "4242")).toBe(true);
    expect(new Set(markers(forum)).size).toBe(forum.posts.length);
    expect(forum.requests.filter((r) => r.method === "POST")).toHaveLength(forum.posts.length);
    const announced = (await h.store.listOutbox(duelId)).filter((e) => e.effect.type === "announce");
    expect(announced.length).toBe(forum.posts.length);
    expect(announced.every((e) => e.doneAt !== null)).toBe(true);
    expect(texts(forum)).toMatchSnapshot();

    const audit = await auditOf(h, duelId);
    for (const reply of forum.posts) {
      const back = xenforoPostBody({
        userId: 4242,
        username: "Arbitre automatique",
        postId: reply.id,
        postDate: 1773519000,
        message: reply.text,
      });
      expect((await sendXenForo(h, back)).body).toEqual({ result: "ignored" });
    }
    expect(await auditOf(h, duelId)).toEqual(audit);
  });
});
