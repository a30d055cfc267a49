import { randomUUID } from "node:crypto";
import { TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { DuelService } from "../../shared/app/duel-service.js";
import type { DuelCommand } from "../../shared/domain/commands.js";
import { ConcurrencyError } from "../../shared/errors.js";
import { createApp } from "../../shared/http/app.js";
import { hashToken } from "../../shared/http/auth.js";
import type { DuelCommit } from "../../shared/ports/duel-repository.js";
import type { DuelStore } from "../../shared/ports/duel-store.js";
import { type Harness, pipelineOn } from "../support/harness.js";
import { ADMIN_TOKEN, GENERIC_SECRET } from "../support/requests.js";
import {
  afterTheFile,
  captureLog,
  deliverGeneric,
  duelSnapshot,
  genericPayload,
  openDuel,
  recordAnswers,
  recordedHarness,
  recordedPosts,
  recordedProcess,
  report,
  rng,
  SEED,
  since,
  threadPosts,
} from "./support.js";

afterTheFile("concurrency");

/** Duels played with every post of the thread delivered at the same instant. */
const DUELS = 3;
const POSTS = 16;

/** Counts the commits that lost to another writer (DynamoDB's condition on the version). */
function countConflicts(...stores: Pick<Harness, "store">[]): { conflicts: number } {
  const seen = { conflicts: 0 };
  for (const { store } of stores) {
    const commit = store.commit.bind(store);
    store.commit = async (c: DuelCommit) => {
      try {
        await commit(c);
      } catch (error) {
        if (error instanceof ConcurrencyError) seen.conflicts++;
        throw error;
      }
    };
  }
  return seen;
}

function adjust(h: Harness, duelistId: string): DuelCommand {
  return {
    type: "referee",
    now: h.clock.now().toISOString(),
    by: { id: "7", via: "api" },
    action: { command: "adjust-points", duelistId, delta: -1 },
  };
}

describe("optimistic concurrency: no lost update", () => {
  it(`CONTRACT 4.3 ${DUELS} duels, each with its ${POSTS} posts delivered all at once through two processes, end as one by one`, async () => {
    const random = rng(SEED + 1);
    const oneByOne = await recordedHarness();
    const h = await recordedHarness();
    // Within one process a duel's work waits its turn (DuelQueue); two processes on one table still
    // race, and only the version condition of the commit keeps them from losing an update.
    const other = recordedProcess(h, h.clock);
    const conflicts = countConflicts(h, other);
    await oneByOne.forum();
    await h.forum();
    let deliveries = 0;
    let busy = 0;
    const started = performance.now();
    for (let d = 0; d < DUELS; d++) {
      const threadId = String(7000 + d);
      const posts = threadPosts(random, {
        threadId,
        firstPostId: 70_000 + d * 100,
        count: POSTS,
        start: "2026-11-30T10:00:00.000Z",
        gapMinutes: 60,
      });
      await openDuel(oneByOne, threadId, { dice: "forum" });
      for (const p of posts) await deliverGeneric(oneByOne, p, `m-${p.postId}`);

      await openDuel(h, threadId, { dice: "forum" });
      // Everything at once; a delivery answered 503 (its duel too busy, safe to retry) comes again.
      let pending = posts;
      for (let round = 0; pending.length > 0 && round < 10; round++) {
        const answers = await Promise.all(
          pending.map((p, i) => deliverGeneric(i % 2 === 0 ? h : other, p, `m-${p.postId}`)),
        );
        deliveries += answers.length;
        expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
        pending = pending.filter((_, i) => answers[i]?.status === 503);
        busy += pending.length;
      }
      expect(pending).toEqual([]);

      const duelId = `poudlard.${threadId}`;
      const got = await duelSnapshot(h, duelId);
      expect([...recordedPosts(got.events).values()]).toEqual(posts.map(() => 1));
      expect(got).toEqual(await duelSnapshot(oneByOne, duelId));
    }
    expect(conflicts.conflicts).toBeGreaterThan(0);
    report("concurrency one duel at once", {
      seed: SEED + 1,
      duels: DUELS,
      postsPerDuelAtOnce: POSTS,
      processes: 2,
      deliveries,
      conflictsRetried: conflicts.conflicts,
      busy503ThenRedelivered: busy,
      lostUpdates: 0,
      duelsEqualToOneByOne: DUELS,
      ms: since(started),
    });
  }, 180_000);

  it("a competing commit between the read and the write of every first attempt: each decision is decided again, none lost", async () => {
    const N = 12;
    const h = await recordedHarness();
    await h.forum();
    const duelId = await openDuel(h, "7100");
    const before = await h.store.loadDuel(duelId);
    // The competitor writes straight to the store; the service under test goes through the wrapper.
    const competitor = new DuelService({ store: h.store, now: () => h.clock.now() });
    const interleaved = new Set<string>();
    let conflicts = 0;
    const wrapped: DuelStore = Object.assign(Object.create(h.store) as DuelStore, {
      commit: async (c: DuelCommit) => {
        const id = c.inputs[0]?.inputId ?? "";
        if (!interleaved.has(id)) {
          interleaved.add(id);
          // The competitor races the other first attempts too; like any caller, it tries again
          // until its decision is in, so that every rival is counted exactly once.
          for (;;) {
            try {
              await competitor.execute(duelId, adjust(h, "43"), {
                inputId: `r.rival-${id}`,
                forumId: "poudlard",
              });
              break;
            } catch (error) {
              if (!(error instanceof ConcurrencyError)) throw error;
            }
          }
        }
        try {
          await h.store.commit(c);
        } catch (error) {
          if (error instanceof ConcurrencyError) conflicts++;
          throw error;
        }
      },
    });
    const service = new DuelService({ store: wrapped, now: () => h.clock.now() });
    // A decision that lost every attempt fails whole (the API answers 503) and its caller tries again.
    let gaveUp = 0;
    const decide = async (i: number) => {
      for (;;) {
        try {
          return await service.execute(duelId, adjust(h, "42"), {
            inputId: `r.mine-${i}`,
            forumId: "poudlard",
          });
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          gaveUp++;
        }
      }
    };
    const outcomes = await Promise.all(Array.from({ length: N }, (_, i) => decide(i)));
    expect(outcomes.map((o) => o.result)).toEqual(outcomes.map(() => "applied"));
    const after = await h.store.loadDuel(duelId);
    const points = (id: string) => after?.state.duelists.find((d) => d.id === id)?.points;
    expect(points("42")).toBe(50 - N);
    expect(points("43")).toBe(50 - N);
    expect(after?.version).toBe((before?.version ?? 0) + 2 * N);
    const inputs = (await h.store.listInputs(duelId)).map((i) => i.inputId);
    for (let i = 0; i < N; i++) {
      expect(inputs.filter((id) => id === `r.mine-${i}`)).toHaveLength(1);
      expect(inputs.filter((id) => id === `r.rival-r.mine-${i}`)).toHaveLength(1);
    }
    expect(conflicts).toBeGreaterThanOrEqual(N);
    report("concurrency interleaved commits", {
      executions: N,
      competingCommits: N,
      conflictsRetried: conflicts,
      gaveUpThenRetriedByCaller: gaveUp,
      applied: outcomes.length,
      finalVersion: after?.version ?? 0,
      lostUpdates: 0,
    });
  }, 120_000);

  it("DynamoDB's TransactionConflict (which DynamoDB Local does not raise) is retried like a stale version", async () => {
    const N = 6;
    const h = await recordedHarness();
    await h.forum();
    const duelId = await openDuel(h, "7200");
    let refused = 0;
    let firstOfDecision = false;
    // The real client, except that the first transaction of each decision is cancelled as DynamoDB
    // cancels one while another transaction is writing the same item.
    const client = Object.assign(Object.create(h.client) as typeof h.client, {
      send: async (command: unknown, ...rest: unknown[]) => {
        if (command instanceof TransactWriteItemsCommand) firstOfDecision = !firstOfDecision;
        if (command instanceof TransactWriteItemsCommand && firstOfDecision) {
          refused++;
          const items = command.input.TransactItems ?? [];
          throw Object.assign(new Error("Transaction cancelled, please refer cancellation reasons"), {
            name: "TransactionCanceledException",
            CancellationReasons: items.map((_, i) => ({ Code: i === 0 ? "TransactionConflict" : "None" })),
          });
        }
        return Reflect.apply(h.client.send, h.client, [command, ...rest]);
      },
    });
    const service = pipelineOn({ client, tableName: h.tableName }, h.clock).duels;
    for (let i = 0; i < N; i++) {
      const outcome = await service.execute(duelId, adjust(h, "42"), {
        inputId: `r.conflict-${i}`,
        forumId: "poudlard",
      });
      expect(outcome.result).toBe("applied");
    }
    expect(refused).toBe(N);
    const after = await h.store.loadDuel(duelId);
    expect(after?.state.duelists.find((d) => d.id === "42")?.points).toBe(50 - N);
    report("concurrency TransactionConflict", { cancelled: refused, retriedAndApplied: N, lostUpdates: 0 });
  }, 60_000);

  it("CONTRACT 2 a delivery that loses every attempt answers 503 duel_busy with Retry-After, and nothing is written", async () => {
    const h = await recordedHarness();
    await h.forum();
    const duelId = await openDuel(h, "7300", { dice: "forum" });
    const before = await h.store.loadDuel(duelId);
    let commits = 0;
    // Another writer always gets there first.
    const busy: DuelStore = Object.assign(Object.create(h.store) as DuelStore, {
      commit: async (c: DuelCommit) => {
        commits++;
        throw new ConcurrencyError(c.duelId);
      },
    });
    const clock = h.clock;
    const app = createApp({
      store: busy,
      access: h.store.accessStore(),
      duels: new DuelService({ store: busy, now: () => clock.now(), maxAttempts: 3, retryDelayMs: () => 0 }),
      clock,
      adminTokenHash: hashToken(ADMIN_TOKEN),
      rollDice: () => [3, 3],
      newId: randomUUID,
      log: captureLog,
    });
    recordAnswers(app);
    const [post] = threadPosts(rng(SEED + 8), {
      threadId: "7300",
      firstPostId: 73_000,
      count: 1,
      start: "2026-11-30T10:00:00.000Z",
      gapMinutes: 5,
    });
    if (!post) throw new Error("no post");
    const body = JSON.stringify(genericPayload(post));
    const now = new Date();
    const res = await app.request("/webhooks/poudlard/generic", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "m-busy",
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new Webhook(GENERIC_SECRET).sign("m-busy", now, body),
      },
      body,
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toMatchObject({ error: { code: "duel_busy", message: expect.any(String) } });
    expect(commits).toBe(3);
    expect((await h.store.loadDuel(duelId))?.version).toBe(before?.version);
    // The forum's retry, once the duel is quiet, is applied.
    expect((await deliverGeneric(h, post, "m-busy")).body.result).toBe("applied");
    report("concurrency busy", {
      attempts: commits,
      answer: 503,
      writtenBeforeTheRetry: 0,
      appliedOnRetry: 1,
    });
  });
});
