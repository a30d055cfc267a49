/**
 * « À toi de jouer » only for the turn a duelist still has to play: when deadlines
 * passed before the decision (timers fired late, a post decided with the absences it came after),
 * each absence is told, and the duelist whose turn it now is hears of it; no one is asked to play a
 * turn whose deadline is already behind them (CONTRACT.md 6.1).
 */
import { describe, expect, it } from "vitest";
import { activeDuel, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };

interface Notification {
  readonly kind: string;
  readonly title: string;
  readonly text: string;
  readonly to: { readonly role: string; readonly id: string };
}

/** The hiboux the duel sent since `seen` of them were listed. */
async function sentSince(h: MemoryHarness, duelId: string, seen = 0): Promise<Notification[]> {
  await h.settle();
  const { body } = await h.admin("GET", `/duels/${duelId}/notifications`);
  return (body.notifications as Notification[]).slice(seen);
}

const titlesTo = (hiboux: readonly Notification[], id: string) =>
  hiboux.filter((n) => n.to.role === "duelist" && n.to.id === id).map((n) => n.title);

/** A duel whose first turn (Alice's, deadline 3 December 10:00 UTC) is due, and the hiboux it sent. */
async function started() {
  const h = await memoryHarness({ start: "2026-11-30T10:00:00.000Z" });
  const duelId = await activeDuel(h);
  return { h, duelId, seen: (await sentSince(h, duelId)).length };
}

describe("R-6.2 no « à toi de jouer » for a turn whose deadline has passed", () => {
  it("R-6.2 timers that fire after two deadlines: both absences told, only the turn now due asked for", async () => {
    const { h, duelId, seen } = await started();
    // Alice's deadline (3 Dec) and Bob's (6 Dec 10:00) are both behind the clock when the timers fire.
    await h.admin("POST", "/_local/clock", { set: "2026-12-06T12:00:00Z" });
    const sent = await sentSince(h, duelId, seen);
    expect(titlesTo(sent, ALICE.id).sort()).toEqual(["Faute d'absence (1re)", "À toi de jouer — tour 3"]);
    expect(titlesTo(sent, BOB.id)).toEqual(["Faute d'absence (1re)"]);
    const turn = (await h.admin("GET", `/duels/${duelId}`)).body.turn;
    expect(turn).toMatchObject({ duelistId: ALICE.id, number: 3 });
  });

  it("R-6.2 a post that comes after two deadlines: the absences it is decided with are told, no stale turn asked for", async () => {
    const { h, duelId, seen } = await started();
    // The clock moves on without the timers firing (a scheduler's delay): the post decides the absences.
    h.clock.set("2026-12-06T12:00:00Z");
    const post = postPayload({
      postId: "7201",
      author: ALICE,
      createdAt: "2026-12-06T11:00:00Z",
      content: turnContent("Bob Martin"),
    });
    expect((await h.generic(post)).body.result).toBe("applied");
    const sent = await sentSince(h, duelId, seen);
    const absences = sent.filter((n) => n.kind === "fault.absence").map((n) => `${n.to.role}:${n.to.id}`);
    expect(absences.sort()).toEqual([`duelist:${ALICE.id}`, `duelist:${BOB.id}`, "referee:7", "referee:7"]);
    // Bob's turn 2 ended at 10:00, before the decision: he is asked for turn 4 only.
    expect(titlesTo(sent, BOB.id).sort()).toEqual(["Faute d'absence (1re)", "À toi de jouer — tour 4"]);
    // Alice's post played turn 3 in the same decision: that turn is no longer hers to play.
    expect(titlesTo(sent, ALICE.id)).toEqual(["Faute d'absence (1re)"]);
    for (const n of sent) expect(n.title).not.toBe("À toi de jouer — tour 2");
  });
});
