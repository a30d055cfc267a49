import { describe, expect, it } from "vitest";
import { DomainError } from "../../shared/errors.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { ALICE, attack, BOB, Duel, REFEREE } from "./fixtures.js";
import { given, refereeDecides } from "./given.js";

describe("duel lifecycle", () => {
  it("R-1.1 refuses a referee who is also a duelist", () => {
    expect(() => new Duel({ duelists: [ALICE, { ...BOB, id: REFEREE.id }] })).toThrowError(
      expect.objectContaining({ code: "referee_is_duelist" }),
    );
  });

  it("R-1.2 registers two duelists with their years, particularities and stakes", () => {
    const duel = new Duel({
      duelists: [{ ...ALICE, particularities: [{ name: "legilimens" }] }, BOB],
      stakes: "Le perdant range la salle des trophées",
    });
    expect(duel.state.status).toBe("registered");
    expect(duel.duelist(ALICE.id).particularities).toEqual([{ name: "legilimens", rank: 1 }]);
    expect(duel.state.stakes).toBe("Le perdant range la salle des trophées");
    expect(duel.log[0]).toMatchObject({ type: "duel.registered", rule: "R-1.2" });
  });

  it("R-1.2 refuses a duel of one duelist, and a banned duelist with the end of the ban", () => {
    expect(() => new Duel({ duelists: [ALICE] })).toThrowError(DomainError);
    let error: unknown;
    try {
      new Duel({ bans: { [BOB.id]: "2027-03-01T00:00:00.000Z" } });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: "duelist_banned", status: 409 });
    expect((error as Error).message).toContain("2027-03-01");
  });

  it("R-1.3 a spell cast before the top disqualifies the duelist at once", () => {
    const duel = new Duel();
    const events = duel.post(ALICE, attack("Incendio", "Bob"), [5, 2]);
    expect(duel.types(events)).toEqual(
      expect.arrayContaining(["duelist.disqualified", "ban.started", "duel.finished"]),
    );
    expect(duel.duelist(ALICE.id).status).toBe("disqualified");
    expect(duel.result).toEqual({ winnerId: BOB.id, reason: "disqualification" });
  });

  it("R-1.3 a salute before the top is no fault", () => {
    const duel = new Duel();
    duel.post(ALICE, null, [1, 1]);
    expect(duel.duelist(ALICE.id)).toMatchObject({ status: "active", actionFaults: 0 });
  });

  it("R-1.4 the top starts the duel with the duelist the referee names, else the first registered", () => {
    const registered = new Duel();
    given(registered.log)
      .when(refereeDecides({ command: "top" }, registered.now))
      .decides([
        { type: "referee.command" },
        { type: "duel.started" },
        { type: "turn.passed", duelistId: ALICE.id, number: 1 },
      ]);
    given(registered.log)
      .when(refereeDecides({ command: "top", firstDuelistId: BOB.id }, registered.now))
      .decides([
        { type: "referee.command" },
        { type: "duel.started" },
        { type: "turn.passed", duelistId: BOB.id, number: 1 },
      ]);
  });

  it("R-1.4 a duel is started once", () => {
    const started = new Duel();
    started.top();
    given(started.log)
      .when(refereeDecides({ command: "top" }, started.now))
      .refuses("duel_already_started");
  });

  it("R-1.5 turns go round-robin, and a post out of turn is an action fault that moves nothing", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [5, 2]);
    expect(duel.turn?.duelistId).toBe(BOB.id);
    const events = duel.post(ALICE, attack("Glacius", "Bob"), [6, 6]);
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      rule: "R-1.5",
      violations: ["out-of-turn"],
    });
    expect(duel.turn).toMatchObject({ duelistId: BOB.id, number: 2 });
    expect(duel.state.pendingAttacks).toHaveLength(1);
  });

  it("R-1.6 a duelist at 0 points is out, points never go below 0, the last one standing wins", () => {
    const duel = new Duel({ duelists: [{ ...ALICE, year: 1 }, BOB] });
    duel.top();
    duel.referee({ command: "adjust-points", duelistId: ALICE.id, delta: -13 });
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.post(BOB, attack("Incendio", "Alice"), [6, 1]);
    const last = duel.post(ALICE, attack("Diffindo", "Bob"), [1, 1]);
    expect(duel.duelist(ALICE.id)).toMatchObject({ points: 0, status: "out" });
    expect(last.find((e) => e.type === "points.lost")).toMatchObject({ amount: 2, points: 0 });
    expect(duel.result).toEqual({ winnerId: BOB.id, reason: "points" });
  });

  it("R-1.7 the end of the duel recalls the stakes", () => {
    const started = new Duel({ stakes: "Le perdant range la salle des trophées" });
    started.top();
    given(started.log)
      .when(refereeDecides({ command: "end", winnerId: BOB.id }, started.now, "abandon"))
      .decides([
        { type: "referee.command" },
        { type: "duel.finished", stakes: "Le perdant range la salle des trophées", winnerId: BOB.id },
      ]);
  });

  it("R-2.1 starting points follow the year: 15 to 50", () => {
    const years = [1, 2, 3, 4, 5, 6, 7, "adulte"] as const;
    const expected = [15, 20, 25, 30, 35, 40, 50, 50];
    years.forEach((year, i) => {
      const duel = new Duel({ duelists: [{ ...ALICE, year }, BOB] });
      expect(duel.duelist(ALICE.id)).toMatchObject({ points: expected[i], startingPoints: expected[i] });
    });
    expect(defaultRuleset.startingPoints.adulte).toBe(50);
  });
});
