import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { createForum } from "./duel-posts.js";
import { measureBundles } from "./function-bundles.js";
import { measureGrowth } from "./growth.js";
import { measureLatency } from "./latency.js";
import { createRefereeApp } from "./referee-app.js";
import { checkWithRelay } from "./relay-check.js";
import { printable, resultsOf } from "./report.js";
import { measureThroughput } from "./throughput.js";

/**
 * `npm run bench`: the webhook path against a floor, DynamoDB requests and Scheduler calls per
 * post, growth over a 1,000-post duel, bundles and cold starts, throughput — all against one
 * DynamoDB Local started here in memory and stopped at the end. Writes bench/results.json.
 */
const RESULTS = fileURLToPath(new URL("./results.json", import.meta.url));

const PLAN = {
  latency: { warmup: 150, measured: 400, duels: 10, firstThread: 1000 },
  relayCheckPosts: 20,
  growth: { posts: 1000, window: 100, thread: 1 },
  throughput: { duels: 20, postsPerDuel: 25, firstThread: 2000 },
  coldStartRuns: 7,
};

// Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const say = (line: string) => process.stderr.write(`${line}\n`);
const started = performance.now();
say("Starting DynamoDB Local (in memory)…");
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
const stop = () => {
  void dynamo.stop().then(() => process.exit(130));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

try {
  say(
    `Latency: ${PLAN.latency.warmup} warm-up then ${PLAN.latency.measured} posts, floor and webhook in turn…`,
  );
  const latency = await measureLatency(await createRefereeApp(dynamo.endpoint), PLAN.latency);

  say(`Relay check: ${PLAN.relayCheckPosts} turns, then the relay with a counting scheduler…`);
  const relayCheck = await checkWithRelay(dynamo.endpoint, PLAN.relayCheckPosts);

  say(`Growth: one duel of ${PLAN.growth.posts} posts…`);
  const growthApp = await createRefereeApp(dynamo.endpoint);
  await createForum(growthApp.app);
  const growth = await measureGrowth(growthApp, { ...PLAN.growth, progress: (n) => say(`  ${n} posts`) });

  say(`Throughput: ${PLAN.throughput.duels} duels × ${PLAN.throughput.postsPerDuel} posts at once…`);
  const throughputApp = await createRefereeApp(dynamo.endpoint);
  await createForum(throughputApp.app);
  const throughput = await measureThroughput(throughputApp, PLAN.throughput);

  say(`Bundles and cold starts (${PLAN.coldStartRuns} runs each)…`);
  const bundles = await measureBundles(dynamo.endpoint, PLAN.coldStartRuns);

  const results = resultsOf({
    latency,
    relayCheck,
    growth,
    throughput,
    bundles,
    seconds: (performance.now() - started) / 1000,
  });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(printable(results));
  say(`Wrote ${RESULTS} in ${Math.round((performance.now() - started) / 1000)} s.`);
} finally {
  await dynamo.stop();
}
