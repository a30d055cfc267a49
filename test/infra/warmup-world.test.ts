import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { makeBundleAscii } from "../../infra/cdk/ascii-bundle.js";
import { CODE_CACHED, codeCachedEsbuildOptions } from "../../infra/cdk/bundling.js";
import { writeFunctionCodeCache } from "../../infra/cdk/code-cache.js";
import { FUNCTION_ENTRIES, PROJECT_ROOT } from "../../infra/cdk/paths.js";

const outdir = mkdtempSync(join(tmpdir(), "duel-warmup-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("the webhook's code cache warm-up (infra/cdk/warmup-world.ts)", () => {
  it("runs a real first turn, offline: the post is read, its secret opened, the turn applied", async () => {
    // The webhook as the bundling stages it (lambdaBundling), before its cache is written.
    const dir = join(outdir, "webhook");
    const options = codeCachedEsbuildOptions(FUNCTION_ENTRIES.webhook, dir, PROJECT_ROOT);
    expect((await build(options.bundle)).errors).toEqual([]);
    await build(options.entry);
    renameSync(join(dir, CODE_CACHED.builtFile), join(dir, CODE_CACHED.bundleFile));
    renameSync(join(dir, `${CODE_CACHED.builtFile}.map`), join(dir, `${CODE_CACHED.bundleFile}.map`));
    makeBundleAscii(join(dir, CODE_CACHED.bundleFile));

    const { bytes, answers } = await writeFunctionCodeCache(dir, "webhook");
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // Not refused at the forum's read, the signature or the duel's: decided and committed.
    expect(JSON.parse(answers[1]?.body ?? "{}")).toEqual({ result: "applied", duelId: "warmup.1" });
    expect(bytes).toBeGreaterThan(0);
  }, 120_000);
});
