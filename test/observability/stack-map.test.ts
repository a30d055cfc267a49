import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
