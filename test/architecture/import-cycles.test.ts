import { describe, expect, test } from "vitest";
import { cyclesOf, importGraph, importsOf } from "./import-graph.js";

/**
 * The path a post takes reads one way (README.md, "Layout"): a module never needs, to be
 * evaluated, a module that needs it back, and each layer leans only on the ones beneath it.
 */
describe("imports", () => {
  test("no value import cycle in shared/ and functions/", () => {
    expect(cyclesOf(importGraph(["shared", "functions"], "values"))).toEqual([]);
  });

  test("cycles are found (a cycle through three modules, a module importing itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });

  // Type imports count here: a layer that names another's types depends on it all the same.
  const layers: readonly { readonly layer: string; readonly never: readonly string[] }[] = [
    { layer: "shared/domain", never: ["shared/app", "shared/adapters", "shared/http", "shared/aws"] },
    { layer: "shared/app", never: ["shared/http", "shared/adapters", "shared/aws"] },
    // The Lambda entries and the stacks compose shared/; shared/ never reaches back into them.
    { layer: "shared", never: ["functions", "infra"] },
  ];
  /** Imports across layers that are a choice, each with its reason. */
  const allowed: Readonly<Record<string, string>> = {
    // The forum's settings as the application service takes them are the output type of the edge's
    // zod schema: one definition of the body, no runtime dependency (a type import).
    "shared/app/forum-save.ts -> shared/http/schemas.ts": "type of the validated body",
  };

  for (const { layer, never } of layers) {
    test(`${layer} imports nothing from ${never.join(", ")}`, () => {
      const found = [...importGraph([layer], "all")].flatMap(([file, targets]) =>
        targets
          .filter((target) => never.some((dir) => target.startsWith(`${dir}/`)))
          .map((target) => `${file} -> ${target}`),
      );
      expect(found.filter((edge) => allowed[edge] === undefined)).toEqual([]);
    });
  }

  test("every allowed crossing still exists (a stale exception is removed)", () => {
    const edges = new Set(
      [...importGraph(["shared"], "all")].flatMap(([file, targets]) => targets.map((t) => `${file} -> ${t}`)),
    );
    expect(Object.keys(allowed).filter((edge) => !edges.has(edge))).toEqual([]);
  });

  test("type-only imports are told from value imports", () => {
    const values = importsOf("shared/app/post-intake.ts", "values");
    const all = importsOf("shared/app/post-intake.ts", "all");
    expect(values).toContain("shared/app/thread-opening.ts");
    expect(values).not.toContain("shared/app/duel-service.ts");
    expect(all).toContain("shared/app/duel-service.ts");
  });
});
