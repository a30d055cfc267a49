import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { BUNDLE, esbuildOptions } from "../../infra/cdk/bundling.js";
import { PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { mappedStack } from "../../shared/observability/stack-map.js";

const ENTRY = fileURLToPath(new URL("./fixtures/throwing-entry.ts", import.meta.url));
const outdir = mkdtempSync(join(tmpdir(), "duel-stack-map-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("stack traces of the bundles, mapped when logged (no --enable-source-maps)", () => {
  it("point at the TypeScript file, line and column, from the map deployed beside the bundle", async () => {
    await build(esbuildOptions(ENTRY, outdir, PROJECT_ROOT));
    const run = spawnSync(process.execPath, [join(outdir, BUNDLE.outputFile)], {
      encoding: "utf8",
      env: { PATH: process.env.PATH },
    });
    expect(run.status).toBe(0);
    const { raw, mapped } = JSON.parse(run.stdout) as { raw: string; mapped: string };
    // Node left the frames in the minified bundle: nothing was mapped at load.
    expect(raw).toContain(`${BUNDLE.outputFile}:`);
    expect(raw).not.toContain("throwing-entry.ts");
    // `throw` is on line 5 of the fixture, its call on line 9; the message is kept.
    expect(mapped).toMatch(/^Error: fixture failure\n/);
    expect(mapped).toContain("test/observability/fixtures/throwing-entry.ts:5:");
    expect(mapped).toContain("test/observability/fixtures/throwing-entry.ts:9:");
    expect(mapped).not.toContain(`${BUNDLE.outputFile}:`);
  });

  it("leave frames of files without a map as they are", () => {
    const stack = "Error: x\n    at f (file:///nowhere/index.mjs:1:2)\n    at node:internal/main:3:4";
    expect(mappedStack(stack)).toBe(stack);
  });
});

describe("a logged stack never breaks the answer it is logged for (CONTRACT.md 2: 500 internal_error)", () => {
  const folder = mkdtempSync(join(tmpdir(), "duel-stack-folder-"));
  const bundle = join(folder, "bundle");
  mkdirSync(bundle);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("keeps a frame whose map names no source for it, rather than throwing", () => {
    // A mapping to source 1 of a map that lists none: Node's SourceMap answers `originalSource: undefined`.
    writeFileSync(
      join(bundle, "index.mjs.map"),
      JSON.stringify({ version: 3, sources: [], names: [], mappings: "ACAA" }),
    );
    const stack = `Error: x\n    at f (${pathToFileURL(join(bundle, "index.mjs")).href}:1:1)`;
    expect(mappedStack(stack, bundle)).toBe(stack);
  });

  it("reads no map outside the bundle's folder, whatever file a stack's text names", () => {
    writeFileSync(
      join(folder, "outside.mjs.map"),
      JSON.stringify({ version: 3, sources: ["secret.ts"], names: [], mappings: "AAAA" }),
    );
    const outside = pathToFileURL(join(folder, "outside.mjs")).href;
    const climbing = `${pathToFileURL(bundle).href}/../outside.mjs`;
    const stack = `Error: at ${outside}:1:1\n    at f (${climbing}:1:1)`;
    expect(mappedStack(stack, bundle)).toBe(stack);
  });
});
