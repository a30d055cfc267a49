import { loadavg } from "node:os";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { measureEndToEnd, printableEndToEnd } from "./end-to-end.js";
import { measureLatency } from "./latency.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
import { round } from "./stats.js";

/**
 * The warm path's two ratios alone, for comparing a change (not part of `npm run bench`, which
 * measures both the same way): `webhook p50 / atomic floor` in process, then end to end over HTTP
 * against the floor server, with the load average around each.
 *
 *   WARMUP=600 MEASURED=500 E2E_WARMUP=300 E2E_MEASURED=300 npx tsx bench/warm-path.ts
 *   RELAY_BLOCKS=25 npx tsx bench/warm-path.ts   # end to end, the relay running and paused in turn
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const load = () => (loadavg()[0] ?? 0).toFixed(2);
/** A ratio against its target (`bench/report.ts`'s), said to hold or not. */
const target = (ratio: number, most: number) =>
  `${round(ratio, 3)} (target ≤ ${most}: ${ratio <= most ? "holds" : "MISSED"})`;
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const table = await createBenchTable(dynamo.endpoint);
  let at = load();
  const latency = await measureLatency(createRefereeApp(dynamo.endpoint, table), {
    warmup: Number(process.env.WARMUP ?? 600),
    measured: Number(process.env.MEASURED ?? 500),
    duels: 10,
    firstThread: 1000,
  });
  const requests = latency.webhookRequests;
  process.stdout.write(
    [
      `In process (${latency.posts} posts, load ${at} → ${load()}): floor p50 ${latency.floor.p50Ms} ms, atomic floor ${latency.atomicFloor.p50Ms} ms, webhook ${latency.webhook.p50Ms} ms`,
      `  webhook / atomic floor ${target(latency.webhook.p50Ms / latency.atomicFloor.p50Ms, 1.75)}; outbox entries per post ${round(latency.effects.entries / latency.posts, 2)}; DynamoDB ms per post ${round(latency.dynamoMsPerPost.webhook, 2)} (${Object.entries(
        requests.msByCommand,
      )
        .map(([c, ms]) => `${c.replace("Command", "")} ${round(ms / latency.posts, 2)}`)
        .join(", ")})`,
      "",
    ].join("\n"),
  );
  at = load();
  const e2e = await measureEndToEnd(dynamo.endpoint, {
    warmup: Number(process.env.E2E_WARMUP ?? 300),
    measured: Number(process.env.E2E_MEASURED ?? 300),
    duels: 10,
    firstThread: 5000,
    ...(process.env.RELAY_BLOCKS ? { relayBlocks: Number(process.env.RELAY_BLOCKS) } : {}),
  });
  process.stdout.write(
    `${printableEndToEnd(e2e)}\n  end to end ours / floor server ${target(e2e.ratioP50, 1.4)}; load ${at} → ${load()}, Node ${process.versions.node}\n`,
  );
} finally {
  await dynamo.stop();
}
