import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { measureEndToEnd } from "./end-to-end.js";
import { measureForumactifPoll, printableForumactifPoll } from "./forumactif-poll.js";
import { measureBundles } from "./function-bundles.js";
import { measureGrowth } from "./growth.js";
import { measureLatency } from "./latency.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
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
  latency: { warmup: 600, measured: 500, duels: 10, firstThread: 1000 },
  // threads: relay check 1, latency 1000–1019, throughput 2000–2019, growth 3000–3001, cold start 4000,
  // end to end 5000–5019
  relayCheckPosts: 20,
  growth: { posts: 1000, window: 100, thread: 3000 },
  throughput: { duels: 20, postsPerDuel: 25, firstThread: 2000 },
  endToEnd: { warmup: 300, measured: 300, duels: 10, firstThread: 5000 },
  coldStartRuns: 11,
  forumactifPoll: { duels: 10, postsPerTopic: 20, board: { duels: 50, sections: 2, changing: 10 } },
};

// Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const started = performance.now();
const say = (line: string) =>
  process.stderr.write(`[${Math.round((performance.now() - started) / 1000)} s] ${line}\n`);
const loadAtStart = loadavg()[0] ?? 0;
say("Starting DynamoDB Local (in memory)…");
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
const stop = () => {
  void dynamo.stop().then(() => process.exit(130));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

try {
  const table = await createBenchTable(dynamo.endpoint);

  say(`Relay check: ${PLAN.relayCheckPosts} turns, then the relay with a counting scheduler…`);
  const relayCheck = await checkWithRelay(dynamo.endpoint, table, PLAN.relayCheckPosts);

  say(
    `Latency: ${PLAN.latency.warmup} warm-up then ${PLAN.latency.measured} posts, floor and webhook in turn…`,
  );
  const latency = await measureLatency(createRefereeApp(dynamo.endpoint, table), PLAN.latency);

  say(
    `End to end over HTTP: ${PLAN.endToEnd.warmup} warm-up then ${PLAN.endToEnd.measured} posts, floor server and ours in turn…`,
  );
  const endToEnd = await measureEndToEnd(dynamo.endpoint, PLAN.endToEnd);

  say(`Throughput: ${PLAN.throughput.duels} duels × ${PLAN.throughput.postsPerDuel} posts at once…`);
  const throughputApp = createRefereeApp(dynamo.endpoint, table);
  const throughput = await measureThroughput(throughputApp, PLAN.throughput);

  say(
    `Growth: one duel of ${PLAN.growth.posts} posts, its last ${PLAN.growth.window} in turn with a new duel's first…`,
  );
  const growthApp = createRefereeApp(dynamo.endpoint, table);
  const growth = await measureGrowth(growthApp, { ...PLAN.growth, progress: (n) => say(`  ${n} posts`) });

  say(`Bundles and cold starts (${PLAN.coldStartRuns} runs each)…`);
  const bundles = await measureBundles(dynamo.endpoint, table, PLAN.coldStartRuns);

  say(`Forumactif polls: ${PLAN.forumactifPoll.duels} topics on a fake board…`);
  const forumactifPoll = await measureForumactifPoll(dynamo.endpoint, table, PLAN.forumactifPoll);

  const results = resultsOf({
    latency,
    relayCheck,
    growth,
    throughput,
    bundles,
    endToEnd,
    seconds: (performance.now() - started) / 1000,
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
  });
  writeFileSync(RESULTS, `${JSON.stringify({ ...results, forumactifPoll }, null, 2)}\n`);
  process.stdout.write(printable(results) + printableForumactifPoll(forumactifPoll));
  say(`Wrote ${RESULTS} in ${Math.round((performance.now() - started) / 1000)} s.`);
} finally {
  await dynamo.stop();
}
