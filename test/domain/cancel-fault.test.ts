import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import { timersOf } from "../../shared/domain/timers.js";
import { addDuration } from "../../shared/time/duration.js";
import { ALICE, attack, BOB, Duel, REFEREE } from "./fixtures.js";

function faultIds(duel: Duel, type: "fault.action" | "fault.absence"): string[] {
  return duel.log.filter((e) => e.type === type).map((e) => e.id);
}

function cancel(duel: Duel, eventId: string): DuelEvent[] {
  return duel.referee({ command: "cancel-fault", eventId }, "erreur d'arbitrage");
}

/** Alice plays, Bob casts an unlisted spell in his turn: one action fault per round. */
function bobFaults(duel: Duel, rounds: number): void {
  const spells = ["Glacius", "Diffindo"];
  for (let i = 0; i < rounds; i++) {
    duel.post(ALICE, attack(spells[i % 2] ?? "Glacius", "Bob"), [1, 1]);
    duel.post(BOB, attack("Avada Kedavra", "Alice"), [1, 6]);
  }
}

/** Alice plays, Bob lets his deadline pass: `absences` times. */
function bobAbsent(duel: Duel, absences: number): void {
  for (let i = 0; i < absences; i++) {
    duel.now = duel.turn?.startedAt ?? duel.now;
    duel.post(ALICE, attack(i % 2 === 0 ? "Diffindo" : "Glacius", "Bob"), [1, 6]);
    duel.fire(duel.timer("reply-deadline"));
  }
}

describe("R-7.1 cancelling a fault gives back exactly what it caused", () => {
  it("R-7.1 R-6.5 cancelling the first of two sanctioned action faults gives the sanction back and leaves one standing", () => {
    const duel = new Duel();
    duel.top();
    bobFaults(duel, 2);
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 46, actionFaults: 0 });
    const [first, second] = faultIds(duel, "fault.action");
    if (!first || !second) throw new Error("two faults expected");
    const events = cancel(duel, first);
    expect(events.find((e) => e.type === "fault.cancelled")).toMatchObject({
      restoredPoints: 4,
      points: 50,
      actionFaults: 1,
    });
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 50, actionFaults: 1 });
    cancel(duel, second);
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 50, actionFaults: 0 });
    // A third fault is now the first that stands: no sanction yet.
    bobFaults(duel, 1);
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 50, actionFaults: 1 });
  });

  it("R-7.1 R-6.5 cancelling both faults in either order leaves the counter at 0 and every point back", () => {
    const duel = new Duel();
    duel.top();
    bobFaults(duel, 2);
    const [first, second] = faultIds(duel, "fault.action");
    if (!first || !second) throw new Error("two faults expected");
    cancel(duel, second);
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 50, actionFaults: 1 });
    cancel(duel, first);
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 50, actionFaults: 0 });
  });

  it("R-7.1 R-6.5 a cancelled fault moves the sanction to the fault that now completes the cycle", () => {
    const duel = new Duel();
    duel.top();
    bobFaults(duel, 3);
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 46, actionFaults: 1 });
    const [first] = faultIds(duel, "fault.action");
    if (!first) throw new Error("a fault expected");
    const events = cancel(duel, first);
    // Without the first, the second and third make the pair: still one sanction, counter 0.
    expect(events.find((e) => e.type === "fault.cancelled")).toMatchObject({
      restoredPoints: 0,
      actionFaults: 0,
    });
    expect(duel.duelist(BOB.id)).toMatchObject({ points: 46, actionFaults: 0 });
  });

  it("R-7.1 R-6.8 R-6.9 cancelling the third absence lifts the disqualification and its ban, and the duel resumes", () => {
    const duel = new Duel();
    duel.top();
    bobAbsent(duel, 3);
    expect(duel.duelist(BOB.id)).toMatchObject({ status: "disqualified", absenceFaults: 3 });
    expect(duel.state.status).toBe("finished");
    const pointsBefore = duel.duelist(BOB.id).points;
    const third = faultIds(duel, "fault.absence")[2];
    if (!third) throw new Error("three absences expected");
    duel.advance("P2D");
    const events = cancel(duel, third);
    expect(duel.types(events)).toEqual([
      "referee.command",
      "fault.cancelled",
      "ban.ended",
      "duel.resumed",
      "turn.passed",
    ]);
    expect(events.find((e) => e.type === "fault.cancelled")).toMatchObject({
      reinstated: true,
      absenceFaults: 2,
    });
    expect(events.find((e) => e.type === "ban.ended")).toMatchObject({ duelistId: BOB.id, early: true });
    expect(duel.duelist(BOB.id)).toMatchObject({ status: "active", absenceFaults: 2, points: pointsBefore });
    expect(duel.state.status).toBe("active");
    expect(duel.result).toBeNull();
    expect(duel.state.bans.every((b) => b.ended)).toBe(true);
    // Bob's turn had been played by his absence: the turn passes on, with a new deadline from now.
    expect(duel.turn).toMatchObject({
      duelistId: ALICE.id,
      startedAt: duel.now,
      deadline: addDuration(duel.now, "PT72H"),
    });
    expect(timersOf(duel.state).map((t) => t.kind)).toContain("reply-deadline");
    // The attack pending against Bob at his third deadline hit him then (R-6.2 Order): it stays hit.
    expect(duel.state.pendingAttacks).toEqual([]);
    expect(timersOf(duel.state).map((t) => t.kind)).not.toContain("ban-end");
    // The duel goes on: Alice plays.
    const next = duel.post(ALICE, attack("Incendio", "Bob"), [2, 2]);
    expect(duel.types(next)).toContain("turn.played");
  });

  it("R-7.1 cancelling the first absence of three undoes the disqualification too, as if it had never been", () => {
    const duel = new Duel();
    duel.top();
    bobAbsent(duel, 3);
    const points = duel.duelist(BOB.id).points;
    const first = faultIds(duel, "fault.absence")[0];
    if (!first) throw new Error("an absence expected");
    cancel(duel, first);
    // Two absences stand: −2 then −4, the same points as before; no disqualification.
    expect(duel.duelist(BOB.id)).toMatchObject({ status: "active", absenceFaults: 2, points });
    expect(duel.state.status).toBe("active");
  });

  it("R-7.1 R-1.6 a sanction that knocked out and ended the duel: cancelling it gives back what it took and the duel resumes", () => {
    const duel = new Duel();
    duel.top();
    bobFaults(duel, 1);
    duel.referee({ command: "adjust-points", duelistId: BOB.id, delta: 3 - duel.duelist(BOB.id).points });
    duel.post(ALICE, attack("Diffindo", "Bob"), [1, 1]);
    const ended = duel.post(BOB, attack("Avada Kedavra", "Alice"), [1, 6]);
    expect(ended.find((e) => e.type === "points.lost")).toMatchObject({ amount: 3, points: 0 });
    expect(duel.result).toMatchObject({ winnerId: ALICE.id, reason: "points" });
    const second = faultIds(duel, "fault.action")[1];
    if (!second) throw new Error("two faults expected");
    const events = cancel(duel, second);
    // The sanction took 3 points, not its 4: 3 come back.
    expect(events.find((e) => e.type === "fault.cancelled")).toMatchObject({ restoredPoints: 3, points: 3 });
    expect(duel.duelist(BOB.id)).toMatchObject({ status: "active", points: 3, actionFaults: 1 });
    expect(duel.state.status).toBe("active");
    // The faulty post had played Bob's turn: Alice's turn now, with a new deadline.
    expect(duel.turn).toMatchObject({ duelistId: ALICE.id, startedAt: duel.now });
  });

  it("R-7.1 a fault given by the referee during the other duelist's turn: that turn goes on with a new deadline", () => {
    const duel = new Duel();
    duel.top();
    const turn = duel.turn;
    for (let i = 0; i < 3; i++) duel.referee({ command: "fault", duelistId: BOB.id, kind: "absence" });
    expect(duel.state.status).toBe("finished");
    const third = faultIds(duel, "fault.absence")[2];
    if (!third) throw new Error("three absences expected");
    duel.advance("PT5H");
    cancel(duel, third);
    expect(duel.turn).toMatchObject({
      duelistId: ALICE.id,
      number: turn?.number,
      startedAt: duel.now,
      deadline: "2026-12-03T15:00:00.000Z",
    });
  });

  it("R-7.1 a duel the referee ended stays ended when a fault is cancelled", () => {
    const duel = new Duel();
    duel.top();
    for (let i = 0; i < 2; i++) duel.referee({ command: "fault", duelistId: BOB.id, kind: "absence" });
    duel.referee({ command: "end", winnerId: ALICE.id }, "abandon");
    const second = faultIds(duel, "fault.absence")[1];
    if (!second) throw new Error("two absences expected");
    const events = cancel(duel, second);
    expect(duel.types(events)).not.toContain("duel.resumed");
    expect(duel.state.status).toBe("finished");
    expect(duel.duelist(BOB.id)).toMatchObject({ absenceFaults: 1, points: 50 - 2 });
  });

  it("R-7.1 the same cancellation by an [arbitre] block in the thread does the same", () => {
    const duel = new Duel();
    duel.top();
    bobAbsent(duel, 3);
    const third = faultIds(duel, "fault.absence")[2];
    if (!third) throw new Error("three absences expected");
    const events = duel.post(REFEREE, null, [1, 1], { content: `[arbitre]annuler faute ${third}[/arbitre]` });
    expect(duel.types(events)).toContain("duel.resumed");
    expect(duel.state.status).toBe("active");
  });
});

describe("R-7.1 a fault is cancelled by its number in the duel, as the hiboux show it", () => {
  it("R-7.1 `annuler faute 2` cancels the duel's second fault, the same as its event id", () => {
    const duel = new Duel();
    duel.top();
    bobFaults(duel, 2);
    const [, second] = faultIds(duel, "fault.action");
    const events = cancel(duel, "2");
    expect(events.find((e) => e.type === "fault.cancelled")).toMatchObject({ faultEventId: second });
    // Numbers do not shift: the first fault is still number 1, the second stays cancelled.
    expect(() => cancel(duel, "2")).toThrow("déjà annulée");
    expect(() => cancel(duel, "9")).toThrow("Aucune faute 9");
  });
});
