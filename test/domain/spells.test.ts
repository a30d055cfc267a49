import { describe, expect, it } from "vitest";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { loadRuleset } from "../../shared/rules/ruleset.js";
import { ALICE, attack, BOB, Duel } from "./fixtures.js";

/** Alice attacks Bob with `spell` and attack die `die`; Bob defends with `defence`. */
function aliceHitsBob(spell: string, die: number, defence = 1) {
  const duel = new Duel();
  duel.top();
  duel.post(ALICE, attack(spell, "Bob"), [die, 1]);
  const events = duel.post(BOB, attack("Glacius", "Alice"), [1, defence]);
  return { duel, events };
}

describe("spells", () => {
  it("R-4.1 Sortilège de Feu removes 2 extra points on a hit", () => {
    const { duel } = aliceHitsBob("Incendio", 4);
    expect(duel.duelist(BOB.id).points).toBe(44);
  });

  it("R-4.2 Sortilège de Désarmement disarms the target on a hit", () => {
    const { duel } = aliceHitsBob("Expelliarmus", 4);
    expect(duel.duelist(BOB.id)).toMatchObject({ disarmed: true, points: 46 });
  });

  it.each([
    ["R-4.3", "Rictusempra"],
    ["R-4.4", "Diffindo"],
    ["R-4.5", "Glacius"],
    ["R-4.9", "Apparition d'insectes"],
  ])("%s %s does damage only", (_rule, spell) => {
    const { duel } = aliceHitsBob(spell === "Glacius" ? "Glacius" : spell, 3);
    expect(duel.duelist(BOB.id)).toMatchObject({
      points: 47,
      disarmed: false,
      nextDefenceModifier: 0,
      cannotAttackNextTurn: false,
    });
  });

  it("R-4.6 Maléfice du Pot de Colle removes 2 from the target's next defence roll", () => {
    const { duel } = aliceHitsBob("Maléfice du Pot de Colle", 3);
    expect(duel.duelist(BOB.id).nextDefenceModifier).toBe(-2);
    duel.post(ALICE, attack("Diffindo", "Bob"), [4, 6]);
    const events = duel.post(BOB, attack("Incendio", "Alice"), [1, 5]);
    expect(events.find((e) => e.type === "defence.resolved")).toMatchObject({
      defence: 5,
      modifier: -2,
      outcome: "hit",
    });
  });

  it.each([
    ["R-4.7", "Confundo"],
    ["R-4.8", "Sortilège de Chant"],
  ])("%s %s stops the target attacking on their next turn", (_rule, spell) => {
    const { duel } = aliceHitsBob(spell, 3);
    expect(duel.duelist(BOB.id).cannotAttackNextTurn).toBe(true);
  });

  it("R-4.10 Charme du Bouclier adds 3 to the caster's next defence", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, { Sort: "Protego", Pari: "2" }, [6, 1]);
    expect(duel.duelist(ALICE.id).nextDefenceModifier).toBe(3);
  });

  it("R-4.11 Antisort Général cancels every spell pending against the caster", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [6, 1]);
    const events = duel.post(BOB, { Sort: "Finite Incantatem", Pari: "1" }, [6, 1]);
    expect(events.find((e) => e.type === "defence.resolved")).toMatchObject({
      outcome: "cancelled",
      rule: "R-4.11",
    });
    expect(duel.duelist(BOB.id).points).toBe(50);
  });

  it("R-4.12 Bouclier and Antisort do not attack: their attack die is unused", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(
      ALICE,
      { Sort: "Antisort Général", Cible: "Bob", Zone: "tête", Pari: "1" },
      [6, 1],
    );
    expect(duel.types(events)).not.toContain("attack.launched");
    expect(duel.state.pendingAttacks).toHaveLength(0);
  });

  it("R-4.13 an attack declared while unable to attack does nothing and is no fault", () => {
    const { duel } = aliceHitsBob("Confundo", 3);
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 6]);
    const events = duel.post(BOB, attack("Diffindo", "Alice"), [6, 6]);
    expect(duel.types(events)).toContain("action.void");
    expect(duel.types(events)).not.toContain("fault.action");
    expect(duel.duelist(BOB.id).lastSpellId).toBe("decoupe");
  });

  it("R-4.14 an unlisted spell is an action fault and the referee is asked whether to disqualify", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(ALICE, attack("Avada Kedavra", "Bob"), [6, 1]);
    expect(events.find((e) => e.type === "referee.decision-needed")).toMatchObject({
      question: "unlisted-spell",
      rule: "R-4.14",
    });
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({ violations: ["unlisted-spell"] });
    expect(duel.state.pendingAttacks).toHaveLength(0);
  });

  it("R-4.15 a spell above the year's level is an impossible action, unless the referee approved it", () => {
    const ruleset = loadRuleset({
      ...defaultRuleset,
      spells: defaultRuleset.spells.map((s) => (s.id === "feu" ? { ...s, level: 5 } : s)),
    });
    const duel = new Duel({ ruleset, duelists: [ALICE, { ...BOB, year: 2, extraSpells: ["feu"] }] });
    duel.top();
    const events = duel.post(ALICE, attack("Incendio", "Bob"), [6, 1]);
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["level"],
      rule: "R-4.15",
    });
    const bob = duel.post(BOB, attack("Incendio", "Alice"), [6, 1]);
    expect(duel.types(bob)).toContain("attack.launched");
  });

  it("R-4.16 casting one's previous spell again is spam; récupérer sa baguette is not a spell", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.post(BOB, attack("Glacius", "Alice"), [1, 6]);
    const events = duel.post(ALICE, attack("Sortilège de Glace", "Bob"), [6, 6]);
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["spam"],
      rule: "R-4.16",
    });
  });

  it("R-4.17 with PM, a cast spends its cost and a cast without enough PM is impossible", () => {
    const ruleset = loadRuleset({
      ...defaultRuleset,
      pmPool: { "1": 5, "2": 5, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, adulte: 5 },
      spells: defaultRuleset.spells.map((s) => ({ ...s, pmCost: s.id === "feu" ? 4 : 1 })),
    });
    const duel = new Duel({ ruleset });
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [2, 1]);
    expect(duel.duelist(ALICE.id).pm).toBe(1);
    duel.post(BOB, attack("Glacius", "Alice"), [1, 6]);
    const events = duel.post(ALICE, attack("Diffindo", "Bob"), [2, 1]);
    expect(duel.types(events)).not.toContain("fault.action");
    expect(duel.duelist(ALICE.id).pm).toBe(0);
    duel.post(BOB, attack("Diffindo", "Alice"), [1, 6]);
    const broke = duel.post(ALICE, attack("Glacius", "Bob"), [2, 1]);
    expect(broke.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["pm"],
      rule: "R-4.17",
    });
  });
});
