import { describe, expect, it } from "vitest";
import { ALICE, attack, BOB, Duel, REFEREE } from "./fixtures.js";

describe("the referee's authority", () => {
  it("R-7.1 cancelling a fault gives back its sanction and records the reason beside the verdict", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.post(BOB, attack("Avada Kedavra", "Alice"), [1, 6]);
    duel.post(ALICE, attack("Diffindo", "Bob"), [1, 1]);
    const second = duel.post(BOB, attack("Avada Kedavra", "Alice"), [1, 6]);
    const fault = second.find((e) => e.type === "fault.action");
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 46, actionFaults: 0 });
    if (!fault) throw new Error("no fault");
    const events = duel.referee({ command: "cancel-fault", eventId: fault.id }, "sort autorisé par le club");
    expect(events[0]).toMatchObject({
      type: "referee.command",
      reason: "sort autorisé par le club",
      rule: "R-7.1",
    });
    expect(events[1]).toMatchObject({ type: "fault.cancelled", restoredPoints: 4 });
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 50, actionFaults: 1 });
    expect(duel.log.some((e) => e.id === fault.id)).toBe(true);
    expect(() => duel.referee({ command: "cancel-fault", eventId: fault.id })).toThrowError(
      expect.objectContaining({ code: "fault_already_cancelled" }),
    );
  });

  it("R-7.1 the referee adds faults, adjusts points within bounds, disqualifies and ends the duel", () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "fault", duelistId: ALICE.id, kind: "absence" }, "absente du fil");
    expect(duel.duelist(ALICE.id)).toMatchObject({ absenceFaults: 1, points: 23 });
    duel.referee({ command: "adjust-points", duelistId: ALICE.id, delta: 40 });
    expect(duel.duelist(ALICE.id).points).toBe(25);
    duel.referee({ command: "end", winnerId: null }, "match nul");
    expect(duel.result).toEqual({ winnerId: null, reason: "referee" });
    expect(() => duel.referee({ command: "disqualify", duelistId: BOB.id })).toThrowError(
      expect.objectContaining({ code: "duel_finished" }),
    );
  });

  it("R-7.1 the referee decides in the thread with an [arbitre] block; a duelist cannot", () => {
    const duel = new Duel();
    duel.post(BOB, null, [1, 1], { content: "[arbitre]top[/arbitre]" });
    expect(duel.state.status).toBe("registered");
    duel.post(REFEREE, null, [1, 1], { content: "Que le duel commence !\n[arbitre]top[/arbitre]" });
    expect(duel.state.status).toBe("active");
    const rejected = duel.post(REFEREE, null, [1, 1], { content: "[arbitre]top[/arbitre]" });
    expect(rejected.find((e) => e.type === "referee.command-rejected")).toMatchObject({
      code: "duel_already_started",
    });
  });
});
