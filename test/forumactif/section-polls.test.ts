import { afterEach, describe, expect, it } from "vitest";
import { WHOLE_READ_EVERY_MS, wholeReadDue } from "../../shared/app/poll-timing.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import type { TemplateVersion } from "../../shared/forumactif/types.js";
import { auditOf, DUEL_BODY, registerAndTop, turnContent } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

const EVERY_MS = 2 * 60_000;

/** A request's page, without its slug: `/f3`, `/t2001p25`. */
const pathOf = (r: { readonly path: string }): string => r.path.replace(/-.*$/, "");

/**
 * A board whose topics each hold a watched duel, registered, started and read once (which learns
 * each topic's section): `sections` lists, per section, how many duels it holds.
 */
async function watchedBoard(
  sections: Readonly<Record<string, number>>,
  template: TemplateVersion = "modernbb",
  topicsPerPage = 50,
): Promise<{
  h: MemoryHarness;
  fake: FakeBoard;
  duels: { duelId: string; topicId: string; section: string }[];
}> {
  const h = await memoryHarness({ forumactif: { reader: topicReader } });
  const fake = await FakeBoard.start({ template, topicsPerPage, now: () => h.clock.now().toISOString() });
  board = fake;
  await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
  const duels: { duelId: string; topicId: string; section: string }[] = [];
  let next = 2000;
  for (const [section, count] of Object.entries(sections))
    for (let i = 0; i < count; i++) {
      const topicId = String(next++);
      fake.createTopic({ title: `Duel ${topicId}`, topicId, section });
      fake.addPost(topicId, { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
      const duelId = await registerAndTop(h, { ...DUEL_BODY, threadId: topicId });
      duels.push({ duelId, topicId, section });
    }
  await h.settle();
  return { h, fake, duels };
}

/** The next instant of the poll grid after the clock's, where `due` says whether `duelId` reads whole. */
function nextInstant(h: MemoryHarness, duelId?: string, due = false): Date {
  let at = h.clock.now().getTime() - (h.clock.now().getTime() % EVERY_MS) + EVERY_MS;
  while (duelId !== undefined && wholeReadDue(duelId, new Date(at), "PT2M") !== due) at += EVERY_MS;
  return new Date(at);
}

/** Every watched duel's chain read at `at`, as the timers of one poll would run them. */
async function chainReads(h: MemoryHarness, duelIds: readonly string[], at: Date) {
  h.clock.set(at.toISOString());
  const results = [];
  for (const duelId of duelIds) {
    const result = await h.poller?.poll(duelId, "chain");
    if (!result) throw new Error("no poller");
    results.push(result);
  }
  return results;
}

describe("CONTRACT 4.4 a board with many duels: one request per section per poll, one per changed topic", () => {
  it("50 watched duels in 2 sections, 10 changing: 2 section pages and the changed topics are read, nothing else", async () => {
    const { h, fake, duels } = await watchedBoard({ "3": 25, "4": 25 });
    const states = await Promise.all(duels.map((d) => h.polls.getPollState(d.duelId)));
    expect(states.map((s) => s?.sectionId)).toEqual(duels.map((d) => d.section));
    const changing = [...duels.slice(0, 5), ...duels.slice(25, 30)];
    for (const d of changing)
      fake.addPost(d.topicId, { authorId: "99", authorName: "Rubeus Hagrid", html: "Un spectateur passe" });
    const at = nextInstant(h);
    const wholeReads = duels.filter((d) => wholeReadDue(d.duelId, at, "PT2M"));
    const before = fake.requests.length;
    const results = await chainReads(
      h,
      duels.map((d) => d.duelId),
      at,
    );
    const asked = fake.requests.slice(before);
    expect(asked.filter((r) => r.path.startsWith("/f")).map((r) => pathOf(r))).toEqual(["/f3", "/f4"]);
    const topicsRead = new Set(asked.filter((r) => r.path.startsWith("/t")).map((r) => pathOf(r)));
    const expected = new Set([...changing, ...wholeReads].map((d) => `/t${d.topicId}`));
    expect(topicsRead).toEqual(expected);
    expect(asked).toHaveLength(2 + expected.size);
    expect(results.reduce((n, r) => n + r.requests, 0)).toBe(asked.length);
    // Each new post was read and fed; every other topic is unchanged.
    for (const [i, d] of duels.entries())
      expect(results[i]?.status, d.topicId).toBe(changing.includes(d) ? "read" : "unchanged");
  }, 300_000);

  it("the list in phpBB2's markup reads as well: an unchanged board costs one request per section", async () => {
    const { h, fake, duels } = await watchedBoard({ "7": 4 }, "phpbb2");
    const at = nextInstant(h);
    const notWhole = duels.filter((d) => !wholeReadDue(d.duelId, at, "PT2M"));
    const before = fake.requests.length;
    const results = await chainReads(
      h,
      notWhole.map((d) => d.duelId),
      at,
    );
    expect(fake.requests.slice(before).map((r) => pathOf(r))).toEqual(["/f7"]);
    expect(results.map((r) => r.status)).toEqual(notWhole.map(() => "unchanged"));
  });

  it("a list of several pages is read on while watched topics are not seen yet, three pages at most; further down, a topic is read itself", async () => {
    // 7 topics, 2 a page: the oldest (first created) is alone on the fourth page.
    const { h, fake, duels } = await watchedBoard({ "3": 7 }, "modernbb", 2);
    const at = nextInstant(h);
    const notWhole = duels.filter((d) => !wholeReadDue(d.duelId, at, "PT2M"));
    const before = fake.requests.length;
    const results = await chainReads(
      h,
      notWhole.map((d) => d.duelId),
      at,
    );
    const asked = fake.requests.slice(before).map(pathOf);
    expect(asked.filter((p) => p.startsWith("/f"))).toEqual(["/f3", "/f3p2", "/f3p4"]);
    const oldest = duels[0];
    if (!oldest) throw new Error("no duel");
    expect(asked.filter((p) => p.startsWith("/t"))).toEqual(
      notWhole.includes(oldest) ? [`/t${oldest.topicId}`] : [],
    );
    expect(results.map((r) => r.status)).toEqual(notWhole.map(() => "unchanged"));
  });

  it("a section page that cannot be read: each topic is read itself, the section asked once for the poll", async () => {
    const { h, fake, duels } = await watchedBoard({ "3": 3 });
    fake.breakSection("3", 404);
    const [first] = duels;
    if (!first) throw new Error("no duel");
    fake.addPost(first.topicId, { authorId: "99", authorName: "Rubeus Hagrid", html: "Un spectateur passe" });
    const before = fake.requests.length;
    const results = await chainReads(
      h,
      duels.map((d) => d.duelId),
      nextInstant(h),
    );
    const asked = fake.requests.slice(before).map((r) => pathOf(r));
    expect(asked.filter((p) => p.startsWith("/f"))).toEqual(["/f3"]);
    expect(asked.filter((p) => p.startsWith("/t")).sort()).toEqual(duels.map((d) => `/t${d.topicId}`).sort());
    expect(results.map((r) => r.status)).toEqual(["read", "unchanged", "unchanged"]);
    expect(results.every((r) => r.status !== "failed")).toBe(true);
  });

  it("a topic moved to another section is read itself once, then found in its new section", async () => {
    const { h, fake, duels } = await watchedBoard({ "3": 2, "4": 1 });
    const [moved, stays] = duels;
    if (!moved || !stays) throw new Error("no duel");
    fake.moveTopic(moved.topicId, "4");
    const ids = duels.map((d) => d.duelId);
    let at = nextInstant(h, moved.duelId, false);
    let before = fake.requests.length;
    await chainReads(h, ids, at);
    const firstPoll = fake.requests.slice(before).map((r) => pathOf(r));
    expect(firstPoll).toContain(`/t${moved.topicId}`);
    expect(await h.polls.getPollState(moved.duelId)).toMatchObject({ sectionId: "4" });
    // In its new section: a post there is seen from section 4's list.
    fake.addPost(moved.topicId, { authorId: "99", authorName: "Rubeus Hagrid", html: "Déplacé" });
    at = nextInstant(h, moved.duelId, false);
    while (wholeReadDue(stays.duelId, at, "PT2M")) at = new Date(at.getTime() + EVERY_MS);
    before = fake.requests.length;
    const results = await chainReads(h, ids, at);
    const secondPoll = fake.requests.slice(before).map((r) => pathOf(r));
    expect(secondPoll.filter((p) => p.startsWith("/f")).sort()).toEqual(["/f3", "/f4"]);
    expect(secondPoll).toContain(`/t${moved.topicId}`);
    expect(secondPoll).not.toContain(`/t${stays.topicId}`);
    expect(results[0]).toMatchObject({ status: "read", posts: { created: 1 } });
  });

  it("an edit changes no last post: it is seen at the topic's whole read, at least every half hour", async () => {
    const { h, fake, duels } = await watchedBoard({ "3": 1 });
    const [duel] = duels;
    if (!duel) throw new Error("no duel");
    // Alice's whole turn: nothing pending after it.
    const at = nextInstant(h, duel.duelId, false);
    h.clock.set(new Date(at.getTime() - 60_000).toISOString());
    const turn = fake.addPost(duel.topicId, {
      authorId: "42",
      authorName: "Alice Dubois",
      html: turnContent("Bob Martin").replace(/\n/g, "<br />"),
    });
    const [read] = await chainReads(h, [duel.duelId], at);
    expect(read).toMatchObject({ status: "read", posts: { created: 1 } });
    fake.editPost(turn.postId, `${turnContent("Bob Martin").replace(/\n/g, "<br />")} (corrigé)`);
    const tampered = async () =>
      (await auditOf(h, duel.duelId)).filter((e) => e.type === "post.tampered" && e.postId === turn.postId);
    // Polls the list answers: the edit is not seen yet.
    const quiet = nextInstant(h, duel.duelId, false);
    const [unseen] = await chainReads(h, [duel.duelId], quiet);
    expect(unseen?.status).toBe("unchanged");
    expect(await tampered()).toEqual([]);
    // The topic's whole read, within the half hour: the edit is seen.
    const whole = nextInstant(h, duel.duelId, true);
    expect(whole.getTime() - quiet.getTime()).toBeLessThanOrEqual(WHOLE_READ_EVERY_MS);
    const [seen] = await chainReads(h, [duel.duelId], whole);
    expect(seen).toMatchObject({ status: "read", posts: { edited: 1 } });
    expect(await tampered()).toMatchObject([{ how: "edited" }]);
  });

  it("while a correction window is open, the topic is read itself at every poll: an edit in the window is seen at once", async () => {
    const { h, fake, duels } = await watchedBoard({ "3": 1 });
    const [duel] = duels;
    if (!duel) throw new Error("no duel");
    const at = nextInstant(h, duel.duelId, false);
    h.clock.set(new Date(at.getTime() - 60_000).toISOString());
    // Too short a turn: the right to err opens its window.
    const short = fake.addPost(duel.topicId, {
      authorId: "42",
      authorName: "Alice Dubois",
      html: "Trop court<br />[duel]<br />Sort : Rictusempra<br />Cible : Bob Martin<br />Zone : torse<br />Pari : 4<br />[/duel]",
    });
    await chainReads(h, [duel.duelId], at);
    const state = await h.admin("GET", `/duels/${duel.duelId}`);
    expect(JSON.stringify(state.body)).toContain(short.postId);
    fake.editPost(short.postId, "Trop court, complété en douce");
    const next = nextInstant(h, duel.duelId, false);
    const [seen] = await chainReads(h, [duel.duelId], next);
    expect(seen).toMatchObject({ status: "read", posts: { edited: 1 } });
  });
});
