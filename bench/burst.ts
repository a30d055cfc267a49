import { Webhook } from "standardwebhooks";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { BENCH_SECRET, createForum, deliver, FORUM_ID, startDuel, turnPayload } from "./duel-posts.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
import { percentile, round } from "./stats.js";

/**
 * One duel under a burst (not part of `npm run bench`; `test/reliability/burst.test.ts` checks
 * the same burst's outcome): ROUNDS times, a new duel's 20 posts each delivered 25 times (under 5
 * delivery ids, so retries and new deliveries of the same post), shuffled, all 500 in flight at
 * once through one app, as one Node process serves them, after WARMUP rounds that are not counted
 * (a server that has just started compiles its code and warms DynamoDB Local's JVM on its first
 * bursts). Prints each round's p50 and p99 and theirs over every counted delivery; fails if any
 * answer is not a 200 or a post is not applied once.
 *
 *   npx tsx bench/burst.ts
 *   ROUNDS=3 node --cpu-prof --cpu-prof-dir=/tmp/profiles --import tsx bench/burst.ts
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 2);
const POSTS = 20;
const COPIES = 25;
const IDS_PER_POST = 5;

/** A small seeded PRNG (mulberry32), so every run sends the same orders. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every post's copies, shuffled and signed (signing is the sender's work, not timed). */
function burstOf(threadId: number, random: () => number) {
  const copies = Array.from({ length: POSTS * COPIES }, (_, i) => {
    const payload = turnPayload(threadId, i % POSTS);
    const id = `msg_${payload.data.postId}-${1 + Math.floor(random() * IDS_PER_POST)}`;
    return { postId: payload.data.postId, id, body: JSON.stringify(payload) };
  });
  for (let i = copies.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copies[i], copies[j]] = [copies[j] as (typeof copies)[number], copies[i] as (typeof copies)[number]];
  }
  const now = new Date();
  return copies.map((c) => ({
    postId: c.postId,
    delivery: {
      path: `/webhooks/${FORUM_ID}/generic`,
      init: {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": c.id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": new Webhook(BENCH_SECRET).sign(c.id, now, c.body),
        },
        body: c.body,
      },
    },
  }));
}

const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const ours = createRefereeApp(dynamo.endpoint, await createBenchTable(dynamo.endpoint));
  await createForum(ours.app);
  const random = rng(1400);
  const all: number[] = [];
  for (let round = 1 - WARMUP; round <= ROUNDS; round++) {
    const threadId = 1400 + WARMUP + round;
    await startDuel(ours.app, threadId);
    const burst = burstOf(threadId, random);
    const answers = await Promise.all(
      burst.map(async (b) => ({ postId: b.postId, ...(await deliver(ours.app, b.delivery)) })),
    );
    const refused = answers.filter((a) => a.status !== 200);
    const applied = answers.filter((a) => a.result === "applied").map((a) => a.postId);
    if (refused.length > 0 || applied.length !== POSTS || new Set(applied).size !== POSTS) {
      throw new Error(`round ${round}: ${refused.length} refused, ${applied.length} applied`);
    }
    const ms = answers.map((a) => a.ms);
    if (round > 0) all.push(...ms);
    process.stdout.write(
      `${round > 0 ? "round" : "warm-up"} ${round > 0 ? round : round + WARMUP}: ${answers.length} in flight, p50 ${round2(percentile(ms, 50))} ms, p99 ${round2(percentile(ms, 99))} ms, max ${round2(Math.max(...ms))} ms\n`,
    );
  }
  process.stdout.write(
    `all ${all.length}: p50 ${round2(percentile(all, 50))} ms, p99 ${round2(percentile(all, 99))} ms\n`,
  );
} finally {
  await dynamo.stop();
}

function round2(value: number): number {
  return round(value, 0);
}
