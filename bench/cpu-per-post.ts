import { loadavg } from "node:os";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { createForum, deliver, signedDelivery, startDuel, turnPayload } from "./duel-posts.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
import { round } from "./stats.js";

/**
 * The CPU time this process spends a post (our code and the SDK's; DynamoDB Local is a process
 * of its own), warm: DUELS duels played round-robin, WARM posts each not counted, then MEASURED
 * posts each, one at a time, every delivery signed beforehand. Unlike wall times, CPU times
 * compare across loads. Not part of `npm run bench`:
 *
 *   npx tsx bench/cpu-per-post.ts
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const DUELS = 10;
const WARM = 40;
const MEASURED = 60;
const FIRST_THREAD = 5000;

const loadAtStart = loadavg()[0] ?? 0;
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const table = await createBenchTable(dynamo.endpoint);
  const { app } = createRefereeApp(dynamo.endpoint, table);
  await createForum(app);
  for (let d = 0; d < DUELS; d++) await startDuel(app, FIRST_THREAD + d);

  const play = async (from: number, to: number) => {
    const deliveries = [];
    for (let n = from; n < to; n++) {
      for (let d = 0; d < DUELS; d++) deliveries.push(signedDelivery(turnPayload(FIRST_THREAD + d, n)));
    }
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (const delivery of deliveries) {
      const answer = await deliver(app, delivery);
      if (answer.result !== "applied") throw new Error(`a post was not applied: ${String(answer.result)}`);
    }
    const used = process.cpuUsage(cpu);
    return {
      cpuMs: (used.user + used.system) / 1000 / deliveries.length,
      wallMs: (performance.now() - start) / deliveries.length,
    };
  };
  await play(0, WARM);
  const { cpuMs, wallMs } = await play(WARM, WARM + MEASURED);
  process.stdout.write(
    `${DUELS * MEASURED} posts: CPU ${round(cpuMs)} ms a post, wall ${round(wallMs)} ms a post; ` +
      `Node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}\n`,
  );
} finally {
  await dynamo.stop();
}
