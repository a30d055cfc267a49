import { loadavg } from "node:os";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { measureBundles } from "./function-bundles.js";
import { createBenchTable } from "./referee-app.js";
import { coldStartRatios } from "./report.js";

/**
 * The cold starts alone, without the rest of `npm run bench`: `npx tsx bench/cold-starts.ts`.
 * RUNS (default 21) rounds, the cases taking turns in each; CASES picks some (comma-separated,
 * default every function as deployed, `webhook-turn-esm` (the first turn without the code cache),
 * hello, hello-powertools and the yardsticks bare, dynamodb-sdk and dynamodb-by-hand); KEEP=1 leaves the bundles in a temporary folder, for
 * profiling; PROFILE=<folder> writes a CPU profile of each cold start there (`--cpu-prof`);
 * OTHER=name=<index.mjs>,… adds the first turn of other builds of the webhook (kept bundles, say of
 * the commit before a change), as `webhook-turn@name`, in turn with the other cases. INSTRUCTIONS=1
 * runs each process under Valgrind and prints the instructions it ran instead of its times: a
 * figure the machine's load does not move (bench/cold-start.ts), for changes of a few percent.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const runs = Number(process.env.RUNS ?? 21);
const only = (
  process.env.CASES ??
  "hello,hello-powertools,webhook,webhook-turn,webhook-turn-esm,http,timer,relay,bare,dynamodb-sdk,dynamodb-by-hand"
).split(",");
const loadAtStart = loadavg()[0] ?? 0;
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const table = await createBenchTable(dynamo.endpoint);
  const result = await measureBundles(dynamo.endpoint, table, runs, {
    only,
    keep: process.env.KEEP === "1",
    // OTHER=name=/kept/webhook/index.mjs,…: other builds of the webhook, their first turn in turn.
    otherWebhooks: Object.fromEntries(
      (process.env.OTHER ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => pair.split("=") as [string, string]),
    ),
    execArgv: [
      ...(process.env.PROFILE
        ? ["--cpu-prof", "--cpu-prof-interval=250", `--cpu-prof-dir=${process.env.PROFILE}`]
        : []),
      ...(process.env.PRELOAD ? ["--import", process.env.PRELOAD] : []),
      // Node or V8 flags to try on every case alike (hello included): NODE_FLAGS="--flag --other".
      ...(process.env.NODE_FLAGS ? process.env.NODE_FLAGS.split(" ").filter(Boolean) : []),
    ],
  });
  const hello = result.helloBundle;
  const rows = [hello, result.helloPowertoolsBundle, ...result.bundles, ...result.references].filter(
    (b) => only.includes(b.name) || b.name.startsWith("webhook-turn@"),
  );
  const sdk = result.references.find((b) => b.name === "dynamodb-sdk");
  const lines = rows.map((b) => {
    const ratios = coldStartRatios(b, hello, sdk);
    if (b.instructions !== undefined) {
      const base = sdk?.instructions;
      return `${b.name.padEnd(19)} ${(b.bytes / 1000).toFixed(1).padStart(7)} kB  ${(b.instructions / 1e6).toFixed(1).padStart(7)} M instructions${base ? `  ${(b.instructions / base).toFixed(3)}× dynamodb-sdk` : ""}`;
    }
    return (
      `${b.name.padEnd(19)} ${(b.bytes / 1000).toFixed(1).padStart(7)} kB  ${b.coldStartMs.toFixed(1).padStart(6)} ms` +
      ` (import ${b.importMs.toFixed(1)}, request ${b.handleMs.toFixed(1)}; CPU ${b.cpuMs.toFixed(1)})` +
      `  ${ratios.hello || "-"} hello, ${ratios.sdk || "-"} dynamodb-sdk`
    );
  });
  process.stdout.write(
    `${lines.join("\n")}\n${runs} rounds, Node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}\n`,
  );
} finally {
  await dynamo.stop();
}
