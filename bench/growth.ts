import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { marshall } from "../shared/adapters/dynamodb/attributes.js";
import { keys } from "../shared/adapters/dynamodb/table.js";
import { duelView, playTurn, startDuel } from "./duel-posts.js";
import type { RefereeApp } from "./referee-app.js";
import { median, round } from "./stats.js";

/** How big the stored duel is: its state JSON, and the part of it that is the per-post map. */
export interface SnapshotSize {
  readonly afterPost: number;
  readonly stateBytes: number;
  readonly postsMapBytes: number;
}

/**
 * One end of the duel: p50 of the whole post, of the time inside the DynamoDB client, and of the
 * rest; and the capacity units a post consumed (p50), which is what on-demand DynamoDB bills.
 */
export interface GrowthWindow {
  readonly p50Ms: number;
  readonly dynamoP50Ms: number;
  readonly otherP50Ms: number;
  readonly capacityUnitsP50: number;
}

export interface GrowthResult {
  readonly postsInDuel: number;
  /** How many posts each end counts. */
  readonly window: number;
  readonly earlyP50Ms: number;
  readonly lateP50Ms: number;
  readonly ratio: number;
  readonly early: GrowthWindow;
  readonly late: GrowthWindow;
  /** The long duel's own first posts against its last, minutes apart (drift of the machine included). */
  readonly sequential: { readonly earlyP50Ms: number; readonly lateP50Ms: number; readonly ratio: number };
  readonly snapshots: readonly SnapshotSize[];
}

async function snapshotSize(ours: RefereeApp, duelId: string, afterPost: number): Promise<SnapshotSize> {
  const { Item } = await ours.client.send(
    new GetItemCommand({ TableName: ours.tableName, Key: marshall(keys.duel(duelId)), ConsistentRead: true }),
  );
  const state = Item?.state?.S ?? "{}";
  const posts = (JSON.parse(state) as { posts?: unknown }).posts ?? {};
  return {
    afterPost,
    stateBytes: Buffer.byteLength(state),
    postsMapBytes: Buffer.byteLength(JSON.stringify(posts)),
  };
}

interface Sample {
  readonly ms: number;
  readonly dynamoMs: number;
  readonly units: number;
}

function windowOf(samples: readonly Sample[]): GrowthWindow {
  return {
    p50Ms: round(median(samples.map((s) => s.ms))),
    dynamoP50Ms: round(median(samples.map((s) => s.dynamoMs))),
    otherP50Ms: round(median(samples.map((s) => s.ms - s.dynamoMs))),
    capacityUnitsP50: round(median(samples.map((s) => s.units)), 1),
  };
}

/**
 * Cost growth over a two-duelist duel of `posts` posts, every one a played turn. The long duel is
 * played up to its last `window` posts; then those last posts go in turn with the first `window`
 * posts of a fresh duel, so the start and the end of a duel are compared at the same moment, on
 * the same DynamoDB Local, whatever else the machine is doing. The long duel's own first posts are
 * reported too (`sequential`).
 */
export async function measureGrowth(
  ours: RefereeApp,
  options: { posts: number; window: number; thread: number; progress?: (done: number) => void },
): Promise<GrowthResult> {
  const long = options.thread;
  const fresh = options.thread + 1;
  const duelId = await startDuel(ours.app, long);
  await startDuel(ours.app, fresh);
  const post = async (thread: number, n: number): Promise<Sample> => {
    const before = ours.requests.tally();
    const ms = await playTurn(ours.app, thread, n);
    const after = ours.requests.tally();
    return { ms, dynamoMs: after.ms - before.ms, units: after.capacityUnits - before.capacityUnits };
  };

  const longSamples: Sample[] = [];
  const freshSamples: Sample[] = [];
  const snapshots: SnapshotSize[] = [];
  const sizeAt = new Set([1, Math.round(options.posts / 2), options.posts]);
  const lateFrom = options.posts - options.window;
  for (let n = 0; n < options.posts; n++) {
    if (n >= lateFrom) freshSamples.push(await post(fresh, n - lateFrom));
    longSamples.push(await post(long, n));
    if (sizeAt.has(n + 1)) snapshots.push(await snapshotSize(ours, duelId, n + 1));
    if ((n + 1) % 100 === 0) options.progress?.(n + 1);
  }
  const view = await duelView(ours.app, duelId);
  const turn = view.turn as { number?: number } | null;
  if (turn?.number !== options.posts + 1) {
    throw new Error(`growth duel: expected turn ${options.posts + 1}, got ${JSON.stringify(view.turn)}`);
  }

  const early = windowOf(freshSamples);
  const late = windowOf(longSamples.slice(-options.window));
  const longEarly = windowOf(longSamples.slice(0, options.window));
  return {
    postsInDuel: options.posts,
    window: options.window,
    earlyP50Ms: early.p50Ms,
    lateP50Ms: late.p50Ms,
    ratio: round(late.p50Ms / early.p50Ms, 3),
    early,
    late,
    sequential: {
      earlyP50Ms: longEarly.p50Ms,
      lateP50Ms: late.p50Ms,
      ratio: round(late.p50Ms / longEarly.p50Ms, 3),
    },
    snapshots,
  };
}
