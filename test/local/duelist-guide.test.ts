import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { duelistGuide } from "../../infra/local/duelist-guide.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";

describe("docs/guide-duellistes.md, the duelists' guide", () => {
  it("is what `npm run guide-doc` writes from the ruleset (never stale)", () => {
    const committed = readFileSync(new URL("../../docs/guide-duellistes.md", import.meta.url), "utf8");
    expect(committed, "run `npm run guide-doc` and commit docs/guide-duellistes.md").toBe(
      duelistGuide(defaultRuleset),
    );
  });

  it("R-6.3 says what the bet (« pari ») does: required in the block, nothing to the dice", () => {
    const guide = duelistGuide(defaultRuleset);
    expect(guide).toContain("**Le pari.**");
    expect(guide).toContain("il ne change rien aux dés");
  });

  it("follows the ruleset: a spell, a word count and a delay of its own show in the guide", () => {
    const ruleset = {
      ...defaultRuleset,
      minWords: 42,
      spells: [
        ...defaultRuleset.spells,
        { ...defaultRuleset.spells[0], id: "neuf", name: "Sort Nouveau", aliases: [] },
      ],
    } as typeof defaultRuleset;
    const guide = duelistGuide(ruleset);
    expect(guide).toContain("au moins **42 mots**");
    expect(guide).toContain("| Sort Nouveau |");
  });

  it("R-4.16 R-5.1 R-5.6 Interpretations: Legilimens is a spell, for spam and for the wand's recovery", () => {
    const guide = duelistGuide(defaultRuleset).replace(/\s+/g, " ");
    expect(guide).toContain("Legilimens est un sort : le relancer au tour suivant est du spam");
    expect(guide).toContain("même si ta tentative précédente a échoué sur une faute");
    expect(guide).toContain(
      "Sans elle, récupérer ta baguette et lancer un sort dans le même message, Legilimens compris, est une action impossible",
    );
    expect(guide).toContain("Tu restes désarmé(e) et aucune particularité n'est dépensée.");
  });
});
