import { describe, expect, it } from "vitest";
import { particularityId } from "../../shared/domain/particularity-ids.js";
import { InvalidRulesetError } from "../../shared/errors.js";
import { matchNamed } from "../../shared/parsing/spell-matcher.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { loadRuleset, type Particularity, type Ruleset, type Spell } from "../../shared/rules/ruleset.js";

/** The issues a ruleset is refused with, or none when it loads. */
function issuesOf(input: unknown): { path: string; message: string }[] {
  try {
    loadRuleset(input);
    return [];
  } catch (error) {
    if (error instanceof InvalidRulesetError) return error.issues;
    throw error;
  }
}

const withParticularity = (p: Partial<Particularity> & { id: string; name: string }): Ruleset => ({
  ...defaultRuleset,
  particularities: [
    ...defaultRuleset.particularities,
    { aliases: [], usage: "unusable", rule: "R-5.2", ...p },
  ],
});

const withSpell = (s: Partial<Spell> & { id: string; name: string }): Ruleset => ({
  ...defaultRuleset,
  spells: [...defaultRuleset.spells, { aliases: [], kind: "sortilège", rule: "R-4.3", effects: [], ...s }],
});

/** The index a particularity or spell appended to the default ruleset gets. */
const NEW_PARTICULARITY = defaultRuleset.particularities.length;
const NEW_SPELL = defaultRuleset.spells.length;

describe("a custom ruleset's names name one thing each", () => {
  it("R-1.2 the default ruleset has no ambiguous name", () => {
    expect(issuesOf(structuredClone(defaultRuleset))).toEqual([]);
  });

  it("R-1.2 two particularities with one id are refused", () => {
    expect(issuesOf(withParticularity({ id: "voyant", name: "Voyance" }))).toEqual([
      { path: `particularities.${NEW_PARTICULARITY}.id`, message: "particularité en double : voyant" },
    ]);
  });

  it("R-1.2 an alias that is another particularity's id or name, once normalised, is refused", () => {
    // Registration takes the first particularity matching: `Voyant` would be registered as
    // `voyant` or `voyance` depending on the order of the array.
    const byId = withParticularity({ id: "voyance", name: "Voyance", aliases: ["VOYANT"] });
    expect(particularityId(byId, "voyant", 0)).toBe("voyant");
    expect(issuesOf(byId)).toEqual([
      {
        path: `particularities.${NEW_PARTICULARITY}.aliases.0`,
        message: expect.stringContaining("« VOYANT » désigne déjà la particularité voyant"),
      },
    ]);
    const byName = withParticularity({
      id: "metamorphose",
      name: "Métamorphose",
      aliases: ["metamorphomage !"],
    });
    expect(issuesOf(byName)).toEqual([
      {
        path: `particularities.${NEW_PARTICULARITY}.aliases.0`,
        message: expect.stringContaining("désigne déjà la particularité metamorphomage"),
      },
    ]);
  });

  it("R-1.2 a particularity whose id is another's alias is refused", () => {
    expect(issuesOf(withParticularity({ id: "occlumancie", name: "Occlumancie avancée" }))).toEqual([
      {
        path: `particularities.${NEW_PARTICULARITY}.id`,
        message: expect.stringContaining("désigne déjà la particularité occlumens"),
      },
    ]);
  });

  it("R-5.2 names that differ only by a leading article are refused: posts read names without it", () => {
    // Registration tells `Le Voyant` from `Voyant`; a post's `Particularité : le Voyant` cannot.
    const ruleset = withParticularity({ id: "le-voyant", name: "Le Voyant" });
    expect(issuesOf(ruleset)).toEqual([
      {
        path: `particularities.${NEW_PARTICULARITY}.name`,
        message: expect.stringContaining("désigne déjà la particularité voyant"),
      },
    ]);
  });

  it("R-5.3 a particularity named like a spell is refused: `Sort : Legilimens` would be read as the spell", () => {
    const ruleset = withSpell({ id: "sort-legilimens", name: "Legilimens", kind: "charme", rule: "R-5.3" });
    expect(issuesOf(ruleset)).toEqual([
      {
        path: "particularities.0.name",
        message: expect.stringContaining("désigne déjà le sort sort-legilimens"),
      },
    ]);
  });

  it("R-4.14 two spells sharing a name or alias, once normalised, are refused", () => {
    const ruleset = withSpell({ id: "feu-gregeois", name: "Feu grégeois", aliases: ["« incendio ! »"] });
    expect(issuesOf(ruleset)).toEqual([
      { path: `spells.${NEW_SPELL}.aliases.0`, message: expect.stringContaining("désigne déjà le sort feu") },
    ]);
    const named = withSpell({ id: "glace-2", name: "le sortilège de GLACE" });
    expect(issuesOf(named)).toEqual([
      { path: `spells.${NEW_SPELL}.name`, message: expect.stringContaining("désigne déjà le sort glace") },
    ]);
  });

  it("R-4.15 a spell named as another spell's id is refused: extra spells are given by id or name", () => {
    expect(issuesOf(withSpell({ id: "glacier", name: "glace" }))).toEqual([
      { path: `spells.${NEW_SPELL}.name`, message: expect.stringContaining("désigne déjà le sort glace") },
    ]);
  });

  it("R-5.1 a name of `récupérer sa baguette` that names a spell is refused", () => {
    const ruleset = { ...defaultRuleset, recoverWandNames: [...defaultRuleset.recoverWandNames, "Protego"] };
    expect(issuesOf(ruleset)).toEqual([
      {
        path: `recoverWandNames.${defaultRuleset.recoverWandNames.length}`,
        message: expect.stringContaining("désigne déjà le sort bouclier"),
      },
    ]);
  });

  it("R-1.2 one thing may have a name twice, and a spell and a particularity may share an id", () => {
    expect(
      issuesOf(withParticularity({ id: "feu", name: "Pyromancie", aliases: ["pyromancie", "Pyromancie !"] })),
    ).toEqual([]);
  });

  it("R-4.14 a kind-less name two spells share is accepted and names neither: the referee is asked", () => {
    // `Feu` could be either Feu: the matcher reads it as an unlisted spell rather than
    // picking one, while each full name and alias still names its own spell.
    const ruleset = loadRuleset(
      withSpell({ id: "malefice-feu", name: "Maléfice de Feu", kind: "maléfice", aliases: ["Flagrante"] }),
    );
    expect(matchNamed("Feu", ruleset)).toEqual({ kind: "unknown", text: "Feu" });
    expect(matchNamed("sort de feu", ruleset)).toEqual({ kind: "unknown", text: "sort de feu" });
    expect(matchNamed("Sortilège de Feu", ruleset)).toEqual({ kind: "spell", id: "feu" });
    expect(matchNamed("le maléfice de feu", ruleset)).toEqual({ kind: "spell", id: "malefice-feu" });
    expect(matchNamed("Glace", ruleset)).toEqual({ kind: "spell", id: "glace" });
  });
});
