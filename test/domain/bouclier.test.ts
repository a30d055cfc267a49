import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import { attack, Duel } from "./fixtures.js";

const RITA = { id: "51", name: "Rita Skeeter", year: "adulte" as const };
const SIRIUS = { id: "52", name: "Sirius Black", year: "adulte" as const };
const GUS = { id: "53", name: "Gus Doe", year: "adulte" as const };

const PROTEGO = { Sort: "Protego", Pari: "2" };
const RECOVER = { Action: "récupérer sa baguette", Pari: "2" };

function defences(events: readonly DuelEvent[]) {
  return events.filter((e) => e.type === "defence.resolved");
}

/** T1 Rita casts the Bouclier; T2 Sirius casts nothing at her; T3 Rita attacks: nothing to answer. */
function shieldWaits(duelists = [RITA, SIRIUS]) {
  const duel = new Duel({ duelists });
  duel.top();
  duel.post(RITA, PROTEGO, [6, 1]);
  duel.post(SIRIUS, RECOVER, [6, 6]);
  const t3 = duel.post(RITA, attack("Incendio", "Sirius"), [1, 6]);
  return { duel, t3 };
}

describe("R-4.10 R-4.11 the Bouclier protects against the next spell cast at its caster", () => {
  it("R-4.10 R-4.11 a defence die with nothing to answer leaves the +3 waiting; the next defence that answers a spell uses it", () => {
    const { duel, t3 } = shieldWaits();
    // Nothing was pending against Rita at T3: no modifier on that die, the +3 waits.
    expect(t3.find((e) => e.type === "turn.played")).toMatchObject({
      defenceModifier: 0,
      defenceModifierKept: 3,
    });
    expect(duel.duelist(RITA.id).nextDefenceModifier).toBe(3);
    duel.post(SIRIUS, attack("Diffindo", "Rita"), [4, 1]);
    const t5 = duel.post(RITA, attack("Glacius", "Sirius"), [1, 2]);
    // 2 + 3 = 5 > 4: deflected.
    expect(defences(t5)).toMatchObject([{ defence: 2, modifier: 3, outcome: "deflected" }]);
    expect(duel.duelist(RITA.id)).toMatchObject({ points: 50, nextDefenceModifier: 0 });
    expect(t5.find((e) => e.type === "turn.played")).not.toHaveProperty("defenceModifierKept");
  });

  it("R-4.10 R-3.2 a tie with the Bouclier still hits, and the Bouclier is spent on it", () => {
    const { duel } = shieldWaits();
    duel.post(SIRIUS, attack("Diffindo", "Rita"), [5, 1]);
    const t5 = duel.post(RITA, attack("Glacius", "Sirius"), [1, 2]);
    expect(defences(t5)).toMatchObject([{ defence: 2, modifier: 3, outcome: "hit" }]);
    expect(duel.duelist(RITA.id)).toMatchObject({ points: 45, nextDefenceModifier: 0 });
  });

  it("R-4.10 R-3.7 one defence die answers every spell pending against the caster: the +3 counts for each, then is spent", () => {
    const duel = new Duel({ duelists: [RITA, SIRIUS, GUS] });
    duel.top();
    duel.post(RITA, PROTEGO, [6, 1]);
    duel.post(SIRIUS, attack("Diffindo", "Rita"), [4, 1]);
    duel.post(GUS, attack("Glacius", "Rita"), [5, 1]);
    const t4 = duel.post(RITA, attack("Incendio", "Sirius"), [1, 2]);
    expect(defences(t4)).toMatchObject([
      { attackerId: SIRIUS.id, modifier: 3, outcome: "deflected" },
      { attackerId: GUS.id, modifier: 3, outcome: "hit" },
    ]);
    expect(duel.duelist(RITA.id)).toMatchObject({ points: 45, nextDefenceModifier: 0 });
  });

  it("R-4.10 R-4.11 spells an Antisort cancels meet no defence roll: the Bouclier keeps waiting", () => {
    const duel = new Duel({ duelists: [RITA, SIRIUS] });
    duel.top();
    duel.post(RITA, PROTEGO, [6, 1]);
    duel.post(SIRIUS, attack("Diffindo", "Rita"), [4, 1]);
    const t3 = duel.post(RITA, { Sort: "Antisort Général", Pari: "1" }, [6, 1]);
    expect(defences(t3)).toMatchObject([{ outcome: "cancelled", modifier: 0 }]);
    expect(duel.duelist(RITA.id)).toMatchObject({ points: 50, nextDefenceModifier: 3 });
    duel.post(SIRIUS, attack("Glacius", "Rita"), [4, 1]);
    const t5 = duel.post(RITA, attack("Incendio", "Sirius"), [1, 2]);
    expect(defences(t5)).toMatchObject([{ modifier: 3, outcome: "deflected" }]);
  });

  it("R-4.10 R-6.4 a faulty turn's defence die still answers the pending spells, with the Bouclier, which is spent", () => {
    const duel = new Duel({ duelists: [RITA, SIRIUS] });
    duel.top();
    duel.post(RITA, PROTEGO, [6, 1]);
    duel.post(SIRIUS, attack("Diffindo", "Rita"), [4, 1]);
    // An unlisted spell: an action fault, no correction window; the turn's action fails.
    const t3 = duel.post(RITA, attack("Avada Kedavra", "Sirius"), [6, 2]);
    expect(t3.find((e) => e.type === "turn.played")).toMatchObject({ faulty: true, defenceModifier: 3 });
    expect(defences(t3)).toMatchObject([{ modifier: 3, outcome: "deflected" }]);
    expect(duel.duelist(RITA.id).nextDefenceModifier).toBe(0);
  });

  it("R-4.10 R-6.4 a faulty turn with nothing to answer leaves the Bouclier waiting too", () => {
    const duel = new Duel({ duelists: [RITA, SIRIUS] });
    duel.top();
    duel.post(RITA, PROTEGO, [6, 1]);
    duel.post(SIRIUS, RECOVER, [6, 6]);
    const t3 = duel.post(RITA, attack("Avada Kedavra", "Sirius"), [6, 2]);
    expect(t3.find((e) => e.type === "turn.played")).toMatchObject({ faulty: true, defenceModifierKept: 3 });
    expect(duel.duelist(RITA.id).nextDefenceModifier).toBe(3);
  });

  it("R-4.6 R-3.6 the Pot de Colle's −2 also waits for a defence roll that answers a spell", () => {
    const duel = new Duel({ duelists: [RITA, SIRIUS] });
    duel.top();
    duel.post(RITA, attack("Maléfice du Pot de Colle", "Sirius"), [3, 1]);
    duel.post(SIRIUS, attack("Glacius", "Rita"), [1, 1]);
    expect(duel.duelist(SIRIUS.id).nextDefenceModifier).toBe(-2);
    duel.post(RITA, PROTEGO, [6, 6]);
    // Nothing pending against Sirius: his die answers nothing, the −2 waits.
    duel.post(SIRIUS, attack("Diffindo", "Rita"), [1, 6]);
    expect(duel.duelist(SIRIUS.id).nextDefenceModifier).toBe(-2);
    duel.post(RITA, attack("Incendio", "Sirius"), [4, 6]);
    const answer = duel.post(SIRIUS, attack("Glacius", "Rita"), [1, 5]);
    expect(defences(answer)).toMatchObject([{ defence: 5, modifier: -2, outcome: "hit" }]);
  });
});
