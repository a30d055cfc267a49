import { loadavg } from "node:os";
import { join } from "node:path";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { BENCH_SECRET, createForum, FORUM_ID, signedDelivery, startDuel, turnPayload } from "./duel-posts.js";
import { overHttp, post, type Server, startServer } from "./end-to-end.js";
import { putFloorForum } from "./floor-app.js";
import { createBenchTable, localClient } from "./referee-app.js";
import { perPost } from "./request-kinds.js";
import { round, summarize } from "./stats.js";

/**
 * This tree's server against another tree's (an earlier commit's), end to end over HTTP, interleaved
 * post by post with the floor server on one DynamoDB Local (not run by `npm run bench`):
 *
 *   git archive <commit> | tar -x -C /tmp/before   # then copy this tree's bench/e2e-server.ts and
 *   ln -s "$PWD/node_modules" /tmp/before/          # bench/request-kinds.ts there, and give its
 *   BASELINE=/tmp/before npx tsx bench/e2e-versions.ts   # LocalStack a `client` if it has none
 *
 * Each post goes to the floor server, then to this tree's server, then to the other's, so that the
 * machine's load weighs on the three alike; each of our servers has a table of its own.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const baseline = process.env.BASELINE;
if (!baseline) throw new Error("BASELINE=<the other tree> is required");
const WARMUP = Number(process.env.WARMUP ?? 200);
const MEASURED = Number(process.env.MEASURED ?? 400);
const DUELS = 10;
const load = () => (loadavg()[0] ?? 0).toFixed(2);
const loadAtStart = load();

const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
const servers: Server[] = [];
try {
  const floorTable = await createBenchTable(dynamo.endpoint);
  const client = localClient(dynamo.endpoint);
  await putFloorForum(client, floorTable, FORUM_ID, BENCH_SECRET);
  client.destroy();
  const floor = await startServer("floor", dynamo.endpoint, floorTable);
  servers.push(floor);
  const sides: { name: string; server: Server; played: Map<number, number>; ms: number[] }[] = [];
  for (const [name, script] of [
    ["this tree", undefined],
    ["baseline", join(baseline, "bench/e2e-server.ts")],
  ] as const) {
    const server = await startServer(
      "ours",
      dynamo.endpoint,
      await createBenchTable(dynamo.endpoint),
      // RELAY=off: the relays never run (their entries wait), the request paths alone compared.
      process.env.RELAY === "off" ? "toggle" : "running",
      script,
    );
    servers.push(server);
    const app = overHttp(server.url);
    await createForum(app);
    for (let thread = 5000; thread < 5000 + 2 * DUELS; thread++) await startDuel(app, thread);
    sides.push({ name, server, played: new Map(), ms: [] });
  }
  const floorMs: number[] = [];
  const ourPost = (side: (typeof sides)[number], i: number, first: number) => {
    const thread = first + (i % DUELS);
    const n = side.played.get(thread) ?? 0;
    side.played.set(thread, n + 1);
    return post(side.server.url, signedDelivery(turnPayload(thread, n)));
  };
  for (let i = 0; i < WARMUP; i++) {
    await post(floor.url, signedDelivery(turnPayload(5000, i)));
    for (const side of sides) await ourPost(side, i, 5000);
  }
  const before = await Promise.all(sides.map((s) => s.server.counts()));
  for (let i = 0; i < MEASURED; i++) {
    floorMs.push(await post(floor.url, signedDelivery(turnPayload(5000, WARMUP + i))));
    for (const side of sides) side.ms.push(await ourPost(side, i, 5000 + DUELS));
  }
  await new Promise((resolve) => setTimeout(resolve, 600));
  const after = await Promise.all(sides.map((s) => s.server.counts()));
  const floorP50 = summarize(floorMs).p50Ms;
  const lines = [`${MEASURED} posts each after ${WARMUP}, interleaved: floor server p50 ${floorP50} ms`];
  sides.forEach((side, i) => {
    const s = summarize(side.ms);
    const kinds = perPost(before[i]?.requests ?? {}, after[i]?.requests ?? {}, MEASURED);
    const cpu = round(((after[i]?.cpuMs ?? 0) - (before[i]?.cpuMs ?? 0)) / MEASURED, 2);
    const total = round(
      Object.values(kinds).reduce((a, b) => a + b, 0),
      2,
    );
    lines.push(
      `  ${side.name}: p50 ${s.p50Ms} ms (p95 ${s.p95Ms}), ratio ${round(s.p50Ms / floorP50, 3)}; DynamoDB requests per post ${total}; CPU per post ${cpu} ms`,
    );
  });
  lines.push(`Node ${process.versions.node}, load average ${loadAtStart} → ${load()}`);
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  for (const server of servers) server.child.kill();
  await dynamo.stop();
}
