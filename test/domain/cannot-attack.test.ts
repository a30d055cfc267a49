import { describe, expect, it } from "vitest";
import { attack, Duel } from "./fixtures.js";

const PIA = { id: "61", name: "Pia Lovegood", year: "adulte" as const };
const QUENTIN = { id: "62", name: "Quentin Trimble", year: "adulte" as const };

describe('R-4.7 R-4.8 "cannot attack on their next turn"', () => {
  it("R-4.7 R-6.2 a turn lost to an absence was that next turn: the turn after it attacks", () => {
    const duel = new Duel({ duelists: [PIA, QUENTIN] });
    duel.top();
    duel.post(PIA, attack("Confundo", "Quentin"), [6, 6]);
    duel.toTurnStart();
    // T2: Quentin's defence fails, the Confusion hits: he cannot attack on his next turn.
    duel.post(QUENTIN, { Action: "récupérer sa baguette", Pari: "2" }, [6, 1]);
    expect(duel.duelist(QUENTIN.id).cannotAttackNextTurn).toBe(true);
    duel.toTurnStart();
    duel.post(PIA, { Action: "récupérer sa baguette", Pari: "2" }, [1, 6]);
    // T4, his next turn: he does not post, his deadline passes.
    const absent = duel.fire(duel.timer("reply-deadline"));
    expect(absent.find((e) => e.type === "fault.absence")).toMatchObject({ duelistId: QUENTIN.id });
    expect(duel.duelist(QUENTIN.id).cannotAttackNextTurn).toBe(false);
    duel.toTurnStart();
    duel.post(PIA, { Action: "récupérer sa baguette", Pari: "2" }, [1, 6]);
    duel.toTurnStart();
    const t6 = duel.post(QUENTIN, attack("Incendio", "Pia"), [6, 6]);
    expect(duel.types(t6)).toContain("attack.launched");
  });
});
