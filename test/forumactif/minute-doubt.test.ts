import { afterEach, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { auditOf, DUEL_BODY, duelistOf, turnContent } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

/** A forum read from a fake board, its duel registered (no top yet), its thread opened. */
async function registeredDuel(): Promise<{ h: MemoryHarness; fake: FakeBoard; duelId: string }> {
  const h = await memoryHarness({ forumactif: { reader: topicReader } });
  const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  board = fake;
  await h.forum({ source: { type: "forumactif", baseUrl: fake.url } });
  fake.createTopic({ title: "Duel", topicId: "1234" });
  fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
  const duel = await h.admin("POST", "/duels", DUEL_BODY);
  await h.admin("POST", "/forums/poudlard/poll");
  return { h, fake, duelId: duel.body.id as string };
}

describe("CONTRACT 4.4 minutes without seconds give the duelist the benefit of the doubt", () => {
  it("a salute shown in the minute of a top given on the desk counts as before it: not out of turn", async () => {
    const { h, fake, duelId } = await registeredDuel();
    // Bob salutes at 10:05:10; the referee gives the top on the desk at 10:05:40. The board shows
    // « 10:05 » for the salute: it may have come before the top, so it did.
    h.clock.set("2026-11-30T10:05:40.000Z");
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    fake.addPost("1234", {
      authorId: "43",
      authorName: "Bob Martin",
      html: "Bonne chance, Alice !",
      createdAt: "2026-11-30T10:05:10.000Z",
    });
    h.clock.set("2026-11-30T10:06:30.000Z");
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.body.posts).toMatchObject({ created: 1 });
    await h.settle();
    const audit = await auditOf(h, duelId);
    expect(audit.filter((e) => e.type === "post.recorded" && e.authorId === "43")).toHaveLength(1);
    expect(audit.filter((e) => e.type === "fault.action")).toEqual([]);
    expect((await duelistOf(h, duelId, "43")).actionFaults).toBe(0);
  });

  it("a spell shown in the minute of a top given on the desk follows it: the first turn, not a spell before the top", async () => {
    const { h, fake, duelId } = await registeredDuel();
    h.clock.set("2026-11-30T10:05:10.000Z");
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    fake.addPost("1234", {
      authorId: "42",
      authorName: "Alice Dubois",
      html: turnContent("Bob Martin"),
      createdAt: "2026-11-30T10:05:40.000Z",
    });
    h.clock.set("2026-11-30T10:06:30.000Z");
    await h.admin("POST", "/forums/poudlard/poll");
    await h.settle();
    const alice = await duelistOf(h, duelId, "42");
    expect(alice.status).toBe("active");
    expect(alice.actionFaults).toBe(0);
    const audit = await auditOf(h, duelId);
    expect(audit.filter((e) => e.type === "turn.played")).toMatchObject([{ duelistId: "42" }]);
  });

  it("a post shown in the minute of its deadline is in time, even read after the deadline's timer fired", async () => {
    const { h, fake, duelId } = await registeredDuel();
    h.clock.set("2026-11-30T10:05:40.000Z");
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    const duel = await h.admin("GET", `/duels/${duelId}`);
    const deadline = (duel.body.turn as { deadline: string }).deadline;
    expect(deadline.slice(17)).toBe("40.000Z");
    // The deadline's timer fires before the board's page shows Alice's post, made 20 seconds before
    // her deadline, in the deadline's minute.
    await h.admin("POST", "/_local/clock", { set: deadline });
    expect((await duelistOf(h, duelId, "42")).absenceFaults).toBe(1);
    const madeAt = new Date(Date.parse(deadline) - 20_000).toISOString();
    fake.addPost("1234", {
      authorId: "42",
      authorName: "Alice Dubois",
      html: turnContent("Bob Martin"),
      createdAt: madeAt,
    });
    h.clock.set(new Date(Date.parse(deadline) + 60_000).toISOString());
    await h.admin("POST", "/forums/poudlard/poll");
    await h.settle();
    const alice = await duelistOf(h, duelId, "42");
    expect(alice.absenceFaults).toBe(0);
    expect(alice.actionFaults).toBe(0);
  });
});
