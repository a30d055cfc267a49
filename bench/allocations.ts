import { Session } from "node:inspector/promises";
import { PerformanceObserver } from "node:perf_hooks";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { createForum, deliver, signedDelivery, startDuel, turnPayload } from "./duel-posts.js";
import { partOf } from "./profile-parts.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
import { median, round } from "./stats.js";

/**
 * What a warm post allocates on the heap, in process (`app.request()`, a real DynamoDB store):
 * windows of WINDOW posts (signed beforehand) during which no garbage collection ran, the heap's
 * growth over each divided by its posts; the median window. Needs a young generation large
 * enough for a window to fit between two collections:
 *
 *   node --max-semi-space-size=256 --import tsx bench/allocations.ts
 *
 * Then the same windows again under V8's sampling heap profiler (objects collected since counted
 * too): what allocates, by part of the code as `bench/profile-parts.ts` names them.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const windows = Number(process.env.WINDOWS ?? 12);
const size = Number(process.env.WINDOW ?? 20);
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const ours = createRefereeApp(dynamo.endpoint, await createBenchTable(dynamo.endpoint));
  await createForum(ours.app);
  const threads = Array.from({ length: 10 }, (_, i) => 7000 + i);
  for (const thread of threads) await startDuel(ours.app, thread);
  let gcs = 0;
  new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  }).observe({ entryTypes: ["gc"] });
  let n = 0;
  const next = () => {
    const thread = threads[n % threads.length] ?? 7000;
    return signedDelivery(turnPayload(thread, Math.floor(n++ / threads.length)));
  };
  for (let i = 0; i < 300; i++) await deliver(ours.app, next());
  const perPost: number[] = [];
  for (let w = 0; perPost.length < windows && w < windows * 5; w++) {
    const deliveries = Array.from({ length: size }, next);
    await new Promise((r) => setTimeout(r, 20));
    const gcBefore = gcs;
    const before = process.memoryUsage().heapUsed;
    for (const d of deliveries) {
      const answer = await deliver(ours.app, d);
      if (answer.result !== "applied") throw new Error(`post refused: ${answer.status}`);
    }
    const after = process.memoryUsage().heapUsed;
    await new Promise((r) => setTimeout(r, 20));
    if (gcs === gcBefore) perPost.push((after - before) / size);
  }
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const sampled = windows * size;
  for (let i = 0; i < sampled; i++) await deliver(ours.app, next());
  const { profile } = await session.post("HeapProfiler.stopSampling");
  session.disconnect();
  const byPart = new Map<string, number>();
  const walk = (node: typeof profile.head) => {
    const part = partOf(node);
    byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const total = [...byPart.values()].reduce((a, b) => a + b, 0);
  for (const [part, bytes] of [...byPart].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    process.stdout.write(
      `  ${part.padEnd(44)} ${round(bytes / sampled / 1024, 1)} KB a post (${round((bytes / total) * 100, 1)} %)\n`,
    );
  }
  process.stdout.write(
    `${perPost.length} windows of ${size} posts without a collection: ${round(median(perPost) / 1024, 1)} KB allocated a post (median; ${perPost
      .map((b) => round(b / 1024, 0))
      .join(", ")})\n`,
  );
} finally {
  await dynamo.stop();
}
