import { describe, expect, it } from "vitest";
import { InvalidRulesetError } from "../../shared/errors.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { loadRuleset, rulesetSchemas } from "../../shared/rules/ruleset.js";

describe("the ruleset as data", () => {
  it("the default ruleset is valid, and is already the schema's output (no default left to fill)", () => {
    const parsed = rulesetSchemas().rulesetSchema.safeParse(defaultRuleset);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toStrictEqual(defaultRuleset);
    expect(loadRuleset(structuredClone(defaultRuleset))).toStrictEqual(defaultRuleset);
  });

  it("builds its schemas once, on first use", () => {
    expect(rulesetSchemas()).toBe(rulesetSchemas());
  });

  it("R-4.1 R-4.11 the default ruleset has the eleven spells of seed 004 with their effects", () => {
    expect(defaultRuleset.spells.map((s) => s.name)).toEqual([
      "Sortilège de Feu",
      "Sortilège de Désarmement",
      "Sortilège de Chatouillis",
      "Sortilège de Découpe",
      "Sortilège de Glace",
      "Maléfice du Pot de Colle",
      "Sortilège de Confusion",
      "Sortilège de Chant",
      "Apparition d'insectes",
      "Charme du Bouclier",
      "Antisort Général",
    ]);
    expect(defaultRuleset.delays).toEqual({
      reply: "PT72H",
      correction: "PT30M",
      maxDerogation: "P5D",
      ban: "P6M",
      reminderBefore: "PT24H",
    });
    expect(defaultRuleset.minWords).toBe(100);
  });

  it("R-6.6 the sanction table of seed 000 is data", () => {
    expect(defaultRuleset.actionFaultSanction).toEqual({
      "1": 1,
      "2": 2,
      "3": 2,
      "4": 2,
      "5": 3,
      "6": 3,
      "7": 3,
      adulte: 4,
    });
  });

  it("a forum loads its own ruleset: a new spell is a data change", () => {
    const custom = loadRuleset({
      ...defaultRuleset,
      spells: [
        ...defaultRuleset.spells,
        {
          id: "stupefix",
          name: "Stupéfixion",
          aliases: ["Stupéfix"],
          kind: "sortilège",
          rule: "R-4.3",
          effects: [],
        },
      ],
    });
    expect(custom.spells.at(-1)?.id).toBe("stupefix");
  });

  it("an invalid ruleset is refused with a message naming the bad field", () => {
    const bad = {
      ...defaultRuleset,
      delays: { ...defaultRuleset.delays, reply: "3 jours" },
      startingPoints: { ...defaultRuleset.startingPoints, "3": -1 },
    };
    let error: unknown;
    try {
      loadRuleset(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidRulesetError);
    expect((error as Error).message).toContain("delays.reply");
    expect((error as Error).message).toContain("startingPoints.3");
  });

  it("two spells with one id are refused", () => {
    const first = defaultRuleset.spells[0];
    expect(() => loadRuleset({ ...defaultRuleset, spells: [...defaultRuleset.spells, first] })).toThrowError(
      /spells\.11\.id/,
    );
  });
});
