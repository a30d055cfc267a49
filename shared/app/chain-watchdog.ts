import { chainsRearmed, type MetricPoint } from "../observability/business-metrics.js";
import type { LogLine } from "../observability/logger.js";
import type { PollStore } from "../ports/poll-store.js";
import type { TopicPoller } from "./topic-poller.js";

/**
 * Chains re-armed by one sweep at most: each is a read of a board (a few seconds, more for a slow
 * one), and the sweep runs in the relay's minute. The others stay overdue for the next sweep.
 */
export const REARMS_PER_SWEEP = 5;

/**
 * How long a chain taken by a sweep is left to it: longer than the relay function may run, so no
 * other sweep takes it meanwhile; a re-arm that failed is tried again when it ends.
 */
export const REARM_LEASE_MS = 5 * 60_000;

export interface ChainWatchdogDeps {
  readonly polls: Pick<PollStore, "overdueChains" | "claimChain">;
  readonly poller: Pick<TopicPoller, "poll">;
  readonly now: () => Date;
  readonly log: LogLine;
  /** Counts the chains re-armed (`PollChainsRearmed`: a chain lost means something failed). */
  readonly metrics?: (points: readonly MetricPoint[]) => void;
}

/**
 * Heals the chains of reads of Forumactif topics (CONTRACT.md 4.4) on the relay's recurring sweep.
 * A chain whose read was lost for good (Scheduler's retries spent, a schedule deleted, a bug) would
 * leave its topic unread: the watchdog finds the chains overdue with one query (none, mostly) and
 * re-arms each as an admin's poll does: it reads the topic now and schedules the chain's next read
 * on the forum's grid. A chain is taken by a conditional write first, so two sweeps never re-arm
 * it both; a chain whose own late read lands meanwhile names the same next read on the grid.
 */
export class ChainWatchdog {
  constructor(private readonly deps: ChainWatchdogDeps) {}

  /** Re-arms the chains overdue now; the first failure is thrown once the others were tried. */
  async sweep(): Promise<{ overdue: number; rearmed: number }> {
    const { polls, poller, log } = this.deps;
    const now = this.deps.now();
    const overdue = await polls.overdueChains(now.toISOString(), REARMS_PER_SWEEP);
    const until = new Date(now.getTime() + REARM_LEASE_MS).toISOString();
    let rearmed = 0;
    let failure: unknown;
    for (const read of overdue) {
      try {
        if (!(await polls.claimChain(read, until))) continue;
        const result = await poller.poll(read.duelId, "watchdog");
        if (result.status === "not_watched") {
          log({ level: "info", msg: "poll chain ended", duelId: read.duelId, dueAt: read.at });
          continue;
        }
        rearmed++;
        this.deps.metrics?.([chainsRearmed()]);
        log({
          level: "warn",
          msg: "poll chain re-armed",
          duelId: read.duelId,
          dueAt: read.at,
          overdueAt: read.overdueAt,
          result: result.status,
        });
      } catch (error) {
        failure ??= error;
        log({
          level: "error",
          msg: "poll chain re-arm failed",
          duelId: read.duelId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (failure !== undefined) throw failure;
    return { overdue: overdue.length, rearmed };
  }
}
