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

export interface GrowthResult {
  readonly postsInDuel: number;
  /** How many posts each end of the duel counts. */
  readonly window: number;
  readonly earlyP50Ms: number;
  readonly lateP50Ms: number;
  readonly ratio: number;
  /** Of each post, the time inside the DynamoDB client (p50), and the rest (p50 of the difference). */
  readonly earlyDynamoP50Ms: number;
  readonly lateDynamoP50Ms: number;
  readonly earlyOtherP50Ms: number;
  readonly lateOtherP50Ms: number;
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

/**
 * One two-duelist duel of `posts` posts, every one a played turn, sent one after the other; the
 * p50 of the first `window` posts against the p50 of the last `window`. Each post's time is split
 * into what the DynamoDB client took and the rest (validation, decision, JSON, Hono).
 */
export async function measureGrowth(
  ours: RefereeApp,
  options: { posts: number; window: number; thread: number; progress?: (done: number) => void },
): Promise<GrowthResult> {
  const duelId = await startDuel(ours.app, options.thread);
  const totalMs: number[] = [];
  const dynamoMs: number[] = [];
  const snapshots: SnapshotSize[] = [];
  const sizeAt = new Set([1, Math.round(options.posts / 2), options.posts]);
  for (let n = 0; n < options.posts; n++) {
    const before = ours.requests.tally().ms;
    totalMs.push(await playTurn(ours.app, options.thread, n));
    dynamoMs.push(ours.requests.tally().ms - before);
    if (sizeAt.has(n + 1)) snapshots.push(await snapshotSize(ours, duelId, n + 1));
    if ((n + 1) % 100 === 0) options.progress?.(n + 1);
  }
  const view = await duelView(ours.app, duelId);
  const turn = view.turn as { number?: number } | null;
  if (turn?.number !== options.posts + 1) {
    throw new Error(`growth duel: expected turn ${options.posts + 1}, got ${JSON.stringify(view.turn)}`);
  }

  const early = (xs: number[]) => xs.slice(0, options.window);
  const late = (xs: number[]) => xs.slice(-options.window);
  const otherMs = totalMs.map((t, i) => t - (dynamoMs[i] ?? 0));
  const earlyP50 = median(early(totalMs));
  const lateP50 = median(late(totalMs));
  return {
    postsInDuel: options.posts,
    window: options.window,
    earlyP50Ms: round(earlyP50),
    lateP50Ms: round(lateP50),
    ratio: round(lateP50 / earlyP50, 3),
    earlyDynamoP50Ms: round(median(early(dynamoMs))),
    lateDynamoP50Ms: round(median(late(dynamoMs))),
    earlyOtherP50Ms: round(median(early(otherMs))),
    lateOtherP50Ms: round(median(late(otherMs))),
    snapshots,
  };
}
