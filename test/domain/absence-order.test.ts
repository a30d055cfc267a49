import { describe, expect, it } from "vitest";
import { decide } from "../../shared/domain/decide.js";
import type { DuelEvent } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import { initialState } from "../../shared/domain/state.js";
import { attack, Duel, REFEREE } from "./fixtures.js";

const HUGO = { id: "71", name: "Hugo Weasley", year: "adulte" as const };
const GUS = { id: "72", name: "Gus Goyle", year: "adulte" as const };

/** Hugo attacks (dice [1, 1]: the attack hits whoever does not defend), Gus lets his deadline pass. */
function gusAbsent(duel: Duel, absences: number): DuelEvent[] {
  let last: DuelEvent[] = [];
  for (let i = 0; i < absences; i++) {
    duel.now = duel.turn?.startedAt ?? duel.now;
    duel.post(HUGO, attack(i % 2 === 0 ? "Glacius" : "Diffindo", "Gus"), [1, 1]);
    last = duel.fire(duel.timer("reply-deadline"));
  }
  return last;
}

function thirdAbsence(duel: Duel): string {
  const id = duel.log.filter((e) => e.type === "fault.absence")[2]?.id;
  if (!id) throw new Error("three absences expected");
  return id;
}

describe("R-6.2 Order: the absence is sanctioned first, then the pending attacks hit", () => {
  it("R-6.2 R-6.8 at the third absence the duelist is disqualified and banned, then the pending Glacius hits", () => {
    const duel = new Duel({ duelists: [HUGO, GUS] });
    duel.top();
    gusAbsent(duel, 2);
    expect(duel.duelist(GUS.id).points).toBe(50 - 2 - 1 - 4 - 1);
    const third = gusAbsent(duel, 1);
    expect(duel.types(third)).toEqual([
      "fault.absence",
      "sanction.applied",
      "duelist.disqualified",
      "ban.started",
      "defence.resolved",
      "points.lost",
      "duel.finished",
    ]);
    expect(third.find((e) => e.type === "defence.resolved")).toMatchObject({
      rule: "R-6.2",
      defenderId: GUS.id,
      spellId: "glace",
      outcome: "hit",
    });
    expect(duel.duelist(GUS.id)).toMatchObject({ status: "disqualified", points: 41, absenceFaults: 3 });
    expect(duel.state.pendingAttacks).toEqual([]);
    expect(duel.state.droppedAttacks ?? []).toEqual([]);
    expect(duel.result).toEqual({ winnerId: HUGO.id, reason: "disqualification" });
  });

  it("R-6.2 R-7.1 cancelling that third absence lifts the disqualification; the Glacius stays hit, the duel resumes", () => {
    const duel = new Duel({ duelists: [HUGO, GUS] });
    duel.top();
    gusAbsent(duel, 3);
    duel.advance("P1D");
    const events = duel.referee({ command: "cancel-fault", eventId: thirdAbsence(duel) }, "panne du forum");
    expect(duel.types(events)).toEqual([
      "referee.command",
      "fault.cancelled",
      "ban.ended",
      "duel.resumed",
      "turn.passed",
    ]);
    // As if the fault had never been: the absence still left the Glacius undefended.
    expect(duel.duelist(GUS.id)).toMatchObject({ status: "active", points: 41, absenceFaults: 2 });
    expect(duel.state.pendingAttacks).toEqual([]);
    expect(duel.turn).toMatchObject({ duelistId: HUGO.id, startedAt: duel.now });
  });

  it("R-6.2 R-6.8 hits that would knock out the disqualified duelist take their points; they stay disqualified, not merely out", () => {
    const duel = new Duel({ duelists: [HUGO, GUS] });
    duel.top();
    gusAbsent(duel, 2);
    duel.referee({ command: "adjust-points", duelistId: GUS.id, delta: 1 - duel.duelist(GUS.id).points });
    const third = gusAbsent(duel, 1);
    expect(third.find((e) => e.type === "points.lost")).toMatchObject({ cause: "hit", amount: 1, points: 0 });
    expect(duel.types(third)).not.toContain("duelist.out");
    expect(duel.duelist(GUS.id)).toMatchObject({ status: "disqualified", points: 0 });
    expect(duel.result).toEqual({ winnerId: HUGO.id, reason: "disqualification" });
    // Without the disqualification those hits had knocked Gus out: cancelling it leaves him out.
    const events = duel.referee({ command: "cancel-fault", eventId: thirdAbsence(duel) }, "erreur");
    expect(duel.types(events)).toEqual(["referee.command", "fault.cancelled", "ban.ended", "duelist.out"]);
    expect(duel.duelist(GUS.id)).toMatchObject({ status: "out", points: 0 });
    expect(duel.state.status).toBe("finished");
    expect(duel.state.bans.every((b) => b.ended)).toBe(true);
  });

  it("R-6.2 R-7.1 a duel decided before this order (the attack set aside at the disqualification): the cancellation makes it hit then", () => {
    const duel = new Duel({ duelists: [HUGO, GUS] });
    duel.top();
    gusAbsent(duel, 3);
    // The log as the engine wrote it before: no hit after the third absence's disqualification.
    const hitIds = new Set(
      duel.log
        .slice(-3)
        .filter((e) => e.type === "defence.resolved" || e.type === "points.lost")
        .map((e) => e.id),
    );
    const before = fold(
      initialState,
      duel.log.filter((e) => !hitIds.has(e.id)),
    );
    if (before.status === "none") throw new Error("a duel expected");
    expect(before.droppedAttacks).toMatchObject([{ targetId: GUS.id, spellId: "glace" }]);
    const events = decide(
      {
        type: "referee",
        now: "2026-12-20T10:00:00.000Z",
        by: { id: REFEREE.id, via: "api" },
        action: { command: "cancel-fault", eventId: thirdAbsence(duel) },
        reason: "panne du forum",
      },
      before,
      "cancel",
    );
    expect(events.map((e) => e.type)).toEqual([
      "referee.command",
      "fault.cancelled",
      "ban.ended",
      "defence.resolved",
      "points.lost",
      "duel.resumed",
      "turn.passed",
    ]);
    const after = fold(before, events);
    expect(after.duelists.find((d) => d.id === GUS.id)).toMatchObject({ status: "active", points: 41 });
    expect(after.pendingAttacks).toEqual([]);
  });
});
