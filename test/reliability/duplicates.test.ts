import { describe, expect, it } from "vitest";
import type { MemoryHarness } from "../support/harness.js";
import {
  afterTheFile,
  between,
  deliverDiscourse,
  deliverGeneric,
  duelSnapshot,
  inPool,
  openDuel,
  recordedHarness,
  recordedMemoryHarness,
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

afterTheFile("duplicates");

/**
 * Duels played (RELIABILITY_DUPLICATES_DUELS=… for a bigger run: docs/RELIABILITY.md's figures are
 * of 50). Twenty keep eight deliveries in flight on many duels at once, each post's copies shuffled
 * among the others; the suite's run stays short enough for every `npm test`.
 */
const DUELS = Number(process.env.RELIABILITY_DUPLICATES_DUELS ?? 20);
const POSTS_PER_DUEL = 10;
/** Deliveries in flight at once. */
const WIDTH = 8;

interface Thread {
  readonly threadId: string;
  readonly channel: "generic" | "discourse";
  readonly posts: readonly ThreadPost[];
}

/** Half the duels are played through the generic webhook (forum dice), half through Discourse. */
function threads(random: () => number): Thread[] {
  return Array.from({ length: DUELS }, (_, d) => {
    const threadId = String(5000 + d);
    return {
      threadId,
      channel: d % 2 === 0 ? "generic" : "discourse",
      posts: threadPosts(random, {
        threadId,
        firstPostId: 100_000 + d * 100,
        count: POSTS_PER_DUEL,
        start: "2026-11-30T10:00:00.000Z",
        gapMinutes: 95,
      }),
    };
  });
}

async function openAll(h: MemoryHarness, all: readonly Thread[]): Promise<void> {
  await h.forum();
  for (const t of all) await openDuel(h, t.threadId, { dice: t.channel === "generic" ? "forum" : "server" });
}

function send(h: MemoryHarness, thread: Thread, post: ThreadPost, deliveryId: string) {
  return thread.channel === "generic"
    ? deliverGeneric(h, post, `msg_${deliveryId}`)
    : deliverDiscourse(h, post, deliveryId);
}

describe("CONTRACT 4.3 duplicates: every post applied exactly once", () => {
  it(`CONTRACT 4.3 ${DUELS} duels × ${POSTS_PER_DUEL} posts, each delivered 2 or 3 times, shuffled and concurrent, end as one by one`, async () => {
    const random = rng(SEED);
    const all = threads(random);

    // The reference: every post once, in its thread's order, one at a time (duels side by side), on
    // the memory store (which passes the DynamoDB store's contract suite): the duels as they must end.
    let started = performance.now();
    const oneByOne = await recordedMemoryHarness();
    await openAll(oneByOne, all);
    await inPool(all, WIDTH, async (t) => {
      for (const p of t.posts) {
        const res = await send(oneByOne, t, p, `ref-${p.postId}`);
        expect(res.body.result).toBe("applied");
      }
    });
    const referenceMs = since(started);

    // Each post 2 or 3 times: a retry of the same delivery (same id) or a new delivery of the same
    // post (the forum's redelivery, Discourse's automatic retry with a new event id).
    const h = await recordedHarness();
    await openAll(h, all);
    const deliveries = all.flatMap((t) =>
      t.posts.flatMap((p) => {
        const copies = between(random, 2, 3);
        let id = `${p.postId}-0`;
        return Array.from({ length: copies }, (_, copy) => {
          if (copy > 0 && random() < 0.5) id = `${p.postId}-${copy}`;
          return { thread: t, post: p, id };
        });
      }),
    );
    // All at once in a random order; a delivery answered 503 (safe to retry) is sent again later,
    // as the forum would.
    started = performance.now();
    const answers: { postId: string; status: number; result: unknown }[] = [];
    let queue = shuffle(random, deliveries);
    let retried = 0;
    for (let round = 0; queue.length > 0 && round < 10; round++) {
      const sent = await inPool(queue, WIDTH, async (d) => {
        const res = await send(h, d.thread, d.post, d.id);
        return { d, answer: { postId: d.post.postId, status: res.status, result: res.body.result } };
      });
      answers.push(...sent.map((s) => s.answer));
      queue = sent.filter((s) => s.answer.status === 503).map((s) => s.d);
      retried += queue.length;
    }
    const elapsed = since(started);

    const failed = answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(failed, seen.logLines.slice(0, 3).join("\n")).toEqual([]);
    expect(queue).toEqual([]);
    const applied = new Map<string, number>();
    for (const a of answers)
      if (a.result === "applied") applied.set(a.postId, (applied.get(a.postId) ?? 0) + 1);
    const posts = all.flatMap((t) => t.posts);
    expect(posts.filter((p) => applied.get(p.postId) !== 1).map((p) => p.postId)).toEqual([]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.filter((a) => a.result !== "applied" && a.result !== "duplicate")).toEqual([]);

    let recorded = 0;
    for (const t of all) {
      const duelId = `poudlard.${t.threadId}`;
      const got = await duelSnapshot(h, duelId);
      const counts = recordedPosts(got.events);
      for (const p of t.posts) expect(counts.get(p.postId), `${duelId} post ${p.postId}`).toBe(1);
      recorded += counts.size;
      expect(got, duelId).toEqual(await duelSnapshot(oneByOne, duelId));
    }

    report("duplicates", {
      seed: SEED,
      duels: DUELS,
      posts: posts.length,
      deliveries: deliveries.length,
      sameIdRetries: deliveries.length - new Set(deliveries.map((d) => `${d.post.postId}/${d.id}`)).size,
      inFlight: WIDTH,
      applied: ok.filter((a) => a.result === "applied").length,
      duplicate: ok.filter((a) => a.result === "duplicate").length,
      busy503ThenRedelivered: retried,
      postsInAuditExactlyOnce: recorded,
      duelsEqualToOneByOne: DUELS,
      referenceMs,
      ms: elapsed,
      deliveriesPerSecond: Math.round((answers.length / elapsed) * 1000),
    });
  }, 300_000);
});
