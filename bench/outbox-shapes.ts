import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Hono } from "hono";
import { ManualClock } from "../infra/local/clock.js";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import {
  BENCH_SECRET,
  createForum,
  deliver,
  FORUM_ID,
  signedDelivery,
  startDuel,
  turnPayload,
} from "./duel-posts.js";
import { benchDataKeys } from "./fake-kms.js";
import { createAtomicFloorApp, putFloorForum } from "./floor-app.js";
import { ADMIN_TOKEN, createBenchTable, localClient, START } from "./referee-app.js";
import { RequestCounter } from "./request-counter.js";
import { median, round } from "./stats.js";
import { dropVariants, variant } from "./variant.js";

/**
 * A turn's outbox as one entry of parts against one entry per effect (the layout before), in one
 * process, interleaved post by post with the atomic floor: each app built from a copy of
 * `shared/` (bench/variant.ts), the second with `effectsOf` writing its entries one by one.
 * Prints each one's p50, its ratio to the atomic floor, and its `TransactWriteItems` time.
 *
 *   WARMUP=300 MEASURED=400 npx tsx bench/outbox-shapes.ts
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const warmup = Number(process.env.WARMUP ?? 300);
const measured = Number(process.env.MEASURED ?? 400);

const copies = {
  "one entry of parts": variant("outbox-parts", {}),
  "one entry per effect": variant("outbox-per-effect", {
    "shared/app/effects.ts": [["  if (entries.length <= 1) return [...entries];", "  return [...entries];"]],
  }),
};

async function appFrom(root: string, endpoint: string, tableName: string) {
  const from = async (module: string) => import(join(root, "shared", module));
  const { DynamoDbStore } = await from("adapters/dynamodb/dynamodb-store.ts");
  const { SecretSealer } = await from("adapters/secrets/envelope.ts");
  const { DuelService } = await from("app/duel-service.ts");
  const { createApp } = await from("http/app.ts");
  const { hashToken } = await from("http/auth.ts");
  const client = localClient(endpoint);
  const requests = new RequestCounter();
  requests.attach(client);
  const clock = new ManualClock(START);
  const store = new DynamoDbStore({
    client,
    tableName,
    now: () => clock.now(),
    secrets: new SecretSealer(benchDataKeys),
  });
  const duels = new DuelService({ store, now: () => clock.now() });
  const app: Hono = createApp({
    store,
    access: store.accessStore(),
    duels,
    clock,
    adminTokenHash: hashToken(ADMIN_TOKEN),
    rollDice: () => [1, 6] as const,
    newId: randomUUID,
    log: () => {},
  });
  return { app, requests };
}

const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const table = await createBenchTable(dynamo.endpoint);
  const floorClient = localClient(dynamo.endpoint);
  await putFloorForum(floorClient, table, FORUM_ID, BENCH_SECRET);
  const atomic = createAtomicFloorApp(floorClient, table);
  const cases = await Promise.all(
    Object.entries(copies).map(async ([name, root], k) => {
      const { app, requests } = await appFrom(root, dynamo.endpoint, table);
      if (k === 0) await createForum(app);
      const threads = Array.from({ length: 10 }, (_, i) => 8000 + 100 * k + i);
      return { name, app, requests, threads, ms: [] as number[], played: 0 };
    }),
  );
  for (const c of cases) for (const thread of c.threads) await startDuel(c.app, thread);
  const atomicMs: number[] = [];
  const transactMs = new Map<string, number>();
  for (let i = 0; i < warmup + measured; i++) {
    const answer = await deliver(atomic, signedDelivery(turnPayload(8900 + (i % 10), i)));
    if (answer.status !== 200) throw new Error(`atomic floor: ${answer.status}`);
    if (i >= warmup) atomicMs.push(answer.ms);
    for (const c of i % 2 === 0 ? cases : [...cases].reverse()) {
      const thread = c.threads[c.played % c.threads.length] ?? 0;
      const before = c.requests.tally().msByCommand.TransactWriteItemsCommand ?? 0;
      const post = await deliver(c.app, signedDelivery(turnPayload(thread, Math.floor(c.played / 10))));
      c.played++;
      if (post.result !== "applied") throw new Error(`${c.name}: ${post.status} ${String(post.result)}`);
      if (i < warmup) continue;
      c.ms.push(post.ms);
      const spent = (c.requests.tally().msByCommand.TransactWriteItemsCommand ?? 0) - before;
      transactMs.set(c.name, (transactMs.get(c.name) ?? 0) + spent);
    }
  }
  const floor = median(atomicMs);
  process.stdout.write(`atomic floor p50 ${round(floor)} ms (${measured} posts each, in turn)\n`);
  for (const c of cases) {
    process.stdout.write(
      `${c.name}: p50 ${round(median(c.ms))} ms, ${round(median(c.ms) / floor, 3)} atomic floors; TransactWriteItems ${round((transactMs.get(c.name) ?? 0) / measured)} ms a post (mean)\n`,
    );
  }
} finally {
  dropVariants();
  await dynamo.stop();
}
