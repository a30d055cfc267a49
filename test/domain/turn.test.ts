import { describe, expect, it } from "vitest";
import { ALICE, attack, BOB, Duel } from "./fixtures.js";

const CAROL = { id: "44", name: "Carole Lenoir", year: 7 as const };

describe("a turn", () => {
  it("R-3.1 the defence die answers the pending attack before the post's own action", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [4, 1]);
    const events = duel.post(BOB, attack("Glacius", "Alice"), [6, 2]);
    const types = duel.types(events);
    expect(types.indexOf("defence.resolved")).toBeLessThan(types.indexOf("attack.launched"));
    expect(events.find((e) => e.type === "defence.resolved")).toMatchObject({
      defenderId: BOB.id,
      attack: 4,
      defence: 2,
      outcome: "hit",
    });
    expect(duel.state.pendingAttacks).toEqual([
      expect.objectContaining({ attackerId: BOB.id, targetId: ALICE.id, attack: 6 }),
    ]);
  });

  it("R-3.2 a defence strictly greater deflects; a tie hits", () => {
    const tie = new Duel();
    tie.top();
    tie.post(ALICE, attack("Glacius", "Bob"), [4, 1]);
    expect(
      tie.post(BOB, attack("Diffindo", "Alice"), [1, 4]).find((e) => e.type === "defence.resolved"),
    ).toMatchObject({ outcome: "hit" });
    const greater = new Duel();
    greater.top();
    greater.post(ALICE, attack("Glacius", "Bob"), [4, 1]);
    const events = greater.post(BOB, attack("Diffindo", "Alice"), [1, 5]);
    expect(events.find((e) => e.type === "defence.resolved")).toMatchObject({ outcome: "deflected" });
    expect(greater.duelist(BOB.id).points).toBe(50);
  });

  it("R-3.3 a hit removes as many points as the attack die shows", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Diffindo", "Bob"), [6, 1]);
    duel.post(BOB, attack("Glacius", "Alice"), [1, 2]);
    expect(duel.duelist(BOB.id).points).toBe(44);
  });

  it("R-3.4 two spells in one post are an incorrect action: one fault, nothing cast", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(
      ALICE,
      { Sort: "Incendio + Glacius", Cible: "Bob", Zone: "torse", Pari: "3" },
      [6, 1],
    );
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["two-actions"],
      rule: "R-3.4",
    });
    expect(duel.state.pendingAttacks).toHaveLength(0);
  });

  it("R-3.5 an effect reaches its target from the target's next turn, not the one that decided it", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Confundo", "Bob"), [6, 1]);
    // Bob is hit during his own turn 2: his attack of that same post still goes out.
    const turn2 = duel.post(BOB, attack("Incendio", "Alice"), [5, 1]);
    expect(duel.types(turn2)).toContain("attack.launched");
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 6]);
    // Turn 4: now he cannot attack.
    const turn4 = duel.post(BOB, attack("Diffindo", "Alice"), [6, 6]);
    expect(turn4.find((e) => e.type === "action.void")).toMatchObject({ rule: "R-4.13" });
    expect(duel.types(turn4)).not.toContain("fault.action");
  });

  it("R-3.6 the first post after the top has nothing to defend", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(ALICE, attack("Glacius", "Bob"), [3, 1]);
    expect(duel.types(events)).not.toContain("defence.resolved");
    expect(events.find((e) => e.type === "turn.played")).toMatchObject({ dice: [3, 1], number: 1 });
  });

  it("R-3.7 with several opponents each attack names its target, whose next defence answers them all", () => {
    const duel = new Duel({ duelists: [ALICE, BOB, CAROL] });
    duel.top();
    duel.post(ALICE, attack("Glacius", "Carole"), [3, 1]);
    duel.post(BOB, attack("Diffindo", "Carole"), [5, 1]);
    const events = duel.post(CAROL, attack("Glacius", "Alice"), [2, 4]);
    const answers = events.filter((e) => e.type === "defence.resolved");
    expect(answers.map((a) => a.type === "defence.resolved" && [a.attackerId, a.outcome])).toEqual([
      [ALICE.id, "deflected"],
      [BOB.id, "hit"],
    ]);
    expect(duel.duelist(CAROL.id).points).toBe(45);
    expect(duel.turn?.duelistId).toBe(ALICE.id);
  });
});
