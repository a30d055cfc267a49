import { describe, expect, it } from "vitest";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { loadRuleset } from "../../shared/rules/ruleset.js";
import { ALICE, attack, BOB, Duel } from "./fixtures.js";

/** Alice disarms Bob: Bob is hit in his turn 2, so he is disarmed from his turn 4. */
function bobDisarmed(bobParticularities: { name: string; rank?: number }[] = []) {
  const duel = new Duel({ duelists: [ALICE, { ...BOB, particularities: bobParticularities }] });
  duel.top();
  duel.post(ALICE, attack("Expelliarmus", "Bob"), [5, 1]);
  duel.post(BOB, attack("Glacius", "Alice"), [1, 1]);
  duel.post(ALICE, attack("Diffindo", "Bob"), [3, 6]);
  return duel;
}

describe("states and particularities", () => {
  it("R-5.1 a disarmed duelist must recover their wand: a spell is an impossible action, the defence still counts", () => {
    const duel = bobDisarmed();
    expect(duel.duelist(BOB.id).disarmed).toBe(true);
    const events = duel.post(BOB, attack("Incendio", "Alice"), [6, 2]);
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["disarmed"],
      rule: "R-5.1",
    });
    expect(events.find((e) => e.type === "defence.resolved")).toMatchObject({ defence: 2, outcome: "hit" });
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 6]);
    const recover = duel.post(BOB, { Action: "récupérer sa baguette", Pari: "2" }, [6, 6]);
    expect(duel.types(recover)).toContain("wand.recovered");
    expect(duel.duelist(BOB.id).disarmed).toBe(false);
  });

  it("R-5.2 Animagus cannot be used in a duel: declaring it is an incorrect action", () => {
    const duel = new Duel({ duelists: [{ ...ALICE, particularities: [{ name: "animagus" }] }, BOB] });
    duel.top();
    const events = duel.post(ALICE, { ...attack("Glacius", "Bob"), Particularité: "Animagus" }, [3, 1]);
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["unusable-particularity"],
      rule: "R-5.2",
    });
  });

  it("R-5.3 R-4.16 Legilimens, once per duel: no attack, the referee is asked to relay the target's next move; again is spent and spam", () => {
    const duel = new Duel({
      duelists: [{ ...ALICE, particularities: [{ name: "legilimens", rank: 2 }] }, BOB],
    });
    duel.top();
    const events = duel.post(ALICE, { Sort: "Legilimens", Cible: "Bob", Zone: "esprit", Pari: "3" }, [6, 1]);
    expect(events.find((e) => e.type === "legilimens.cast")).toMatchObject({ blocked: false, rule: "R-5.3" });
    expect(events.find((e) => e.type === "referee.decision-needed")).toMatchObject({
      question: "legilimens-relay",
    });
    expect(duel.state.pendingAttacks).toHaveLength(0);
    duel.post(BOB, attack("Glacius", "Alice"), [1, 6]);
    const again = duel.post(ALICE, { Sort: "Legilimens", Cible: "Bob", Zone: "esprit", Pari: "3" }, [6, 1]);
    expect(again.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["particularity-spent", "spam"],
      rule: "R-5.7",
    });
  });

  it("R-5.4 Legilimens fails on an Occlumens of equal or higher rank, and the use is spent", () => {
    const duel = new Duel({
      duelists: [
        { ...ALICE, particularities: [{ name: "legilimens", rank: 1 }] },
        { ...BOB, particularities: [{ name: "occlumens", rank: 1 }] },
      ],
    });
    duel.top();
    const events = duel.post(
      ALICE,
      { Particularité: "Legilimens", Cible: "Bob", Zone: "esprit", Pari: "3" },
      [6, 1],
    );
    expect(events.find((e) => e.type === "legilimens.cast")).toMatchObject({ blocked: true, rule: "R-5.4" });
    expect(duel.types(events)).not.toContain("referee.decision-needed");
    expect(duel.duelist(ALICE.id).usedParticularities).toEqual(["legilimens"]);
  });

  it("R-5.5 Mage Noir casts a maléfice for half its PM, once per duel", () => {
    const ruleset = loadRuleset({
      ...defaultRuleset,
      pmPool: { "1": 9, "2": 9, "3": 9, "4": 9, "5": 9, "6": 9, "7": 9, adulte: 9 },
      spells: defaultRuleset.spells.map((s) => ({ ...s, pmCost: s.id === "pot-de-colle" ? 5 : 1 })),
    });
    const duel = new Duel({
      ruleset,
      duelists: [{ ...ALICE, particularities: [{ name: "mage-noir" }] }, BOB],
    });
    duel.top();
    duel.post(ALICE, { ...attack("Maléfice du Pot de Colle", "Bob"), Particularité: "Mage Noir" }, [3, 1]);
    expect(duel.duelist(ALICE.id)).toMatchObject({ pm: 6, usedParticularities: ["mage-noir"] });
  });

  it("R-5.6 Magie sans baguette lets a disarmed duelist cast while recovering their wand, once", () => {
    const duel = bobDisarmed([{ name: "magie-sans-baguette" }]);
    const events = duel.post(
      BOB,
      {
        Action: "récupérer sa baguette",
        Sort: "Incendio",
        Particularité: "Magie sans baguette",
        Cible: "Alice",
        Zone: "bras",
        Pari: "4",
      },
      [5, 1],
    );
    expect(duel.types(events)).toEqual(
      expect.arrayContaining(["wand.recovered", "particularity.used", "attack.launched"]),
    );
    expect(duel.types(events)).not.toContain("fault.action");
  });

  it("R-5.7 using a once-per-duel particularity one does not have is an incorrect action", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(
      ALICE,
      { Particularité: "Legilimens", Cible: "Bob", Zone: "esprit", Pari: "3" },
      [6, 1],
    );
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["particularity-not-owned"],
      rule: "R-5.7",
    });
  });
});

describe("R-5.1 R-5.6 Interpretation: recovering the wand and casting Legilimens in one post", () => {
  it("R-5.1 R-5.3 R-5.6 R-6.4 without Magie sans baguette it is an action fault: the duelist stays disarmed, Legilimens is not spent", () => {
    const alice = { id: "51", name: "Alice", year: 7 as const };
    const bob = { id: "52", name: "Bob", year: 7 as const };
    const duel = new Duel({
      duelists: [{ ...alice, particularities: [{ name: "legilimens", rank: 2 }] }, bob],
      firstDuelistId: bob.id,
      dice: "forum",
    });
    const post = (author: typeof alice, block: Record<string, string>, dice: [number, number]) =>
      duel.run({
        type: "post.received",
        now: duel.now,
        post: { ...duel.postInput(author, block, [3, 3]), forumDice: dice },
      });
    duel.top();
    post(bob, attack("Désarmement", "Alice"), [6, 1]);
    post(alice, attack("Feu", "Bob"), [1, 1]);
    expect(duel.duelist(alice.id).disarmed).toBe(true);
    post(bob, attack("Glace", "Alice"), [1, 6]);
    const events = post(
      alice,
      { Action: "récupérer sa baguette", Sort: "Legilimens", Cible: "Bob", Zone: "tête", Pari: "3" },
      [1, 6],
    );
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      duelistId: alice.id,
      violations: ["disarmed"],
      rule: "R-5.1",
    });
    expect(duel.types(events)).not.toContain("wand.recovered");
    expect(duel.types(events)).not.toContain("particularity.used");
    expect(duel.types(events)).not.toContain("legilimens.cast");
    expect(duel.types(events)).not.toContain("referee.decision-needed");
    expect(events.find((e) => e.type === "defence.resolved")).toMatchObject({
      defence: 6,
      outcome: "deflected",
    });
    expect(duel.duelist(alice.id)).toMatchObject({ disarmed: true, usedParticularities: [] });
  });

  it("R-5.6 with Magie sans baguette, recovering the wand and casting Legilimens in one post works", () => {
    const duel = bobDisarmed([{ name: "magie-sans-baguette" }, { name: "legilimens", rank: 1 }]);
    const events = duel.post(
      BOB,
      {
        Action: "récupérer sa baguette",
        Sort: "Legilimens",
        Particularité: "Magie sans baguette",
        Cible: "Alice",
        Zone: "tête",
        Pari: "3",
      },
      [5, 1],
    );
    expect(duel.types(events)).not.toContain("fault.action");
    expect(duel.types(events)).toEqual(expect.arrayContaining(["wand.recovered", "legilimens.cast"]));
    expect(duel.duelist(BOB.id)).toMatchObject({
      disarmed: false,
      usedParticularities: expect.arrayContaining(["magie-sans-baguette", "legilimens"]),
    });
  });
});
