import type { ReadContext } from "../../shared/parsing/types.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";

/** The duel most parsing tests read posts of: Alice against Bob, default rules. */
export const ctx: ReadContext = {
  ruleset: defaultRuleset,
  duelists: [
    { id: "42", name: "Alice Dubois" },
    { id: "43", name: "Bob Martin" },
  ],
};

/** Three duelists, two of them called Alice: a first name alone no longer says who. */
export const ctxTwoAlices: ReadContext = {
  ruleset: defaultRuleset,
  duelists: [...ctx.duelists, { id: "44", name: "Alice Moreau" }],
};

/** `n` words of RP text, each one word for the French segmenter. */
export function words(n: number): string {
  return Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");
}

/** A complete action block in BBCode. */
export const FULL_BLOCK =
  "[duel]\nSort : Sortilège de Feu\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]";
