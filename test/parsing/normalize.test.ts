import fc from "fast-check";
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
});

/** normalizeKey's steps, all of them, whatever the text: what its plain-word shortcut must equal. */
function everyStep(s: string): string {
  const ligatures: Record<string, string> = { œ: "oe", æ: "ae", ß: "ss", ø: "o", ł: "l", đ: "d" };
  return s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (c) => ligatures[c] ?? c)
    .replace(/[’‘ʼ`´′]/g, "'")
    .replace(/[-‐‑‒–—_]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "");
}

describe("normalizeKey's shortcut for plain words", () => {
  it("gives what every step gives, for plain words and for anything near them", () => {
    const near = fc.string({
      unit: fc.constantFrom(..."aZ09 _-`'’éœ!\t\u00a0\u0301".split(""), ...["\r\n"]),
      maxLength: 12,
    });
    const words = fc
      .array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
      .map((w) => w.join(" "));
    fc.assert(
      fc.property(fc.oneof(words, near, fc.string(), fc.string({ unit: "grapheme" })), (s) => {
        expect(normalizeKey(s)).toBe(everyStep(s));
      }),
      { numRuns: 5000 },
    );
    for (const s of [
      "Sort",
      "Bob Martin",
      "Bob  Martin",
      " Sort",
      "Sort ",
      "Pari 2",
      "x_y",
      "a`b",
      "A-B",
      "",
    ]) {
      expect(normalizeKey(s)).toBe(everyStep(s));
    }
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
