import { describe, expect, it } from "vitest";
import { activeDuel, auditOf, DUEL_BODY, duelistOf, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };
const alice1 = postPayload({
  postId: "7001",
  author: ALICE,
  createdAt: "2026-11-30T10:05:00Z",
  content: turnContent("Bob Martin"),
});
const bob1 = postPayload({
  postId: "7002",
  author: BOB,
  createdAt: "2026-11-30T10:10:00Z",
  content: turnContent("Alice Dubois"),
});
const alice2 = postPayload({
  postId: "7003",
  author: ALICE,
  createdAt: "2026-11-30T10:15:00Z",
  content: turnContent("Bob Martin", "Incendio"),
});

/** What a duel shows, without the ids and times of its deliveries. */
async function outcome(h: MemoryHarness, duelId: string) {
  const duel = (await h.admin("GET", `/duels/${duelId}`)).body;
  const played = (await auditOf(h, duelId)).filter(
    (e) => e.type === "turn.played" || e.type === "points.lost" || e.type.startsWith("fault."),
  );
  return { turn: duel.turn, duelists: duel.duelists, played: played.map(({ id: _id, ...rest }) => rest) };
}

describe("CONTRACT 4.3 order of the thread, not of the deliveries", () => {
  it("CONTRACT 4.3 posts delivered out of order give the same duel as in order", async () => {
    // Server dice are rolled once per post as it arrives; with the harness's fixed [3,3] each post
    // has the same dice in both runs, so any difference could only come from the arrival order.
    const inOrder = await memoryHarness();
    const shuffled = await memoryHarness();
    const a = await activeDuel(inOrder, DUEL_BODY);
    const b = await activeDuel(shuffled, DUEL_BODY);
    for (const p of [alice1, bob1, alice2]) expect((await inOrder.generic(p)).body.result).toBe("applied");
    for (const p of [alice2, bob1, alice1]) expect((await shuffled.generic(p)).body.result).toBe("applied");
    const expected = await outcome(inOrder, a);
    expect(expected.played.filter((e) => e.type === "turn.played")).toHaveLength(3);
    expect(await outcome(shuffled, b)).toEqual(expected);
  });

  it("CONTRACT 4.3 an absence fired before a post made in time arrived is undone, and announced as revised", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    await h.settle();
    await h.admin("POST", "/_local/clock", { advance: "PT73H" });
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ absenceFaults: 1, points: 23 });

    const late = postPayload({
      postId: "7101",
      author: ALICE,
      createdAt: "2026-12-03T09:00:00Z",
      content: turnContent("Bob Martin"),
    });
    expect((await h.generic(late)).body).toEqual({ result: "applied", duelId });
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ absenceFaults: 0, points: 25 });
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body.turn).toMatchObject({
      duelistId: "43",
      number: 2,
      deadline: "2026-12-06T09:00:00.000Z",
    });
    // The referee is told the verdict changed.
    const hiboux = (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as {
      kind: string;
      to: { role: string };
    }[];
    expect(hiboux.filter((n) => n.kind === "verdict.revised").map((n) => n.to.role)).toContain("referee");
  });
});
