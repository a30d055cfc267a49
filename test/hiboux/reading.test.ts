import { describe, expect, it } from "vitest";
import { composeHiboux } from "../../shared/hiboux/index.js";
import { ALICE, Duel, LONG_RP } from "../domain/fixtures.js";

/** Plays one post of Alice's after the top and composes the hiboux of that input. */
function play(content: string) {
  const duel = new Duel({ firstDuelistId: ALICE.id });
  duel.top();
  const before = duel.state;
  const events = duel.post(ALICE, null, [4, 2], { content });
  return composeHiboux({ events, before, after: duel.state });
}

describe("CONTRACT 5 the hiboux say what was read", () => {
  it("R-6.3 the turn summary quotes the recap without tags as understood, and the words", () => {
    const post = `${LONG_RP}\n\n[b]Sort :[/b] Incendio / [b]Cilbe :[/b] Bob / [b]Zone :[/b] épaule gauche / [b]Pari de dés :[/b] 3`;
    const summary = play(post).find((h) => h.kind === "turn.resolved" && h.to.role === "referee");
    expect(summary?.text).toContain(
      "Lu dans le message : sort : Sortilège de Feu ; cible : Bob Martin ; zone : « épaule gauche » ; " +
        "pari : « 3 » ; particularité : aucune — 110 mots (R-6.3).",
    );
  });

  it("R-6.7 the correction hibou shows both sides what was read, an unknown target as written", () => {
    const post = `${LONG_RP}\n<div style="color:#930">Sort : Glacius<br>Cible : Bobby<br>Zone : jambe</div>`;
    const opened = play(post).filter((h) => h.kind === "correction.opened");
    expect(opened.map((h) => h.to.role).sort()).toEqual(["duelist", "referee"]);
    for (const hibou of opened) {
      expect(hibou.text).toContain(
        "Lu dans le message : sort : Sortilège de Glace ; cible : « Bobby » (inconnu) ; zone : « jambe » ; " +
          "pari : aucun ; particularité : aucune — 110 mots (R-6.3).",
      );
    }
  });

  it("R-6.3 a post with no action at all says so, with its words", () => {
    const opened = play("Alice hésite et ne fait rien.").find(
      (h) => h.kind === "correction.opened" && h.to.role === "duelist",
    );
    expect(opened?.text).toContain(
      "Lu dans le message : aucune action (ni bloc [duel] ni récapitulatif) — 6 mots (R-6.3).",
    );
  });
});
