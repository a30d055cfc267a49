import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { GENERIC_SECRET, type Harness } from "../support/harness.js";
import {
  afterTheFile,
  between,
  deliverGeneric,
  duelSnapshot,
  genericPayload,
  openDuel,
  recordedHarness,
  recordedPosts,
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

/** Counts the late posts replayed (each reads the duel's inputs) while `counting` is on. */
function countReplays(h: Harness): { counting: boolean; replays: number } {
  const seen = { counting: true, replays: 0 };
  const listInputs = h.store.listInputs.bind(h.store);
  h.store.listInputs = (duelId: string) => {
    if (seen.counting) seen.replays++;
    return listInputs(duelId);
  };
  return seen;
}

async function burst(h: Harness, deliveries: readonly Delivery[]) {
  const requests = deliveries.map((d) => ({ d, ...signed(d) }));
  const replays = countReplays(h);
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async ({ d, body, headers }) => {
      const sent = performance.now();
      const res = await h.app.request("/webhooks/poudlard/generic", { method: "POST", headers, body });
      const answer = (await res.json()) as Record<string, unknown>;
      return { d, status: res.status, result: answer.result, ms: performance.now() - sent };
    }),
  );
  const ms = since(started);
  replays.counting = false;
  return { answers, ms, lateReplays: replays.replays };
}

describe("CONTRACT 4.3 one duel under a burst", () => {
  it(`CONTRACT 4.3 ${DELIVERIES} deliveries of one duel's ${POSTS} posts in flight at once: each post applied once, no 5xx, the duel as one by one`, async () => {
    const random = rng(SEED + 14);
    const threadId = "1400";
    const posts = threadPosts(random, {
      threadId,
      firstPostId: 140_000,
      count: POSTS,
      start: "2026-11-30T10:00:00.000Z",
      gapMinutes: 60,
    });

    // The reference: every post once, in the thread's order, one at a time.
    const oneByOne = await recordedHarness();
    await oneByOne.forum();
    const duelId = await openDuel(oneByOne, threadId, { dice: "forum" });
    for (const p of posts) {
      expect((await deliverGeneric(oneByOne, p, `ref-${p.postId}`)).body.result).toBe("applied");
    }

    // Every post 25 times, shuffled: retries of a delivery (its id again) and new deliveries.
    const h = await recordedHarness();
    await h.forum();
    await openDuel(h, threadId, { dice: "forum" });
    const deliveries = shuffle(
      random,
      Array.from({ length: DELIVERIES }, (_, i) => {
        const post = posts[i % POSTS] as ThreadPost;
        return { post, webhookId: `msg_${post.postId}-${between(random, 1, IDS_PER_POST)}` };
      }),
    );
    const { answers, ms, lateReplays } = await burst(h, deliveries);

    // Every answer a 200 (no 503 to retry, no 500), and exactly one `applied` per post.
    const refused = answers.filter((a) => a.status !== 200);
    expect(
      refused.map((a) => a.status),
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
    expect(got).toEqual(await duelSnapshot(oneByOne, duelId));

    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    report("burst one duel", {
      seed: SEED + 14,
      posts: POSTS,
      deliveriesInFlight: DELIVERIES,
      distinctDeliveryIds: new Set(deliveries.map((d) => d.webhookId)).size,
      applied: answers.filter((a) => a.result === "applied").length,
      duplicate: answers.filter((a) => a.result === "duplicate").length,
      answers5xx: answers.filter((a) => a.status >= 500).length,
      duelEqualToOneByOne: true,
      lateReplays,
      p50ms: percentile(latencies, 0.5),
      p99ms: percentile(latencies, 0.99),
      maxMs: percentile(latencies, 1),
      ms,
    });
  }, 300_000);
});
