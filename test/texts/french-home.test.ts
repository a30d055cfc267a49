import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { french } from "../../shared/texts/index.js";
import { frenchLiteralsOutsideTexts, type Literal, looksFrench } from "../support/french-literals.js";

const dir = new URL("../../shared/texts/", import.meta.url);
const shared = fileURLToPath(new URL("../../shared", import.meta.url));

/**
 * The French that may be written outside shared/texts, and why: none of it is a sentence the
 * service writes to a person. `starts` lists the literals allowed (by how they begin); a file
 * without `starts` is French data throughout.
 */
const ALLOWED: Readonly<Record<string, { readonly why: string; readonly starts?: readonly string[] }>> = {
  // Input vocabulary: words the service reads in the duelists' and referees' posts.
  "shared/parsing/action-block.ts": {
    why: "the action block's keys as duelists type them (« Sort », « Cible », « pari de dé »)",
    starts: ["action du tour", "zone du corps", "pari de", "pari du", "pari des", "pari au"],
  },
  "shared/parsing/referee-commands.ts": {
    why: "an [arbitre] block's keys as referees type them",
    starts: ["pari de de"],
  },
  "shared/parsing/referee-command-line.ts": {
    why: "the referee's command word, echoed as typed when its duelist is missing",
    starts: ["dérogation"],
  },
  "shared/forumactif/dates.ts": {
    why: "the words between a date and its time in a post's header",
    starts: ["s*(?:-|,|a|at|le|on)"],
  },
  "shared/forumactif/dice.ts": {
    why: "how Forumactif names its Game Master account and words a roll, read tolerantly",
    starts: ["maitre du jeu", "(?:membre|member)"],
  },
  "shared/domain/assess.ts": {
    why: "a target read with the parser's own key, and a spell kind as the ruleset spells it",
    starts: ["[duel]\ncible : ", "maléfice"],
  },
  "shared/rules/ruleset.ts": {
    why: "the ruleset's spell kinds, values of its data",
    starts: ["sortilège", "maléfice"],
  },
  // French data: a forum's rules, HTML's entities.
  "shared/rules/default-ruleset.ts": {
    why: "the club's ruleset: its spells' names and the aliases duelists type",
  },
  "shared/parsing/html-entities.ts": { why: "HTML's named entities and the letters they stand for" },
  // Documentation: each route's summary beside its method, path and schema, so the API's reference
  // (openapi.json and the desk's API page) cannot drift from the routes it documents.
  "shared/http/admin/api-operations.ts": { why: "the API reference's table, one row per route" },
  "shared/http/admin/openapi.ts": { why: "the OpenAPI document's title and introduction" },
  // Code and protocol, not prose for a reader of the service.
  "shared/forumactif/board-client.ts": {
    why: "the User-Agent header the boards log",
    starts: ["ArbitreAutomatiqueDuClubDeDuel/1.0"],
  },
  "shared/http/admin/style.ts": {
    why: "the stylesheet: ` : ` between a phone card's label and its value",
    starts: ["\n:root"],
  },
  "shared/forumactif/ping-snippet.ts": {
    why: "a script a forum's admin pastes, its comment part of the code",
    starts: ["/* Arbitre automatique du club de duel"],
  },
  "shared/forumactif/tour-snippet.ts": {
    why: "a script a forum's admin pastes, its comment part of the code (its buttons' words are in shared/texts)",
    starts: ["/* Arbitre automatique du club de duel"],
  },
};

const allowed = (l: Literal) => {
  const entry = ALLOWED[l.file];
  return (
    entry !== undefined && (entry.starts === undefined || entry.starts.some((s) => l.text.startsWith(s)))
  );
};

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
    expect(french.refusals.duel_finished).toBe("Le duel est terminé.");
  });

  it("STYLE 13 the French detector tells a sentence from code", () => {
    for (const text of ["Duel inconnu.", "Forum inconnu : {}.", "Le top a déjà été donné.", "l'arbitre"])
      expect(looksFrench(text), text).toBe(true);
    for (const text of ["duel_not_found", "storage unavailable", "en-US", "{} : {}.", "application/json"])
      expect(looksFrench(text), text).toBe(false);
  });

  it("STYLE 13 no French sentence is written in shared/ outside shared/texts/", () => {
    const found = frenchLiteralsOutsideTexts(shared);
    const stray = found
      .filter((l) => !allowed(l))
      .map((l) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`);
    expect(stray, "move these texts to shared/texts/ (or allow them above, saying why)").toEqual([]);
    // Each allowance still covers something: a stale one would let a sentence back in unseen.
    const unused = Object.entries(ALLOWED).flatMap(([file, { starts }]) =>
      (starts ?? [""])
        .filter((s) => !found.some((l) => l.file === file && l.text.startsWith(s)))
        .map((s) => `${file} ${JSON.stringify(s)}`),
    );
    expect(unused, "remove the allowances nothing needs").toEqual([]);
  });
});
