import { playTurn, startDuel } from "./duel-posts.js";
import type { RefereeApp } from "./referee-app.js";
import { type LatencySummary, round, summarize } from "./stats.js";

export interface ThroughputResult {
  readonly duels: number;
  readonly postsPerDuel: number;
  readonly posts: number;
  readonly seconds: number;
  readonly postsPerSecond: number;
  /** Each post's latency while the others were in flight. */
  readonly latency: LatencySummary;
}

/**
 * `duels` independent duels played at once: posts are sent concurrently across duels and one
 * after the other within each (a duel's turns are sequential by nature), all on one app.
 */
export async function measureThroughput(
  ours: RefereeApp,
  options: { duels: number; postsPerDuel: number; firstThread: number },
): Promise<ThroughputResult> {
  const threads = Array.from({ length: options.duels }, (_, i) => options.firstThread + i);
  for (const thread of threads) await startDuel(ours.app, thread);
  const ms: number[] = [];
  const start = performance.now();
  await Promise.all(
    threads.map(async (thread) => {
      for (let n = 0; n < options.postsPerDuel; n++) ms.push(await playTurn(ours.app, thread, n));
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const posts = options.duels * options.postsPerDuel;
  return {
    duels: options.duels,
    postsPerDuel: options.postsPerDuel,
    posts,
    seconds: round(seconds),
    postsPerSecond: round(posts / seconds, 1),
    latency: summarize(ms),
  };
}
