import {
  BatchGetItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";
import { Hono } from "hono";
import { standardWebhookRefusal } from "../shared/http/standard-webhooks.js";
import type { EffectTally, RefereeApp } from "./referee-app.js";
import {
  BENCH_SECRET,
  createForum,
  deliver,
  EMPTY_TALLY,
  FORUM_ID,
  type LatencySummary,
  playTurn,
  plus,
  type RequestTally,
  signedDelivery,
  since,
  startDuel,
  summarize,
  turnPayload,
} from "./referee-app.js";

export interface LatencyResult {
  readonly floor: LatencySummary;
  /** The floor committing atomically (`createAtomicFloorApp`): the price of atomicity alone. */
  readonly atomicFloor: LatencySummary;
  readonly webhook: LatencySummary;
  /** DynamoDB requests of the measured posts, by command, and per post. */
  readonly webhookRequests: RequestTally;
  readonly floorRequests: RequestTally;
  readonly posts: number;
  readonly effects: { entries: number; schedule: number; cancel: number; notify: number };
  /** Time inside the DynamoDB client per post, the mean over the measured posts (both paths). */
  readonly dynamoMsPerPost: { floor: number; webhook: number };
}

/**
 * The floor and ours on the same DynamoDB Local, the same way (`app.request()`), interleaved
 * request by request so that whatever drifts (JIT, DynamoDB Local's JVM, GC) drifts for both.
 * Our posts go round-robin to `duels` duels, so each stays as short as real duels are; the
 * warm-up (DynamoDB Local's JVM needs hundreds of requests to settle) plays duels of its own.
 */
export async function measureLatency(
  ours: RefereeApp,
  options: { warmup: number; measured: number; duels: number; firstThread: number },
): Promise<LatencyResult> {
  const floorApp = createFloorApp(ours.client, ours.tableName);
  const atomicApp = createAtomicFloorApp(ours.client, ours.tableName);
  await putFloorForum(ours.client, ours.tableName, FORUM_ID, BENCH_SECRET);
  await createForum(ours.app);
  const played = new Map<number, number>();
  const duels = async (first: number) => {
    const threads = Array.from({ length: options.duels }, (_, i) => first + i);
    for (const thread of threads) await startDuel(ours.app, thread);
    return threads;
  };
  const warmupThreads = await duels(options.firstThread);
  const measuredThreads = await duels(options.firstThread + options.duels);

  const floorPayload = (i: number) => turnPayload(options.firstThread, i);
  const ourPost = async (threads: readonly number[], i: number): Promise<number> => {
    const thread = threads[i % threads.length] ?? options.firstThread;
    const n = played.get(thread) ?? 0;
    played.set(thread, n + 1);
    return playTurn(ours.app, thread, n);
  };
  const floorPost = async (app: Hono, i: number): Promise<number> => {
    const answer = await deliver(app, signedDelivery(floorPayload(i)));
    if (answer.status !== 200) throw new Error(`floor: ${answer.status}`);
    return answer.ms;
  };

  // The atomic floor's posts go round-robin to threads of their own, as ours do.
  const atomicPost = async (i: number): Promise<number> => {
    const payload = turnPayload(options.firstThread + 100 + (i % options.duels), i);
    const answer = await deliver(atomicApp, signedDelivery(payload));
    if (answer.status !== 200) throw new Error(`atomic floor: ${answer.status}`);
    return answer.ms;
  };

  for (let i = 0; i < options.warmup; i++) {
    await floorPost(floorApp, i);
    await atomicPost(i);
    await ourPost(warmupThreads, i);
  }

  const floorMs: number[] = [];
  const atomicMs: number[] = [];
  const oursMs: number[] = [];
  let floorRequests = EMPTY_TALLY;
  let webhookRequests = EMPTY_TALLY;
  const effectsBefore = copy(ours.effects);
  for (let i = options.warmup; i < options.warmup + options.measured; i++) {
    // The counter is the client's, shared by both apps: each request's share is taken around it.
    let mark = ours.requests.tally();
    floorMs.push(await floorPost(floorApp, i));
    let now = ours.requests.tally();
    floorRequests = plus(floorRequests, since(mark, now));
    atomicMs.push(await atomicPost(i));
    mark = ours.requests.tally();
    oursMs.push(await ourPost(measuredThreads, i));
    now = ours.requests.tally();
    webhookRequests = plus(webhookRequests, since(mark, now));
  }
  const effectsAfter = copy(ours.effects);
  const n = options.measured;
  return {
    floor: summarize(floorMs),
    atomicFloor: summarize(atomicMs),
    webhook: summarize(oursMs),
    webhookRequests,
    floorRequests,
    posts: n,
    effects: {
      entries: effectsAfter.entries - effectsBefore.entries,
      schedule: effectsAfter.schedule - effectsBefore.schedule,
      cancel: effectsAfter.cancel - effectsBefore.cancel,
      notify: effectsAfter.notify - effectsBefore.notify,
    },
    dynamoMsPerPost: { floor: floorRequests.ms / n, webhook: webhookRequests.ms / n },
  };
}

function copy(e: EffectTally) {
  return { entries: e.entries, schedule: e.schedule, cancel: e.cancel, notify: e.notify };
}

const configKey = (forumId: string) => ({ pk: { S: `FLOOR#${forumId}` }, sk: { S: "CONFIG" } });

/** Stores the floor's one configuration item: the forum's webhook secret. */
export async function putFloorForum(
  client: DynamoDBClient,
  tableName: string,
  forumId: string,
  secret: string,
): Promise<void> {
  await client.send(
    new PutItemCommand({ TableName: tableName, Item: { ...configKey(forumId), secret: { S: secret } } }),
  );
}

/**
 * The least a webhook receiver can do, on the same route as ours: read the raw body, read the
 * forum's secret (one consistent GetItem), verify the Standard Webhooks signature (with our
 * receiver's own function, shared/http/standard-webhooks.ts), parse the body, store the delivery
 * (one PutItem), answer. What ours does beyond this is what the ratio measures.
 */
export function createFloorApp(client: DynamoDBClient, tableName: string): Hono {
  const app = new Hono();
  app.post("/webhooks/:forumId/generic", async (c) => {
    const raw = await c.req.text();
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: tableName,
        Key: configKey(c.req.param("forumId")),
        ConsistentRead: true,
      }),
    );
    const secret = Item?.secret?.S;
    if (!secret) return c.json({ error: { code: "unknown_sender" } }, 401);
    if (standardWebhookRefusal(raw, c.req.raw.headers, secret) !== undefined) {
      return c.json({ error: { code: "invalid_signature" } }, 401);
    }
    // Parsed once, as by every receiver (the Standard Webhooks library's `verify`, which the floor
    // used before, parsed it after the signature; the atomic floor below parses it to find the thread).
    JSON.parse(raw);
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: {
          pk: { S: `FLOOR#DELIVERY#${c.req.header("webhook-id") ?? ""}` },
          sk: { S: "DELIVERY" },
          body: { S: raw },
        },
      }),
    );
    return c.json({ result: "applied" });
  });
  return app;
}

/**
 * The least a receiver can do that commits atomically, as ours must (the duel's new state and the
 * input that made it, all or nothing, conditioned on the version read): one consistent
 * `BatchGetItem` (the forum's secret and the thread's state), the verification, one
 * `TransactWriteItems` of two items (the state, conditioned on its version; the delivery, written
 * only if new), answer. No decision, no outbox: what this costs above the floor is the price of
 * atomicity alone on this DynamoDB.
 */
export function createAtomicFloorApp(client: DynamoDBClient, tableName: string): Hono {
  const app = new Hono();
  app.post("/webhooks/:forumId/generic", async (c) => {
    const raw = await c.req.text();
    const thread = String((JSON.parse(raw) as { data?: { threadId?: unknown } }).data?.threadId ?? "");
    const stateKey = { pk: { S: `FLOOR#STATE#${thread}` }, sk: { S: "STATE" } };
    const forumKey = configKey(c.req.param("forumId"));
    const read = await client.send(
      new BatchGetItemCommand({
        RequestItems: { [tableName]: { Keys: [forumKey, stateKey], ConsistentRead: true } },
      }),
    );
    const items = read.Responses?.[tableName] ?? [];
    const secret = items.find((i) => i.pk?.S === forumKey.pk.S)?.secret?.S;
    if (!secret) return c.json({ error: { code: "unknown_sender" } }, 401);
    if (standardWebhookRefusal(raw, c.req.raw.headers, secret) !== undefined) {
      return c.json({ error: { code: "invalid_signature" } }, 401);
    }
    const version = Number(items.find((i) => i.pk?.S === stateKey.pk.S)?.version?.N ?? "0");
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...stateKey, version: { N: String(version + 1) } },
              ConditionExpression: version === 0 ? "attribute_not_exists(pk)" : "version = :v",
              ...(version === 0 ? {} : { ExpressionAttributeValues: { ":v": { N: String(version) } } }),
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                pk: { S: `FLOOR#DELIVERY#${c.req.header("webhook-id") ?? ""}` },
                sk: { S: "ATOMIC" },
                body: { S: raw },
              },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    return c.json({ result: "applied" });
  });
  return app;
}
