import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { french } from "../../shared/texts/index.js";

const dir = new URL("../../shared/texts/", import.meta.url);

describe("STYLE 13 every French sentence in one home (shared/texts/)", () => {
  it("STYLE 13 the index lists every texts file (format.ts is their grammar, not an audience)", () => {
    const index = readFileSync(new URL("index.ts", dir), "utf8");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "format.ts");
    const missing = files.filter((f) => !index.includes(`from "./${f.replace(/\.ts$/, ".js")}"`));
    expect(missing, "import each new texts file in shared/texts/index.ts").toEqual([]);
  });

  it("CONTRACT 2 the error answers' texts are keyed by their codes", () => {
    expect(french.errors.storage_unavailable).toBe("Stockage indisponible, réessayez.");
    expect(french.errors.duel_busy).toBe("Ce duel change en ce moment, réessayez.");
    expect(french.errors.invalid_body.request).toBe("Corps de requête invalide.");
    expect(french.errors.internal_error).toBe("Erreur interne.");
  });
});
