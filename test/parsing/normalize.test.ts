import { describe, expect, it } from "vitest";
import { matchKey, normalizeKey, stripArticle, stripSpellKind } from "../../shared/parsing/normalize.js";

describe("normalizeKey", () => {
  it("ignores case, accents, spaces and punctuation at the ends", () => {
    expect(normalizeKey("  Sortilège   de FEU ! ")).toBe("sortilege de feu");
    expect(normalizeKey("« Incendio »")).toBe("incendio");
    expect(normalizeKey("**Pari de dé**")).toBe("pari de de");
  });

  it("unifies apostrophes, ligatures and hyphens", () => {
    expect(normalizeKey("Apparition d’insectes")).toBe("apparition d'insectes");
    expect(normalizeKey("Cœur")).toBe("coeur");
    expect(normalizeKey("Loup-Garou")).toBe("loup garou");
  });

  it("reads decomposed accents and no-break spaces like the composed ones", () => {
    expect(normalizeKey("Sortile\u0300ge\u00a0de\u202fFeu")).toBe("sortilege de feu");
  });

  it("only lower-cases plain words", () => {
    expect(
      ["Sort", "Bob Martin", "Pari 2", "torse", "x_y", "A-B", "Bob  Martin", ""].map(normalizeKey),
    ).toEqual(["sort", "bob martin", "pari 2", "torse", "x y", "a b", "bob martin", ""]);
  });
});

describe("stripArticle", () => {
  it("removes one leading article", () => {
    expect(stripArticle("le sortilege de feu")).toBe("sortilege de feu");
    expect(stripArticle("l'antisort general")).toBe("antisort general");
    expect(stripArticle("de la magie")).toBe("magie");
    expect(stripArticle("une apparition")).toBe("apparition");
  });

  it("keeps a text that is only an article", () => {
    expect(stripArticle("le")).toBe("le");
  });

  it("matchKey makes 'le Sortilège de Feu' and 'sortilege de feu' the same key", () => {
    expect(matchKey("le Sortilège de Feu")).toBe(matchKey("sortilege de feu"));
  });
});

describe("stripSpellKind", () => {
  it("leaves what the spell does", () => {
    expect(stripSpellKind("sortilege de feu")).toBe("feu");
    expect(stripSpellKind("malefice du pot de colle")).toBe("pot de colle");
    expect(stripSpellKind("charme du bouclier")).toBe("bouclier");
    expect(stripSpellKind("incendio")).toBe("incendio");
  });
});
