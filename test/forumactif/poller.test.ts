import { afterEach, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { auditOf, DUEL_BODY } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

/** A forum read from a fake board, its duel registered and started, its first read done. */
async function polledDuel(): Promise<{ h: MemoryHarness; fake: FakeBoard; duelId: string }> {
  const h = await memoryHarness({ forumactif: { reader: topicReader } });
  const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  board = fake;
  await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
  fake.createTopic({ title: "Duel", topicId: "1234" });
  fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
  const duel = await h.admin("POST", "/duels", DUEL_BODY);
  const duelId = duel.body.id as string;
  await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
  await h.settle();
  return { h, fake, duelId };
}

describe("Polls that fail change nothing and are retried", () => {
  it("CONTRACT 4.4 a 503 changes nothing; the chain's next read waits longer after each failure", async () => {
    const { h, fake, duelId } = await polledDuel();
    const audit = await auditOf(h, duelId);
    fake.failNext(503, 2, { "retry-after": "0" });
    await h.admin("POST", "/_local/clock", { advance: "PT2M" });
    expect(await auditOf(h, duelId)).toEqual(audit);
    expect(await h.polls.getPollState(duelId)).toMatchObject({ failures: 1, failureReported: false });
    const afterOne = await h.store.nextTimer();
    expect(afterOne?.kind).toBe("poll");
    // Doubled: four minutes after the failed read, not two.
    expect(afterOne?.at).toBe(new Date(Date.parse("2026-11-30T10:02:00.000Z") + 4 * 60_000).toISOString());
    await h.admin("POST", "/_local/clock", { advance: "PT4M" });
    expect(await h.polls.getPollState(duelId)).toMatchObject({ failures: 2 });
    await h.admin("POST", "/_local/clock", { advance: "PT8M" });
    expect(await h.polls.getPollState(duelId)).toMatchObject({ failures: 0, lastError: null });
    expect(h.delivered.filter((d) => d.kind.startsWith("forumactif."))).toEqual([]);
  });

  it("CONTRACT 4.4 a known post gone from the topic is a deletion; reading again changes nothing", async () => {
    const { h, fake, duelId } = await polledDuel();
    await h.admin("POST", "/_local/clock", { advance: "PT1M" });
    const post = fake.addPost("1234", { authorId: "42", authorName: "Alice Dubois", html: "Un mot" });
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.body.posts).toEqual({ created: 1, edited: 0, deleted: 0 });
    fake.deletePost(post.postId);
    const again = await h.admin("POST", "/forums/poudlard/poll");
    expect(again.body.posts).toEqual({ created: 0, edited: 0, deleted: 1 });
    const tampered = (await auditOf(h, duelId)).filter((e) => e.type === "post.tampered");
    expect(tampered).toMatchObject([{ postId: post.postId, how: "deleted" }]);
    const third = await h.admin("POST", "/forums/poudlard/poll");
    expect(third.body.posts).toEqual({ created: 0, edited: 0, deleted: 0 });
  });

  it("CONTRACT 4.4 a topic guests cannot read is never decided from: the referee is told after three reads", async () => {
    const { h, fake, duelId } = await polledDuel();
    fake.setGuestsCanRead("1234", false);
    const audit = await auditOf(h, duelId);
    for (let i = 0; i < 3; i++) await h.admin("POST", "/forums/poudlard/poll");
    await h.settle();
    expect(await auditOf(h, duelId)).toEqual(audit);
    const told = h.delivered.filter((d) => d.kind === "forumactif.unreadable");
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("pas visible sans connexion");
  });

  it("CONTRACT 4.4 an admin's read re-arms a chain that was lost, and never makes two", async () => {
    const { h, duelId } = await polledDuel();
    const reads = async () =>
      (await h.store.dueTimers("2100-01-01T00:00:00.000Z", 50)).filter((t) => t.kind === "poll");
    const [chain] = await reads();
    expect(chain).toMatchObject({ kind: "poll", duelId });
    if (chain) await h.store.deleteTimer(chain.name); // a firing lost for good
    expect(await reads()).toEqual([]);
    await h.admin("POST", "/forums/poudlard/poll");
    await h.settle();
    expect(await reads()).toMatchObject([{ kind: "poll", duelId }]);
    // The chain running and a second admin read name the same next read.
    await h.admin("POST", "/forums/poudlard/poll");
    await h.settle();
    await h.admin("POST", "/_local/clock", { advance: "PT2M" });
    await h.admin("POST", "/forums/poudlard/poll");
    await h.settle();
    expect(await reads()).toHaveLength(1);
  });
});

describe("one post that cannot be read leaves the others read", () => {
  it("CONTRACT 4.4 the referee is told of an unreadable post of a running duel, once; the posts around it are applied", async () => {
    const { h, fake, duelId } = await polledDuel();
    await h.admin("POST", "/_local/clock", { advance: "PT1M" });
    const alice = fake.addPost("1234", { authorId: "42", authorName: "Alice Dubois", html: "Premier mot" });
    const bob = fake.addPost("1234", { authorId: "43", authorName: "Bob Martin", html: "Second mot" });
    // The theme shows Alice's post without a readable date.
    fake.setTheme((html) => {
      const at = html.indexOf(`post--${alice.postId}`);
      const date = html.indexOf('<div class="topic-date">', at);
      const end = html.indexOf("</div>", date);
      return `${html.slice(0, date)}<div class="topic-date">un jour${html.slice(end)}`;
    });
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.body.posts).toEqual({ created: 1, edited: 0, deleted: 0 });
    await h.settle();
    const told = h.delivered.filter((d) => d.kind === "forumactif.post-unreadable");
    expect(told).toHaveLength(1);
    // Named by its author and the readable post before it, never by its id.
    expect(told[0]?.text).toMatch(
      /^Le message d'Alice Dubois qui suit le message de .+ de \d{1,2} h \d{2} \(le sujet 1234\)/,
    );
    expect(told[0]?.text).not.toContain(alice.postId);
    expect(told[0]?.text).toContain("sa date « un jour » ne se lit pas");
    const audit = await auditOf(h, duelId);
    expect(audit.some((e) => "postId" in e && e.postId === bob.postId)).toBe(true);
    expect(audit.some((e) => "postId" in e && e.postId === alice.postId)).toBe(false);
    // Read again: not told twice, not taken for deleted.
    const again = await h.admin("POST", "/forums/poudlard/poll");
    expect(again.body.posts).toEqual({ created: 0, edited: 0, deleted: 0 });
    await h.settle();
    expect(h.delivered.filter((d) => d.kind === "forumactif.post-unreadable")).toHaveLength(1);
  });
});

describe("CONTRACT 4.4 every wait on the manual clock", () => {
  it("a host resting after a 503 rests on the manual clock; an admin's poll meanwhile answers when it reads again, counting no failure", async () => {
    const { h, fake, duelId } = await polledDuel();
    fake.failNext(503, 1, { "retry-after": "60" });
    await h.admin("POST", "/_local/clock", { advance: "PT2M" });
    expect(await h.polls.getPollState(duelId)).toMatchObject({ failures: 1 });
    const restedAt = h.clock.now().getTime();
    // « Poll now » right after the maintenance: the host is left alone, and the answer says until when.
    fake.addPost("1234", { authorId: "42", authorName: "Alice Dubois", html: "Un mot" });
    const resting = await h.admin("POST", "/forums/poudlard/poll");
    expect(resting.status).toBe(200);
    expect(resting.body).toMatchObject({
      polled: 0,
      failed: 0,
      posts: { created: 0, edited: 0, deleted: 0 },
      resting: new Date(restedAt + 60_000).toISOString(),
    });
    expect(await h.polls.getPollState(duelId)).toMatchObject({ failures: 1 });
    // A minute later on the manual clock (not in real time), the host is read again.
    h.clock.set(new Date(restedAt + 61_000).toISOString());
    const read = await h.admin("POST", "/forums/poudlard/poll");
    expect(read.body).toMatchObject({ polled: 1, failed: 0, posts: { created: 1 } });
    expect(read.body.resting).toBeUndefined();
  });
});

describe("a Forumactif topic's title names the duel's thread", () => {
  it("CONTRACT 4.4 the topic page's title is the duel's thread title; a topic renamed renames it with its next post", async () => {
    const { h, fake, duelId } = await polledDuel();
    expect((await h.admin("GET", `/duels/${duelId}`)).body.threadTitle).toBe("Duel");
    fake.renameTopic("1234", "Duel au parc");
    fake.addPost("1234", { authorId: "42", authorName: "Alice Dubois", html: "Un mot" });
    await h.admin("POST", "/forums/poudlard/poll");
    expect((await h.admin("GET", `/duels/${duelId}`)).body.threadTitle).toBe("Duel au parc");
  });
});

describe("a Forumactif duelist's private messages are addressed by the name the board shows", () => {
  it("CONTRACT 4.4 a duelist's post read from the board gives their username: the name their posts show", async () => {
    const { h, fake, duelId } = await polledDuel();
    await h.admin("POST", "/_local/clock", { advance: "PT1M" });
    fake.addPost("1234", { authorId: "42", authorName: "Alice Dubois", html: "Un mot" });
    await h.admin("POST", "/forums/poudlard/poll");
    const duel = await h.store.loadDuel(duelId);
    expect(duel?.state.duelists.find((d) => d.id === "42")?.username).toBe("Alice Dubois");
  });
});
