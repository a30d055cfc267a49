import { describe, expect, it } from "vitest";
import { timersOf } from "../../shared/domain/timers.js";
import { composeHiboux } from "../../shared/hiboux/index.js";
import { ALICE, attack, BOB, Duel, REFEREE } from "./fixtures.js";

/** Alice plays, Bob lets his deadline pass: `absences` times. */
function bobAbsent(duel: Duel, absences: number): void {
  for (let i = 0; i < absences; i++) {
    duel.now = duel.turn?.startedAt ?? duel.now;
    duel.post(ALICE, attack(i % 2 === 0 ? "Diffindo" : "Glacius", "Bob"), [1, 6]);
    duel.fire(duel.timer("reply-deadline"));
  }
}

describe("verdicts at the edges of the rules", () => {
  it("R-3.8 with the forum's dice, a turn post without a roll waits in its correction window, then plays with the system's dice", () => {
    const duel = new Duel({ dice: "forum" });
    const salute = duel.post(ALICE, null, [2, 2]);
    expect(salute.find((e) => e.type === "post.recorded")).toMatchObject({ dice: null });
    duel.top();
    const waiting = duel.post(ALICE, { Sort: "Glacius", Cible: "Bob", Zone: "torse" }, [5, 4]);
    expect(duel.types(waiting)).toContain("correction.opened");
    expect(duel.types(waiting)).not.toContain("dice.rolled");
    const closes = timersOf(duel.state).find((t) => t.kind === "correction");
    if (!closes) throw new Error("no correction window");
    const settled = duel.fire(closes);
    expect(settled.find((e) => e.type === "turn.played")).toMatchObject({ dice: [5, 4] });
    expect(settled.find((e) => e.type === "dice.rolled")).toMatchObject({ rule: "R-3.8", dice: [5, 4] });
    const withRoll = duel.run({
      type: "post.received",
      now: duel.now,
      post: { ...duel.postInput(BOB, attack("Diffindo", "Alice"), [1, 1]), forumDice: [6, 6] },
    });
    expect(withRoll.find((e) => e.type === "turn.played")).toMatchObject({ dice: [6, 6] });
    expect(duel.types(withRoll)).not.toContain("dice.rolled");
  });

  it("R-6.2 the absence fault is counted and sanctioned before the pending attacks hit", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Diffindo", "Bob"), [5, 1]);
    const events = duel.fire(duel.timer("reply-deadline"));
    const order = duel.types(events).filter((t) => t !== "referee.command");
    expect(order.indexOf("fault.absence")).toBeLessThan(order.indexOf("defence.resolved"));
    expect(order.indexOf("sanction.applied")).toBeLessThan(order.indexOf("defence.resolved"));
    expect(duel.duelist(BOB.id)).toMatchObject({ absenceFaults: 1, points: 50 - 2 - 5 });
  });

  it("R-6.2 R-6.8 R-6.9 a third absence disqualifies and bans even when the pending attacks would knock out", () => {
    const duel = new Duel();
    duel.top();
    bobAbsent(duel, 2);
    expect(duel.duelist(BOB.id).absenceFaults).toBe(2);
    // Bob is left with 3 points and a 6 pending against him: the hit alone would knock him out.
    duel.referee({ command: "adjust-points", duelistId: BOB.id, delta: 3 - duel.duelist(BOB.id).points });
    duel.now = duel.turn?.startedAt ?? duel.now;
    duel.post(ALICE, attack("Diffindo", "Bob"), [6, 6]);
    const events = duel.fire(duel.timer("reply-deadline"));
    expect(events.find((e) => e.type === "fault.absence")).toMatchObject({ duelistId: BOB.id, count: 3 });
    expect(events.find((e) => e.type === "duelist.disqualified")).toMatchObject({
      duelistId: BOB.id,
      cause: "absences",
    });
    expect(events.find((e) => e.type === "ban.started")).toMatchObject({ duelistId: BOB.id });
    expect(duel.types(events)).not.toContain("duelist.out");
    expect(duel.duelist(BOB.id).status).toBe("disqualified");
    expect(duel.result).toMatchObject({ winnerId: ALICE.id, reason: "disqualification" });
  });

  it("R-7.1 a refused referee command is recorded only as refused, never as taken", () => {
    const duel = new Duel();
    duel.top();
    expect(() => duel.referee({ command: "cancel-fault", eventId: "nope#1" })).toThrowError(
      expect.objectContaining({ code: "fault_not_found" }),
    );
    const events = duel.post(REFEREE, null, [1, 1], {
      content: "[arbitre]annuler faute nope#1[/arbitre]",
    });
    expect(duel.types(events)).not.toContain("referee.command");
    expect(events.find((e) => e.type === "referee.command-rejected")).toMatchObject({
      code: "fault_not_found",
    });
  });

  it("R-7.1 a refused line of a referee's post leaves nothing of itself, the next line still applies", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(REFEREE, null, [1, 1], {
      content: "[arbitre]annuler faute nope#1\ndérogation Alice 2 jours[/arbitre]",
    });
    expect(duel.types(events)).toEqual([
      "post.recorded",
      "referee.command-rejected",
      "referee.command",
      "derogation.granted",
    ]);
  });

  it("R-5.1 R-3.5 a Désarmement that hits the post recovering the wand disarms again from the next turn", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Expelliarmus", "Bob"), [4, 1]);
    duel.post(BOB, { Pari: "2" }, [1, 1]);
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.post(BOB, { Pari: "2" }, [1, 6]);
    expect(duel.duelist(BOB.id).disarmed).toBe(true);
    duel.post(ALICE, attack("Expelliarmus", "Bob"), [5, 1]);
    const before = duel.state;
    const recover = duel.post(BOB, { Action: "récupérer sa baguette", Pari: "2" }, [1, 1]);
    const summary = composeHiboux({ events: recover, before, after: duel.state }).find(
      (x) => x.to.role === "referee" && x.kind === "turn.resolved",
    );
    expect(summary?.text).toContain("de nouveau sans baguette à son prochain tour (R-5.1, R-3.5)");
    expect(recover.find((e) => e.type === "effect.applied")).toMatchObject({
      duelistId: BOB.id,
      effect: "disarmed",
    });
    expect(recover.find((e) => e.type === "wand.recovered")).toMatchObject({ duelistId: BOB.id });
    expect(duel.duelist(BOB.id).disarmed).toBe(true);
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    const cast = duel.post(BOB, attack("Diffindo", "Alice"), [1, 6]);
    expect(cast.find((e) => e.type === "fault.action")).toMatchObject({ violations: ["disarmed"] });
  });

  it("R-5.1 R-3.5 recovering a wand one still holds does nothing, and a hit in that post disarms", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Expelliarmus", "Bob"), [5, 1]);
    const recover = duel.post(BOB, { Action: "récupérer sa baguette", Pari: "2" }, [1, 1]);
    expect(duel.types(recover)).not.toContain("wand.recovered");
    expect(duel.types(recover)).not.toContain("fault.action");
    expect(duel.duelist(BOB.id).disarmed).toBe(true);
    const calm = new Duel();
    calm.top();
    calm.post(ALICE, attack("Glacius", "Bob"), [1, 6]);
    const idle = calm.post(BOB, { Action: "récupérer sa baguette", Pari: "2" }, [1, 6]);
    expect(calm.types(idle)).not.toContain("wand.recovered");
    expect(calm.types(idle)).not.toContain("fault.action");
    expect(calm.duelist(BOB.id).disarmed).toBe(false);
  });
});
