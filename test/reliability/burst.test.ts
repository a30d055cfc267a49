import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ConcurrencyError } from "../../shared/errors.js";
import type { DuelCommit } from "../../shared/ports/duel-repository.js";
import type { Harness } from "../support/harness.js";
import { GENERIC_SECRET } from "../support/requests.js";
import {
  afterTheFile,
  between,
  deliverGeneric,
  duelSnapshot,
  genericPayload,
  openDuel,
  recordedHarness,
  recordedPosts,
  recordedProcess,
  report,
  rng,
  SEED,
  seen,
  shuffle,
  since,
  type ThreadPost,
  threadPosts,
} from "./support.js";

afterTheFile("burst");

/** One duel's thread, every post delivered many times over, all of it in flight at once. */
const POSTS = 20;
const DELIVERIES = 500;
/** Delivery ids per post: a post's copies are retries of one of these (same id) or new deliveries. */
const IDS_PER_POST = 5;
/** Processes on one table (Lambda containers, servers) in the second test. */
const PROCESSES = 4;

interface Delivery {
  readonly post: ThreadPost;
  readonly webhookId: string;
}

/** A signed generic delivery, built before the clock starts: signing is the sender's work. */
function signed(d: Delivery): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(genericPayload(d.post));
  const now = new Date();
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": d.webhookId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new Webhook(GENERIC_SECRET).sign(d.webhookId, now, body),
    },
  };
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return Math.round(sorted[at] ?? 0);
}

/** What the burst needs of a process: its app, and its store to count what it did. */
type Process = Pick<Harness, "app" | "store">;

/** Counts, while `counting` is on, the late posts replayed (each reads the duel's inputs) and the commits lost. */
function countWork(processes: readonly Process[]) {
  const seen = { counting: true, replays: 0, conflicts: 0 };
  for (const { store } of processes) {
    const listInputs = store.listInputs.bind(store);
    store.listInputs = (duelId: string) => {
      if (seen.counting) seen.replays++;
      return listInputs(duelId);
    };
    const commit = store.commit.bind(store);
    store.commit = async (c: DuelCommit) => {
      try {
        await commit(c);
      } catch (error) {
        if (seen.counting && error instanceof ConcurrencyError) seen.conflicts++;
        throw error;
      }
    };
  }
  return seen;
}

/** Every delivery sent at once, the i-th to the (i mod n)-th process; each answer timed. */
async function burst(processes: readonly Process[], deliveries: readonly Delivery[]) {
  const requests = deliveries.map((d) => ({ d, ...signed(d) }));
  const work = countWork(processes);
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async ({ d, body, headers }, i) => {
      const app = processes[i % processes.length]?.app;
      if (!app) throw new Error("no process");
      const sent = performance.now();
      const res = await app.request("/webhooks/poudlard/generic", { method: "POST", headers, body });
      const answer = (await res.json()) as Record<string, unknown>;
      return { d, status: res.status, result: answer.result, ms: performance.now() - sent };
    }),
  );
  const ms = since(started);
  work.counting = false;
  return { answers, ms, lateReplays: work.replays, conflictsRetried: work.conflicts };
}

/** The thread of the burst, and the duel as one by one in the thread's order makes it. */
async function reference(random: () => number, threadId: string) {
  const posts = threadPosts(random, {
    threadId,
    firstPostId: Number(threadId) * 100,
    count: POSTS,
    start: "2026-11-30T10:00:00.000Z",
    gapMinutes: 60,
  });
  const oneByOne = await recordedHarness();
  await oneByOne.forum();
  const duelId = await openDuel(oneByOne, threadId, { dice: "forum" });
  for (const p of posts) {
    expect((await deliverGeneric(oneByOne, p, `ref-${p.postId}`)).body.result).toBe("applied");
  }
  return { posts, duelId, expected: await duelSnapshot(oneByOne, duelId) };
}

/** Every post 25 times, shuffled: retries of a delivery (its id again) and new deliveries of it. */
function copies(random: () => number, posts: readonly ThreadPost[]): Delivery[] {
  return shuffle(
    random,
    Array.from({ length: DELIVERIES }, (_, i) => {
      const post = posts[i % POSTS] as ThreadPost;
      return { post, webhookId: `msg_${post.postId}-${between(random, 1, IDS_PER_POST)}` };
    }),
  );
}

/** One duel's burst through `processes` processes on one table: every check, and the figures. */
async function burstOnOneDuel(seed: number, threadId: string, processes: number) {
  const random = rng(seed);
  const { posts, duelId, expected } = await reference(random, threadId);
  const h = await recordedHarness();
  await h.forum();
  await openDuel(h, threadId, { dice: "forum" });
  const others = Array.from({ length: processes - 1 }, () => recordedProcess(h, h.clock));
  const deliveries = copies(random, posts);
  const { answers, ms, lateReplays, conflictsRetried } = await burst([h, ...others], deliveries);

  // Every answer a 200 (no 503 to retry, no 500), and exactly one `applied` per post.
  expect(
    answers.filter((a) => a.status !== 200).map((a) => a.status),
    seen.logLines.slice(-3).join("\n"),
  ).toEqual([]);
  expect(answers.filter((a) => a.result !== "applied" && a.result !== "duplicate")).toEqual([]);
  const applied = new Map<string, number>();
  for (const a of answers)
    if (a.result === "applied") applied.set(a.d.post.postId, (applied.get(a.d.post.postId) ?? 0) + 1);
  expect(posts.map((p) => applied.get(p.postId) ?? 0)).toEqual(posts.map(() => 1));

  // The duel as stored: each post once in the audit log, and equal to one by one in thread order.
  const got = await duelSnapshot(h, duelId);
  expect([...recordedPosts(got.events).values()]).toEqual(posts.map(() => 1));
  expect(got).toEqual(expected);

  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    seed,
    processes,
    posts: POSTS,
    deliveriesInFlight: DELIVERIES,
    distinctDeliveryIds: new Set(deliveries.map((d) => d.webhookId)).size,
    applied: answers.filter((a) => a.result === "applied").length,
    duplicate: answers.filter((a) => a.result === "duplicate").length,
    answers5xx: answers.filter((a) => a.status >= 500).length,
    duelEqualToOneByOne: true,
    lateReplays,
    conflictsRetried,
    p50ms: percentile(latencies, 0.5),
    p99ms: percentile(latencies, 0.99),
    maxMs: percentile(latencies, 1),
    ms,
  };
}

describe("CONTRACT 4.3 one duel under a burst", () => {
  it(`CONTRACT 4.3 ${DELIVERIES} deliveries of one duel's ${POSTS} posts in flight at once in one process: each post applied once, no 5xx, the duel as one by one`, async () => {
    report("burst one duel", await burstOnOneDuel(SEED + 14, "1400", 1));
  }, 300_000);

  it(`CONTRACT 4.3 the same burst through ${PROCESSES} processes on one table: each post applied once, no 5xx, the duel as one by one`, async () => {
    report("burst one duel several processes", await burstOnOneDuel(SEED + 15, "1401", PROCESSES));
  }, 300_000);
});
