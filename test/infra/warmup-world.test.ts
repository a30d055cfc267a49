import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stageCodeCachedBundle, writeFunctionCodeCache } from "../../infra/cdk/code-cache.js";
import { FUNCTION_ENTRIES, type FunctionName } from "../../infra/cdk/paths.js";

const outdir = mkdtempSync(join(tmpdir(), "duel-warmup-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Function `name` as the bundling stages it (lambdaBundling), before its cache is written. */
async function staged(name: FunctionName): Promise<string> {
  const dir = join(outdir, name);
  await stageCodeCachedBundle(FUNCTION_ENTRIES[name], dir);
  return dir;
}

describe("the code caches' warm-up world (infra/cdk/warmup-world.ts)", () => {
  it("gives the webhook a real first turn, offline: the post read, its secret opened, the turn applied", async () => {
    const { bytes, answers } = await writeFunctionCodeCache(await staged("webhook"), "webhook");
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // Not refused at the forum's read, the signature or the duel's: decided and committed.
    expect(JSON.parse(answers[1]?.body ?? "{}")).toEqual({ result: "applied", duelId: "warmup.1" });
    expect(bytes).toBeGreaterThan(0);
  }, 120_000);

  it("gives the timer a stale timer of its duel, run to its end", async () => {
    const timer = await writeFunctionCodeCache(await staged("timer"), "timer");
    // Not stopped at a closed port: the timer read the duel and dropped its stale timer.
    expect(timer.answers.map((a) => a.error)).toEqual([undefined]);
  }, 120_000);
});
