import { describe, expect, it } from "vitest";
import { ALICE, attack, BOB, Duel } from "./fixtures.js";

describe("the worked example of seed 004", () => {
  it("R-3.3 R-4.10 attack 5 against defence 3 removes 5 points; the Bouclier then adds 3 to the next defence and forbids attacking", () => {
    const duel = new Duel({ duelists: [{ ...ALICE, year: "adulte" }, BOB] });
    duel.top();
    // Duelist 1 rolls 5 in attack.
    duel.post(ALICE, attack("Sortilège de Découpe", "Bob"), [5, 2]);
    // Duelist 2 fails with a defence of 3: he loses 5 PD, and casts the Charme du Bouclier.
    const bobTurn = duel.post(BOB, { Sort: "Charme du Bouclier", Pari: "2" }, [6, 3]);
    expect(bobTurn.find((e) => e.type === "points.lost")).toMatchObject({
      duelistId: BOB.id,
      amount: 5,
      points: 45,
    });
    expect(duel.types(bobTurn)).not.toContain("attack.launched");
    expect(duel.duelist(BOB.id).nextDefenceModifier).toBe(3);
    // Alice attacks with 5 again; Bob's next defence die 3 + 3 = 6 deflects it.
    duel.post(ALICE, attack("Glacius", "Bob"), [5, 2]);
    const next = duel.post(BOB, attack("Incendio", "Alice"), [2, 3]);
    expect(next.find((e) => e.type === "defence.resolved")).toMatchObject({
      defence: 3,
      modifier: 3,
      outcome: "deflected",
    });
    expect(duel.duelist(BOB.id).points).toBe(45);
  });
});
