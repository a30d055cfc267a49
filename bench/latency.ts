import type { Hono } from "hono";
import {
  BENCH_SECRET,
  createForum,
  deliver,
  FORUM_ID,
  playTurn,
  signedDelivery,
  startDuel,
  turnPayload,
} from "./duel-posts.js";
import { createAtomicFloorApp, createFloorApp, putFloorForum } from "./floor-app.js";
import type { EffectTally, RefereeApp } from "./referee-app.js";
import { EMPTY_TALLY, plus, type RequestTally, since } from "./request-counter.js";
import { type LatencySummary, summarize } from "./stats.js";

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
