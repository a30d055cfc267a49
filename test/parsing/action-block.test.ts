import { describe, expect, it } from "vitest";
import { findActionBlocks, readActionBlock } from "../../shared/parsing/action-block.js";
import { ctx, ctxTwoAlices } from "./context.js";

const read = (body: string) => readActionBlock(body, ctx);

describe("action block keys", () => {
  it("accepts 'Sort: x', 'Sort : x', 'Sort :x' and '**Sort :** x'", () => {
    for (const line of [
      "Sort: Incendio",
      "Sort : Incendio",
      "Sort :Incendio",
      "**Sort :** Incendio",
      "- Sort : Incendio",
    ]) {
      expect(read(line).spellIds).toEqual(["feu"]);
    }
  });

  it("reads keys in any order, in French or English, without case or accents", () => {
    const block = read("PARI DE DÉ : 5\nzone : jambe gauche\nTARGET : bob\nSortilege : Glacius");
    expect(block).toMatchObject({
      spellIds: ["glace"],
      target: { kind: "duelist", duelistId: "43" },
      zone: "jambe gauche",
      bet: "5",
    });
    expect(read("Spell: Diffindo\nTarget: Alice\nZone: arm\nBet: 2")).toMatchObject({
      spellIds: ["decoupe"],
      target: { kind: "duelist", duelistId: "42" },
      zone: "arm",
      bet: "2",
    });
    expect(read("Pari de de : 3").bet).toBe("3");
    expect(read("Pari de dé : 3").bet).toBe("3");
  });

  it("reads several pairs on one line", () => {
    expect(read("Sort : Incendio ; Cible : Bob — Zone : torse, Pari : 4")).toMatchObject({
      spellIds: ["feu"],
      target: { kind: "duelist", duelistId: "43" },
      zone: "torse",
      bet: "4",
    });
  });

  it("R-6.3 leaves empty or missing fields null", () => {
    const block = read("Sort : Incendio\nZone :\nPari : -");
    expect(block).toMatchObject({ target: null, zone: null, bet: null });
    expect(read("du texte sans clé")).toEqual({
      spellIds: [],
      unknownSpells: [],
      recoverWand: false,
      unknownActions: [],
      target: null,
      zone: null,
      bet: null,
      particularityIds: [],
      unknownParticularities: [],
    });
  });
});

describe("action block spells", () => {
  it("R-4.1 matches a spell by name or incantation, with or without article, accents, case or '!'", () => {
    for (const value of [
      "Sortilège de Feu",
      "le Sortilège de Feu",
      "sortilege de feu",
      "INCENDIO",
      "Incendio !",
      "*Incendio*",
      "« Incendio »",
      "Sort de feu",
      "Feu",
    ]) {
      expect(read(`Sort : ${value}`).spellIds, value).toEqual(["feu"]);
    }
  });

  it("R-4.11 matches every alias and a name with an apostrophe", () => {
    expect(read("Sort : Finite Incantatem").spellIds).toEqual(["antisort"]);
    expect(read("Sort : l'Antisort Général").spellIds).toEqual(["antisort"]);
    expect(read("Sort : Apparition d’insectes").spellIds).toEqual(["insectes"]);
  });

  it("R-3.4 two spells in one value or on two lines are both declared", () => {
    for (const value of ["Incendio + Glacius", "Feu et Glace", "Feu, Glace", "Incendio / Glacius"]) {
      expect(read(`Sort : ${value}`).spellIds, value).toEqual(["feu", "glace"]);
    }
    expect(read("Sort : Incendio\nSpell : Glacius").spellIds).toEqual(["feu", "glace"]);
  });

  it("R-3.4 a spell and its incantation are one spell", () => {
    expect(read("Sort : Expelliarmus (Sortilège de Désarmement)").spellIds).toEqual(["desarmement"]);
    expect(read("Sort : Sortilège de Feu — Incendio !").spellIds).toEqual(["feu"]);
    expect(read("Sort : Incendio (vers le torse)")).toMatchObject({ spellIds: ["feu"], unknownSpells: [] });
  });

  it("R-4.14 a spell that is not in the list is unknown", () => {
    expect(read("Sort : Avada Kedavra")).toMatchObject({ spellIds: [], unknownSpells: ["Avada Kedavra"] });
    expect(read("Sort : Incendio + Avada Kedavra")).toMatchObject({
      spellIds: ["feu"],
      unknownSpells: ["Avada Kedavra"],
    });
  });

  it("R-5.3 'Sort : Legilimens' declares the particularity", () => {
    expect(read("Sort : Legilimens\nCible : Bob")).toMatchObject({
      spellIds: [],
      unknownSpells: [],
      particularityIds: ["legilimens"],
    });
    expect(read("Particularité : Légilimencie").particularityIds).toEqual(["legilimens"]);
    expect(read("Particularity : Mage Noir").particularityIds).toEqual(["mage-noir"]);
  });

  it("R-5.2 an unknown particularity is kept as written", () => {
    expect(read("Particularité : Fourchelangue").unknownParticularities).toEqual(["Fourchelangue"]);
  });
});

describe("action block actions", () => {
  it("R-5.1 'Action : récupérer sa baguette' recovers the wand", () => {
    expect(read("Action : récupérer sa baguette")).toMatchObject({ recoverWand: true, spellIds: [] });
    expect(read("Action : Récupérer baguette")).toMatchObject({ recoverWand: true });
    expect(read("Action : je récupère ma baguette")).toMatchObject({ recoverWand: true });
  });

  it("R-5.6 recovering the wand and casting in one action", () => {
    expect(
      read("Particularité : Magie sans baguette\nAction : récupérer sa baguette + Incendio"),
    ).toMatchObject({
      recoverWand: true,
      spellIds: ["feu"],
      particularityIds: ["magie-sans-baguette"],
    });
  });

  it("an action that is a spell is that spell; anything else is an unknown action", () => {
    expect(read("Action : Protego").spellIds).toEqual(["bouclier"]);
    expect(read("Action : danser")).toMatchObject({ unknownActions: ["danser"], unknownSpells: [] });
  });
});

describe("action block target", () => {
  it("matches a duelist by full name or first name, without case or accents", () => {
    expect(read("Cible : bob martin").target).toEqual({
      kind: "duelist",
      duelistId: "43",
      text: "bob martin",
    });
    expect(read("Cible : ALICE").target).toEqual({ kind: "duelist", duelistId: "42", text: "ALICE" });
    expect(read("Cible : @Bob !").target).toMatchObject({ kind: "duelist", duelistId: "43" });
  });

  it("R-3.7 a first name two duelists share matches only by full name", () => {
    expect(readActionBlock("Cible : Alice", ctxTwoAlices).target).toEqual({ kind: "unknown", text: "Alice" });
    expect(readActionBlock("Cible : Alice Moreau", ctxTwoAlices).target).toMatchObject({ duelistId: "44" });
  });

  it("a name of nobody in the duel is unknown", () => {
    expect(read("Cible : Drago").target).toEqual({ kind: "unknown", text: "Drago" });
  });
});

describe("findActionBlocks", () => {
  it("finds the author's blocks, not those quoted or in code", () => {
    const text =
      '[quote="Bob"]\n[duel]\nSort : Glacius\n[/duel]\n[/quote]\n[code][duel]x[/duel][/code]\n[duel]\nSort : Feu\n[/duel]';
    expect(findActionBlocks(text)).toEqual(["\nSort : Feu\n"]);
  });

  it("reads an unclosed block to the end of the post", () => {
    expect(findActionBlocks("RP\n[duel]\nSort : Feu")).toEqual(["\nSort : Feu"]);
  });
});
