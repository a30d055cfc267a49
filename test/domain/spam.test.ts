import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import { timersOf } from "../../shared/domain/timers.js";
import { attack, Duel } from "./fixtures.js";

const PIA = { id: "61", name: "Pia Lovegood", year: "adulte" as const };
const QUENTIN = { id: "62", name: "Quentin Trimble", year: "adulte" as const };

function spam(events: readonly DuelEvent[]) {
  return events.find((e) => e.type === "fault.action" && e.violations.includes("spam"));
}

/** Quentin posts his turn, at the start of his turn at the earliest. */
function quentinPlays(duel: Duel) {
  duel.toTurnStart().post(QUENTIN, { Action: "récupérer sa baguette", Pari: "2" }, [6, 6]);
}

describe("R-4.16 the previous spell is the one declared in one's previous turn", () => {
  it("R-4.16 R-6.2 a turn lost to an absence declared no spell: the same spell after it is no spam", () => {
    const duel = new Duel({ duelists: [PIA, QUENTIN] });
    duel.top();
    duel.post(PIA, attack("Incendio", "Quentin"), [1, 6]);
    quentinPlays(duel);
    // T3: Pia does not post, her deadline passes.
    const absent = duel.fire(duel.timer("reply-deadline"));
    expect(absent.find((e) => e.type === "fault.absence")).toMatchObject({ duelistId: PIA.id });
    expect(duel.duelist(PIA.id).lastSpellId).toBeNull();
    quentinPlays(duel);
    const t5 = duel.post(PIA, attack("Incendio", "Quentin"), [1, 6]);
    expect(spam(t5)).toBeUndefined();
    expect(duel.types(t5)).toContain("attack.launched");
  });

  it("R-4.16 R-6.4 a spell declared in a faulty turn is still the previous spell, whether it worked or not", () => {
    const duel = new Duel({ duelists: [PIA, QUENTIN] });
    duel.top();
    // Under 100 words: a correction window opens and closes uncorrected, the turn is faulty.
    duel.post(PIA, attack("Incendio", "Quentin"), [1, 6], { text: "Pia lève sa baguette." });
    duel.advance("PT31M");
    const window = timersOf(duel.state).find((t) => t.kind === "correction");
    if (!window) throw new Error("no correction window");
    const expired = duel.fire(window);
    expect(expired.find((e) => e.type === "turn.played")).toMatchObject({ faulty: true, spellId: "feu" });
    quentinPlays(duel);
    const t3 = duel.post(PIA, attack("Incendio", "Quentin"), [1, 6]);
    expect(spam(t3)).toMatchObject({ rule: "R-4.16", duelistId: PIA.id });
  });

  it("R-4.16 R-6.2a R-7.1 a dérogation or a fault the referee adds is no turn: the previous spell stands", () => {
    const duel = new Duel({ duelists: [PIA, QUENTIN] });
    duel.top();
    duel.post(PIA, attack("Incendio", "Quentin"), [1, 6]);
    duel.referee({ command: "derogation", duelistId: PIA.id, duration: "P1D" }, "examens");
    duel.referee({ command: "fault", duelistId: PIA.id, kind: "absence" }, "absence annoncée");
    quentinPlays(duel);
    const t3 = duel.post(PIA, attack("Incendio", "Quentin"), [1, 6]);
    expect(spam(t3)).toMatchObject({ rule: "R-4.16" });
  });
});

describe("R-4.16 Interpretation: Legilimens is a spell", () => {
  it("R-4.16 R-5.3 a failed Legilimens attempt is the previous spell: Legilimens again next turn is spam", () => {
    const alice = { id: "51", name: "Alice", year: 7 as const };
    const bob = { id: "52", name: "Bob", year: 7 as const };
    const duel = new Duel({
      duelists: [{ ...alice, particularities: [{ name: "legilimens", rank: 1 }] }, bob],
      firstDuelistId: alice.id,
    });
    const words = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");
    const legilimens = { Sort: "Legilimens", Cible: "Bob", Zone: "tête", Pari: "3" };
    duel.top();
    duel.post(alice, legilimens, [2, 2], { text: words(60) });
    duel.advance("PT31M");
    const expired = duel.fire(duel.timer("correction"));
    expect(expired.find((e) => e.type === "fault.action")).toMatchObject({ violations: ["words"] });
    expect(duel.types(expired)).not.toContain("legilimens.cast");
    expect(duel.duelist(alice.id).usedParticularities).toEqual([]);
    duel.toTurnStart().post(bob, attack("Feu", "Alice"), [1, 6]);
    const again = duel.toTurnStart().post(alice, legilimens, [3, 4], { text: words(120) });
    expect(spam(again)).toMatchObject({ rule: "R-4.16", duelistId: alice.id });
    expect(duel.types(again)).not.toContain("legilimens.cast");
    expect(again.find((e) => e.type === "points.lost")).toMatchObject({
      duelistId: alice.id,
      cause: "sanction",
      amount: 3,
      points: 47,
    });
    expect(duel.duelist(alice.id)).toMatchObject({ points: 47, usedParticularities: [] });
  });
});
