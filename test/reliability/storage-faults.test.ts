import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { type DynamoDbLocal, freePort, startDynamoDbLocal } from "../../infra/local/dynamodb-local.js";
import type { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { decodeMarks, snapshotMarks } from "../../shared/adapters/dynamodb/post-marks.js";
import { createTable } from "../../shared/adapters/dynamodb/table.js";
import { fold } from "../../shared/domain/evolve.js";
import { initialState, isOpened } from "../../shared/domain/state.js";
import { localClient } from "../support/harness.js";
import {
  afterTheFile,
  deliverGeneric,
  duelSnapshot,
  openDuel,
  recordedHarness,
  recordedMemoryHarness,
  recordedPosts,
  recordedProcess,
  report,
  rng,
  SEED,
  shuffle,
  since,
  type ThreadPost,
  tableItems,
  threadPosts,
} from "./support.js";

afterTheFile("storage-faults");

const T0 = "2026-11-30T10:00:00.000Z";
const DUELS = 3;
const POSTS = 12;
/** The stream is cut after this share of its deliveries. */
const CUT = 0.4;

/**
 * The file's own DynamoDB Local, keeping its data in a directory so it can be stopped and started
 * again on the same port: one for the file (each Java start costs seconds), each test on its table.
 */
const dataDir = mkdtempSync(join(tmpdir(), "duel-reliability-"));
let own: { port: number; dynamo: DynamoDbLocal | null } | null = null;
afterAll(async () => {
  await own?.dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The file's DynamoDB Local, started if it is not running. */
async function ownDynamoDb(): Promise<{ port: number; dynamo: DynamoDbLocal }> {
  own ??= { port: await freePort(), dynamo: null };
  own.dynamo ??= await startDynamoDbLocal({ dataDir, port: own.port, shortLived: true });
  return { port: own.port, dynamo: own.dynamo };
}

/** Stops the file's DynamoDB Local (with `graceMs`, as `DynamoDbLocal.stop`). */
function stopOwn(options?: { graceMs: number }): Promise<void> | null {
  const dynamo = own?.dynamo;
  if (!own || !dynamo) return null;
  own.dynamo = null;
  return dynamo.stop(options);
}

/** The threads, interleaved as a forum would send them: by time across duels. */
function stream(): ThreadPost[] {
  const random = rng(SEED + 2);
  const posts = Array.from({ length: DUELS }, (_, d) =>
    threadPosts(random, {
      threadId: String(8000 + d),
      firstPostId: 80_000 + d * 100,
      count: POSTS,
      start: T0,
      gapMinutes: 50 + d * 7,
    }),
  ).flat();
  return posts.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The audit log folds to the stored state, and every post in it is there once. */
async function consistent(store: DynamoDbStore, duelId: string): Promise<void> {
  const snapshot = await store.loadDuel(duelId);
  const inputs = await store.listInputs(duelId);
  const folded = fold(
    initialState,
    inputs.flatMap((i) => i.events),
  );
  if (!isOpened(folded)) throw new Error(`no registration in ${duelId}'s audit log`);
  // The snapshot keeps the marks of posts still in play; every mark is stored on its own.
  expect({ ...folded, posts: decodeMarks(snapshotMarks(folded)) }).toEqual(snapshot?.state);
  expect(await store.listPostMarks(duelId)).toEqual(folded.posts);
  const ids = inputs.map((i) => i.inputId);
  expect(new Set(ids).size).toBe(ids.length);
}

describe("CONTRACT 2 storage stopped in the middle of a stream of posts", () => {
  it("CONTRACT 2 webhooks answer 503 while DynamoDB is down, nothing is half-written, and the forum's redeliveries finish the duels exactly", async () => {
    const posts = stream();
    const threads = [...new Set(posts.map((p) => p.threadId))];

    // The same stream, uninterrupted, on the memory store: the duels as they must end.
    const reference = await recordedMemoryHarness({ start: T0 });
    await reference.forum();
    for (const t of threads) await openDuel(reference, t, { dice: "forum" });
    for (const p of posts) expect((await deliverGeneric(reference, p, `m-${p.postId}`)).status).toBe(200);

    const { dynamo } = await ownDynamoDb();
    const client = localClient({
      endpoint: dynamo.endpoint,
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 1000, requestTimeout: 5000 },
    });
    await createTable(client, "duels");
    const h = recordedProcess({ client, tableName: "duels" }, new ManualClock(T0));
    const store = h.store;
    await h.forum();
    for (const t of threads) await openDuel(h, t, { dice: "forum" });

    // The stream, three deliveries in flight; DynamoDB is killed once 40% of it has been sent.
    const cut = Math.floor(posts.length * CUT);
    let stopping: Promise<void> | null = null;
    const answers = new Map<string, number>();
    const results: string[] = [];
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < posts.length; i = next++) {
        const p = posts[i] as ThreadPost;
        if (i === cut) stopping = stopOwn();
        const answer = await deliverGeneric(h, p, `m-${p.postId}`);
        answers.set(p.postId, answer.status);
        // Each post is new to its duel: a 200 is its verdict stored, never an `ignored` or `duplicate`.
        if (answer.status === 200) results.push(String(answer.body.result));
      }
    };
    await Promise.all([sender(), sender(), sender()]);
    await stopping;
    const statuses = [...answers.values()];
    const down = statuses.filter((s) => s === 503).length;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(results.filter((r) => r !== "applied")).toEqual([]);
    expect(down).toBeGreaterThanOrEqual(posts.length - cut - 3);
    // Nothing else answered while it was down: reads are 503 too, liveness still answers.
    expect((await h.admin("GET", `/duels/poudlard.${threads[0]}`)).status).toBe(503);

    // Back on the same port and the same data.
    const restartStarted = performance.now();
    await ownDynamoDb();
    const restartMs = since(restartStarted);
    for (const t of threads) await consistent(store, `poudlard.${t}`);
    const appliedBefore = posts.filter((p) => answers.get(p.postId) === 200);
    for (const t of threads) {
      const recorded = recordedPosts((await duelSnapshot(h, `poudlard.${t}`)).events);
      for (const p of appliedBefore.filter((q) => q.threadId === t)) expect(recorded.get(p.postId)).toBe(1);
    }

    // The forum redelivers what failed (same webhook-id, as Standard Webhooks retries do), in its
    // own order, and some that had succeeded as well.
    const random = rng(SEED + 3);
    const failed = posts.filter((p) => answers.get(p.postId) !== 200);
    const again = shuffle(random, [...failed, ...appliedBefore.filter(() => random() < 0.3)]);
    const redelivered = await Promise.all(again.map((p) => deliverGeneric(h, p, `m-${p.postId}`)));
    expect(redelivered.filter((r) => r.status !== 200)).toEqual([]);

    for (const t of threads) {
      const duelId = `poudlard.${t}`;
      await consistent(store, duelId);
      const got = await duelSnapshot(h, duelId);
      expect([...recordedPosts(got.events).values()]).toEqual(
        posts.filter((p) => p.threadId === t).map(() => 1),
      );
      expect(got).toEqual(await duelSnapshot(reference, duelId));
    }
    report("storage stopped mid-stream", {
      seed: SEED + 2,
      duels: DUELS,
      posts: posts.length,
      cutAfter: cut,
      answered200BeforeTheCut: appliedBefore.length,
      answered503: down,
      answered5xxOther: 0,
      restartMs,
      redelivered: again.length,
      redeliveredApplied: redelivered.filter((r) => r.body.result === "applied").length,
      redeliveredDuplicate: redelivered.filter((r) => r.body.result === "duplicate").length,
      duelsEqualToUninterrupted: DUELS,
    });
    client.destroy();
  }, 120_000);

  it("CONTRACT 2 a commit that was written but whose answer was lost: the redelivery is a duplicate, applied once", async () => {
    const reference = await recordedMemoryHarness({ start: T0 });
    await reference.forum();
    await openDuel(reference, "8100", { dice: "forum" });
    const posts = threadPosts(rng(SEED + 4), {
      threadId: "8100",
      firstPostId: 81_000,
      count: 6,
      start: T0,
      gapMinutes: 30,
    });
    for (const p of posts) await deliverGeneric(reference, p, `m-${p.postId}`);

    const shared = await recordedHarness({ start: T0 });
    let faulty = false;
    let lost = 0;
    // Once the duel is open, every other transaction reaches DynamoDB but its answer never comes back
    // (a dropped connection, after the SDK's own retries).
    const client = Object.assign(Object.create(shared.client) as typeof shared.client, {
      send: async (command: unknown, ...rest: unknown[]) => {
        const result = await Reflect.apply(shared.client.send, shared.client, [command, ...rest]);
        if (faulty && command instanceof TransactWriteItemsCommand && lost++ % 2 === 0) {
          throw Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
        }
        return result;
      },
    });
    const clock = new ManualClock(T0);
    const h = recordedProcess({ client, tableName: shared.tableName }, clock);
    await h.forum();
    await openDuel(h, "8100", { dice: "forum" });
    faulty = true;
    const first: number[] = [];
    const second: unknown[] = [];
    for (const p of posts) {
      first.push((await deliverGeneric(h, p, `m-${p.postId}`)).status);
      second.push((await deliverGeneric(h, p, `m-${p.postId}`)).body.result);
    }
    expect(first).toContain(503);
    const got = await duelSnapshot(h, "poudlard.8100");
    expect([...recordedPosts(got.events).values()]).toEqual(posts.map(() => 1));
    expect(got).toEqual(await duelSnapshot(reference, "poudlard.8100"));
    report("storage answer lost", {
      posts: posts.length,
      firstDelivery503: first.filter((s) => s === 503).length,
      redeliveryDuplicate: second.filter((r) => r === "duplicate").length,
      appliedTwice: 0,
    });
  });

  it("CONTRACT 2 storage killed at once just after answering: every transaction it answered is there when it comes back (the stop loses no acknowledged write)", async () => {
    // DynamoDB Local answers a TransactWriteItems before its SQLite COMMIT has run: killed at that
    // moment (SIGKILL once the stop's grace is over, which a loaded machine reaches), it came back
    // without a transaction it had answered, as a post answered 200 that its duel no longer held.
    const { dynamo } = await ownDynamoDb();
    const client = localClient({
      endpoint: dynamo.endpoint,
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 1000, requestTimeout: 5000 },
    });
    await createTable(client, "acks");
    const ITEMS = 10;
    const answered: string[] = [];
    let failed = 0;
    let next = 0;
    for (const cut of [30, 60]) {
      // Four writers of ten-item transactions; the process is killed with no grace right after an
      // answer, while the others' transactions are being written and answered.
      let stopping: Promise<void> | null = null;
      const writer = async () => {
        while (stopping === null) {
          const id = `t${next++}`;
          const TransactItems = Array.from({ length: ITEMS }, (_, i) => ({
            Put: {
              TableName: "acks",
              Item: { pk: { S: id }, sk: { S: String(i) }, pad: { S: "x".repeat(400) } },
            },
          }));
          try {
            await client.send(new TransactWriteItemsCommand({ TransactItems }));
            answered.push(id);
            if (answered.length >= cut && stopping === null) stopping = stopOwn({ graceMs: 0 });
          } catch {
            failed++;
          }
        }
      };
      await Promise.all([writer(), writer(), writer(), writer()]);
      await stopping;
      await ownDynamoDb();
      const stored = new Map<string, number>();
      for (const item of await tableItems(client, "acks")) {
        const pk = (JSON.parse(item) as { pk: { S: string } }).pk.S;
        stored.set(pk, (stored.get(pk) ?? 0) + 1);
      }
      // Whole or absent (a transaction), and present whenever it was answered.
      expect([...stored.values()].filter((n) => n !== ITEMS)).toEqual([]);
      expect(answered.filter((id) => stored.get(id) !== ITEMS)).toEqual([]);
    }
    report("storage killed just after answering", {
      kills: 2,
      transactionsAnswered: answered.length,
      transactionsFailed: failed,
      answeredThenLost: 0,
    });
    client.destroy();
  }, 120_000);
});
