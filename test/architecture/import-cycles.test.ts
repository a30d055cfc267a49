import { describe, expect, test } from "vitest";
import { cyclesOf, importGraph, importsOf, specifiersOf } from "./import-graph.js";

/** Some files of one folder, named: a layer that is a part of a folder. */
interface Part {
  readonly name: string;
  readonly files: readonly string[];
}

/** A folder (every file under it) or a part. */
type Layer = string | Part;

/** What a layer never imports, and why. */
interface Rule {
  readonly layer: Layer;
  readonly never: readonly Layer[];
  readonly why: string;
}

const forumactif = (...names: string[]): string[] => names.map((name) => `shared/forumactif/${name}.ts`);

/* shared/forumactif in three parts (shared/forumactif/index.ts says what each does). */
const FORUMACTIF_READER: Part = {
  name: "the Forumactif page reader",
  files: forumactif(
    "index",
    "types",
    "html-tree",
    "selector",
    "templates",
    "page-text",
    "pagination",
    "read-post",
    "read-any-post",
    "edited-note",
    "read-topic-page",
    "dates",
    "dice",
    "urls",
    "topic-diff",
    "section-page",
  ),
};
const FORUMACTIF_CLIENT: Part = {
  name: "the Forumactif board client",
  files: forumactif(
    "board-client",
    "board-session",
    "board-form",
    "cookie-jar",
    "board-charset",
    "board-write",
  ),
};
const FORUMACTIF_GLUE: Part = {
  name: "the Forumactif page fetching and settings",
  files: forumactif(
    "topic-fetch",
    "section-fetch",
    "topic-reader",
    "watched",
    "ping-snippet",
    "tour-snippet",
    "source-settings",
    "source-probe",
    "source-route",
  ),
};

const nameOf = (layer: Layer): string => (typeof layer === "string" ? layer : layer.name);

/** The files whose imports a rule checks. */
const sourcesOf = (layer: Layer): string[] =>
  typeof layer === "string" ? [...importGraph([layer], "all").keys()] : [...layer.files];

/** Whether `file` belongs to `layer`. */
const holds = (layer: Layer, file: string): boolean =>
  typeof layer === "string" ? file.startsWith(`${layer}/`) : layer.files.includes(file);

/**
 * The path a post takes reads one way (docs/DEVELOPERS.md, "Layout"): a module never needs, to be
 * evaluated, a module that needs it back, and each layer leans only on the ones beneath it.
 */
describe("imports", () => {
  // Type imports count: a cycle of types still makes two modules one, to read and to move.
  test("no import cycle of any kind in shared/, functions/, infra/, test/ and bench/", () => {
    expect(cyclesOf(importGraph(["shared", "functions", "infra", "test", "bench"], "all"))).toEqual([]);
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
  const rules: readonly Rule[] = [
    {
      layer: "shared/domain",
      never: ["shared/app", "shared/adapters", "shared/http", "shared/aws", "shared/net"],
      why: "the decider is pure: now and the dice come with the command",
    },
    {
      layer: "shared/app",
      never: ["shared/http", "shared/adapters", "shared/aws", "shared/net"],
      why: "the services reach storage, channels and time through their ports",
    },
    {
      layer: "shared/forumactif",
      never: ["shared/http", "shared/adapters", "shared/aws"],
      why: "the poller is an application service of shared/app; the reader and the board client lie beneath it",
    },
    {
      layer: FORUMACTIF_READER,
      never: [
        FORUMACTIF_CLIENT,
        FORUMACTIF_GLUE,
        "shared/net",
        "shared/app",
        "shared/ports",
        "shared/announce",
        "shared/observability",
      ],
      why: "a page's text in, posts out: it neither fetches the page nor knows what the poller does with it",
    },
    {
      layer: FORUMACTIF_CLIENT,
      never: [
        FORUMACTIF_GLUE,
        "shared/domain",
        "shared/app",
        "shared/ports",
        "shared/announce",
        "shared/observability",
      ],
      why: "it talks HTTP to a board, as a guest or as the bot account, and knows nothing of duels",
    },
    {
      layer: "shared/net",
      never: [
        "shared/adapters",
        "shared/http",
        "shared/aws",
        "shared/app",
        "shared/domain",
        "shared/forumactif",
      ],
      why: "the guarded transport the notifiers and the board client share stays beneath both",
    },
    {
      layer: "shared",
      never: ["functions", "infra"],
      why: "the Lambda entries and the stacks compose shared/; shared/ never reaches back into them",
    },
  ];
  /** Imports across layers that are a choice, each with its reason. */
  const allowed: Readonly<Record<string, string>> = {
    // The forum's settings as the application service takes them are the output type of the edge's
    // zod schema: one definition of the body, no runtime dependency (a type import).
    "shared/app/forum-save.ts -> shared/http/schemas.ts": "type of the validated body",
    // The diff compares a page with the posts the poll state keeps: their stored shape is the
    // port's (a type import), as the domain names the scheduler port's timers.
    "shared/forumactif/topic-diff.ts -> shared/ports/poll-store.ts": "type of the known and held posts",
  };

  for (const { layer, never, why } of rules) {
    test(`${nameOf(layer)} imports nothing from ${never.map(nameOf).join(", ")} (${why})`, () => {
      const found = sourcesOf(layer).flatMap((file) =>
        importsOf(file, "all")
          .filter((target) => never.some((part) => holds(part, target)))
          .map((target) => `${file} -> ${target}`),
      );
      expect(found.filter((edge) => allowed[edge] === undefined)).toEqual([]);
    });
  }

  /** Where the union of every storage port may be named: where the one store is built or wired. */
  const UNION_HOLDERS = new Set([
    // The adapters implement the union.
    "shared/adapters/dynamodb/dynamodb-store.ts",
    "shared/adapters/memory/memory-store.ts",
    "shared/aws/forumactif-runtime.ts",
    "shared/http/deps.ts",
    // The poller hands its store to the intake, which needs most ports; it is composed as a root is.
    "shared/app/topic-poller.ts",
  ]);

  test("a module asks for the storage ports it uses; the union is the composition roots'", () => {
    const union = "shared/ports/duel-store.ts";
    const found = [...importGraph(["shared"], "all")]
      .filter(([file, targets]) => targets.includes(union) && !UNION_HOLDERS.has(file))
      .map(([file]) => file);
    expect(found).toEqual([]);
  });

  test("every file of shared/forumactif is in one of its three parts, and in one only", () => {
    const parted = [FORUMACTIF_READER, FORUMACTIF_CLIENT, FORUMACTIF_GLUE].flatMap((part) => part.files);
    expect(parted.sort()).toEqual([...importGraph(["shared/forumactif"], "all").keys()].sort());
  });

  test("every allowed crossing still exists (a stale exception is removed)", () => {
    const edges = new Set(
      [...importGraph(["shared"], "all")].flatMap(([file, targets]) => targets.map((t) => `${file} -> ${t}`)),
    );
    expect(Object.keys(allowed).filter((edge) => !edges.has(edge))).toEqual([]);
  });

  test("every kind of import is counted: type-only, re-exports, import() calls and types", () => {
    const source = [
      'import type { A } from "./a.js";',
      'import { type B } from "./b.js";',
      'import { c } from "./c.js";',
      'export type { D } from "./d.js";',
      'export * from "./e.js";',
      'import "./f.js";',
      'const g = () => import("./g.js");',
      'type H = import("./h.js").H;',
    ].join("\n");
    expect(specifiersOf(source, "all")).toEqual([
      "./a.js",
      "./b.js",
      "./c.js",
      "./d.js",
      "./e.js",
      "./f.js",
      "./g.js",
      "./h.js",
    ]);
    expect(specifiersOf(source, "values")).toEqual(["./c.js", "./e.js", "./f.js"]);
  });

  test("type-only imports are told from value imports", () => {
    const values = importsOf("shared/app/post-intake.ts", "values");
    const all = importsOf("shared/app/post-intake.ts", "all");
    expect(values).toContain("shared/app/thread-opening.ts");
    expect(values).not.toContain("shared/app/duel-service.ts");
    expect(all).toContain("shared/app/duel-service.ts");
  });
});
