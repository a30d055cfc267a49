import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerBodySchema } from "../../shared/http/schemas.js";
import { zodDetails } from "../../shared/validation/zod-details.js";

/** The `details` a 400 answers for `value` against `schema`. */
function details(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a refusal");
  return zodDetails(parsed.error);
}

describe("CONTRACT 2 the details of a 400 are French sentences, whatever check zod makes", () => {
  it("a registration with one duelist: the list's minimum in words, not « >=2 items »", () => {
    const body = {
      forumId: "poudlard",
      threadId: "1234",
      referee: { id: "7", name: "Minerva McGonagall" },
      duelists: [{ id: "42", name: "Alice Dubois", year: 3 }],
    };
    expect(details(registerBodySchema, body)).toEqual([{ path: "duelists", message: "2 éléments au moins" }]);
  });

  it("types agree in gender with what is expected and what was received", () => {
    expect(details(z.object({ delta: z.number() }), { delta: "trois" })).toEqual([
      { path: "delta", message: "nombre attendu, texte reçu" },
    ]);
    expect(details(z.object({ tags: z.array(z.string()) }), { tags: "a" })).toEqual([
      { path: "tags", message: "liste attendue, texte reçu" },
    ]);
    expect(details(z.object({ at: z.string() }), { at: [1] })).toEqual([
      { path: "at", message: "texte attendu, liste reçue" },
    ]);
    expect(details(z.object({ name: z.string() }), {})).toEqual([
      { path: "name", message: "champ manquant (texte attendu)" },
    ]);
  });

  it("lengths, bounds, choices and unknown fields", () => {
    expect(details(z.string().min(1), "")[0]?.message).toBe("ne peut pas être vide");
    expect(details(z.string().max(3), "abcd")[0]?.message).toBe("3 caractères au plus");
    expect(details(z.array(z.string()).min(1), [])[0]?.message).toBe("un élément au moins");
    expect(details(z.number().int().min(1), 0)[0]?.message).toBe("1 au moins");
    expect(details(z.number().max(6), 9)[0]?.message).toBe("6 au plus");
    expect(details(z.enum(["server", "forum"]), "dés")[0]?.message).toBe(
      "une valeur parmi « server », « forum » attendue",
    );
    expect(details(z.object({ a: z.string() }).strict(), { a: "x", b: 1 })[0]?.message).toBe(
      "champ inconnu : b",
    );
  });

  it("a value that fits no alternative says what each wanted (a year: 1 to 7 or « adulte »)", () => {
    expect(details(z.union([z.literal(1), z.literal(2), z.literal("adulte")]), "")[0]?.message).toBe(
      "une valeur parmi 1, 2, « adulte » attendue",
    );
    expect(details(z.union([z.number(), z.literal("adulte")]), true)[0]?.message).toBe(
      "valeur attendue : nombre ou « adulte »",
    );
  });

  it("no message reads in English or with zod's French locale's wording", () => {
    const messages = [
      ...details(registerBodySchema, { forumId: 3, duelists: "x", dice: "dés" }),
      ...details(z.object({ n: z.number() }), { n: "1" }),
    ].map((d) => d.message);
    for (const message of messages) {
      expect(message).not.toMatch(/Invalid|expected|received|Too (small|big)|Entrée invalide|>=|<=/);
    }
  });
});
