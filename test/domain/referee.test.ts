import { describe, expect, it } from "vitest";
import type { RefereeAction } from "../../shared/domain/referee-actions.js";
import { ALICE, attack, BOB, Duel, REFEREE } from "./fixtures.js";
import { given, refereeDecides } from "./given.js";

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

  it("R-7.1 the referee adds faults, adjusts points (never below 0, R-1.6), disqualifies and ends the duel", () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "fault", duelistId: ALICE.id, kind: "absence" }, "absente du fil");
    expect(duel.duelist(ALICE.id)).toMatchObject({ absenceFaults: 1, points: 23 });
    duel.referee({ command: "adjust-points", duelistId: BOB.id, delta: -80 });
    expect(duel.duelist(BOB.id).points).toBe(0);
    expect(duel.result).toEqual({ winnerId: ALICE.id, reason: "points" });
  });

  it("R-7.1 the referee ends the duel in a draw, the reason beside the verdict", () => {
    const started = new Duel();
    started.top();
    given(started.log)
      .when(refereeDecides({ command: "end", winnerId: null }, started.now, "match nul"))
      .decides([
        { type: "referee.command", rule: "R-7.1", reason: "match nul" },
        { type: "duel.finished", winnerId: null },
      ]);
  });

  it("R-7.1 a finished duel refuses every later decision (409 duel_finished), adjust-points included", () => {
    const finished = new Duel();
    finished.top();
    finished.referee({ command: "end", winnerId: ALICE.id }, "abandon");
    const later: RefereeAction[] = [
      { command: "disqualify", duelistId: BOB.id },
      { command: "adjust-points", duelistId: ALICE.id, delta: -30 },
      { command: "fault", duelistId: BOB.id, kind: "absence" },
      { command: "end", winnerId: null },
    ];
    for (const action of later)
      given(finished.log)
        .when(refereeDecides(action, finished.now))
        .refuses("duel_finished", { status: 409 });
  });

  it("R-1.6 adjust-points applies the referee's whole delta: the rules bound PD below (0), not above the starting points", () => {
    const faulted = new Duel();
    faulted.top();
    faulted.referee({ command: "fault", duelistId: ALICE.id, kind: "absence" });
    expect(faulted.duelist(ALICE.id)).toMatchObject({ points: 23, startingPoints: 25 });
    given(faulted.log)
      .when(refereeDecides({ command: "adjust-points", duelistId: ALICE.id, delta: 5 }, faulted.now))
      .decides([{ type: "referee.command" }, { type: "points.adjusted", delta: 5, points: 28 }]);
  });

  it("R-7.1 cancelling a fault gives back exactly what it took, above the starting points after an adjustment", () => {
    const duel = new Duel();
    duel.top();
    const fault = duel
      .referee({ command: "fault", duelistId: ALICE.id, kind: "absence" })
      .find((e) => e.type === "fault.absence");
    if (!fault) throw new Error("no fault");
    duel.referee({ command: "adjust-points", duelistId: ALICE.id, delta: 5 });
    expect(duel.duelist(ALICE.id).points).toBe(28);
    given(duel.log)
      .when(refereeDecides({ command: "cancel-fault", eventId: fault.id }, duel.now))
      .decides([{ type: "referee.command" }, { type: "fault.cancelled", restoredPoints: 2, points: 30 }]);
  });

  it("R-7.1 a decision refused when given is decided again (a replay) only as refused, even where it would now apply", () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "fault", duelistId: BOB.id, kind: "absence" });
    const before = duel.state;
    const refused = { code: "fault_not_found", message: "Aucune faute « 1 » dans ce duel." };
    const events = duel.run({
      type: "referee",
      now: duel.now,
      by: { id: REFEREE.id, via: "api", who: { role: "referee", name: "Minerva McGonagall" } },
      action: { command: "cancel-fault", eventId: "1" },
      reason: "erreur",
      refused,
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: "referee.command-rejected",
        rule: "R-7.1",
        postId: null,
        via: "api",
        action: { command: "cancel-fault", eventId: "1" },
        by: { role: "referee", name: "Minerva McGonagall" },
        reason: "erreur",
        ...refused,
      }),
    ]);
    expect(duel.state).toEqual(before);
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
