import { describe, expect, it } from "vitest";
import { ALICE, BOB, Duel, LONG_RP } from "./fixtures.js";

describe("CONTRACT 5 a turn declared by a recap without tags", () => {
  it("R-3.1 plays the spell at the target: no correction window, no fault", () => {
    const duel = new Duel({ firstDuelistId: ALICE.id });
    duel.top();
    const content = `${LONG_RP}\n\n[b]Sort :[/b] Sortilège de Feu\n[b]Cible :[/b] Bob Martin\n[b]Zone :[/b] torse\n[b]Pari :[/b] 3`;
    const events = duel.post(ALICE, null, [5, 2], { content });
    expect(duel.types(events)).not.toContain("correction.opened");
    expect(duel.types(events)).not.toContain("fault.action");
    expect(events.find((e) => e.type === "attack.launched")).toMatchObject({
      spellId: "feu",
      targetId: BOB.id,
      attack: 5,
    });
  });

  it("R-6.7 a recap without its bet opens the correction window for the bet only", () => {
    const duel = new Duel({ firstDuelistId: ALICE.id });
    duel.top();
    const content = `<div class="rp"><p>${LONG_RP}</p><p>Sort : Incendio / Cible : Bob / Zone : bras</p></div>`;
    const events = duel.post(ALICE, null, [5, 2], { content });
    expect(events.find((e) => e.type === "correction.opened")).toMatchObject({
      missing: ["pari"],
      words: 110,
    });
  });

  it("R-1.3 a character sheet before the top casts nothing; a recap naming a spell does", () => {
    const sheet = new Duel();
    const salute =
      "Alice salue son adversaire.\n\nAnnée : 3e\nMaison : Serdaigle\nParticularité : Legilimens";
    expect(sheet.types(sheet.post(ALICE, null, [1, 1], { content: salute }))).not.toContain(
      "duelist.disqualified",
    );
    const early = new Duel();
    const cast = "Alice attaque avant le top.\n[b]Sort :[/b] Incendio / [b]Cible :[/b] Bob / [b]Pari :[/b] 2";
    expect(early.types(early.post(ALICE, null, [1, 1], { content: cast }))).toContain("duelist.disqualified");
  });
});
