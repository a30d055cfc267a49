import type { DuelCommand } from "../domain/commands.js";
import { postIdsRead } from "../domain/posts-read.js";
import { inputKeyOf, isThreadOrdered } from "../domain/replay.js";
import { type DuelState, initialState } from "../domain/state.js";
import {
  ConcurrencyError,
  type DuelCommit,
  type DuelStore,
  DuplicateError,
  type LoadedDuel,
} from "../ports/duel-store.js";
import {
  type DecisionStore,
  decideAndCommit,
  type ExecuteOptions,
  type Outcome,
  postIdOf,
} from "./decision.js";
import { DuelQueue, type QueuedWork } from "./duel-queue.js";
import { RecentDeliveries } from "./recent-deliveries.js";
import { StagedCommits } from "./staged-commits.js";

/** What a decision's observer is told (shared/observability derives the metrics from it). */
export interface DecisionObserver {
  decided(command: DuelCommand, outcome: Outcome): void;
  /** A commit lost to another writer: it is decided again after a pause. */
  conflicted(): void;
}

/** Full jitter: a random pause under 10 ms, 20 ms, 40 ms … capped at 500 ms. */
export function jitteredBackoff(attempt: number): number {
  return Math.random() * Math.min(500, 10 * 2 ** (attempt - 1));
}

/**
 * Attempts of one decision before it answers 503 `duel_busy`. A conflict means another process
 * committed to the duel in between (within a process, work waits its turn), so a burst of a few
 * dozen posts over several processes makes few conflicts per delivery; twelve attempts leave room
 * for them while the pauses add up to about 3 s at most, far within the webhook function's timeout.
 */
const MAX_ATTEMPTS = 12;

export type { ExecuteOptions, Outcome } from "./decision.js";

/** A command waiting for its duel, with its caller's answer. */
interface Work extends QueuedWork {
  readonly command: DuelCommand;
  readonly options: ExecuteOptions;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The one path from a command to stored events: read the duel, decide and commit
 * (`decideAndCommit`: one transaction conditioned on the version). On a conflict it reads again
 * and decides again.
 *
 * Within this process a duel's work runs in turn (`DuelQueue`); posts waiting together are decided
 * one after the other in the thread's order and committed together (`StagedCommits`); a repeated
 * delivery this process has committed is answered without a read (`RecentDeliveries`). A burst of
 * deliveries for one duel is so served in order instead of racing itself into conflicts.
 */
export class DuelService {
  private readonly queue = new DuelQueue<Work>((duelId, batch) => this.runBatch(duelId, batch));
  private readonly recent = new RecentDeliveries();

  constructor(
    private readonly deps: {
      readonly store: DuelStore;
      readonly now: () => Date;
      readonly maxAttempts?: number;
      /**
       * How long to wait before attempt `n + 1` after `n` conflicted. Without a pause, writers of one
       * busy duel retry in lockstep and the slow ones (a late post's replay) lose every round.
       */
      readonly retryDelayMs?: (attempt: number) => number;
      /** Items one commit may hold, when fewer than the store's transaction takes (tests). */
      readonly maxCommitItems?: number;
      /** The deployment's public address, for the desk link in the referee's hiboux. */
      readonly deskUrl?: string;
      /** Sees every decision and every lost commit (the business metrics, shared/observability). */
      readonly observer?: DecisionObserver;
    },
  ) {}

  async execute(duelId: string, command: DuelCommand, options: ExecuteOptions): Promise<Outcome> {
    const repeat = this.repeated(duelId, command, options);
    const order = isThreadOrdered(command) ? inputKeyOf(command, options.inputId) : undefined;
    const outcome =
      repeat ??
      (await new Promise<Outcome>((resolve, reject) =>
        this.queue.add(duelId, { order, command, options, resolve, reject }),
      ));
    this.deps.observer?.decided(command, outcome);
    return outcome;
  }

  /** Answers each waiting command: together when several posts wait, else each alone. */
  private async runBatch(duelId: string, batch: readonly Work[]): Promise<void> {
    // A copy of a delivery may have been committed while it waited its turn.
    let rest: readonly Work[] = batch.filter((work) => {
      const repeat = this.repeated(duelId, work.command, work.options);
      if (repeat) work.resolve(repeat);
      return repeat === undefined;
    });
    const attempts = this.deps.maxAttempts ?? MAX_ATTEMPTS;
    let duplicates = 0;
    let lost = false;
    for (let attempt = 1; rest.length > 1; ) {
      try {
        const left = await this.together(duelId, rest);
        // None fitted with the others (one alone fills a transaction): each goes alone.
        if (left.length === rest.length) break;
        rest = left;
        attempt = 1;
      } catch (error) {
        if (!(error instanceof ConcurrencyError || error instanceof DuplicateError)) {
          for (const work of rest) work.reject(error);
          return;
        }
        // Another process wrote the duel, or applied one of these deliveries, in between: read and
        // decide again, as one decision would (a post applied elsewhere then reads as known).
        lost = true;
        if (error instanceof ConcurrencyError && attempt < attempts) await this.pause(attempt++);
        else if (!(error instanceof DuplicateError && duplicates++ < 2)) break;
      }
    }
    for (const work of rest) {
      try {
        work.resolve(await this.attempt(duelId, work.command, work.options, lost));
      } catch (error) {
        work.reject(error);
      }
    }
  }

  /**
   * Decides the posts one after the other on one read of the duel, each on the state the previous
   * one left, and commits them in one transaction: each is decided as it would have been alone.
   * Posts that would not fit in that transaction are given back, to be decided next.
   */
  private async together(duelId: string, batch: readonly Work[]): Promise<readonly Work[]> {
    const forumId = batch[0]?.options.forumId ?? "";
    const postIds = [...new Set(batch.flatMap((w) => postIdsRead(w.command, initialState)))];
    const staged = new StagedCommits(
      this.deps.store,
      await this.deps.store.loadForumAndDuel(forumId, duelId, postIds),
    );
    const answered: { work: Work; outcome?: Outcome; error?: unknown }[] = [];
    let state: DuelState | undefined;
    for (const work of batch) {
      const size = staged.size;
      try {
        const { outcome } = await this.decideOn(staged, duelId, work.command, work.options, staged.loaded());
        if (staged.size > size) {
          const merged = staged.merged();
          const limit = this.deps.maxCommitItems ?? this.deps.store.maxCommitItems;
          if (merged && staged.commitItems(merged) > limit) {
            staged.dropLast();
            break;
          }
          state = outcome.state;
        }
        answered.push({ work, outcome });
      } catch (error) {
        // Refused (a post the rules turn down): nothing staged, its caller hears why.
        answered.push({ work, error });
      }
    }
    const merged = staged.merged();
    if (merged && state) {
      await this.deps.store.commit(merged);
      this.recent.committed(merged, state);
    }
    for (const { work, outcome, error } of answered) {
      if (outcome) work.resolve(outcome);
      else work.reject(error);
    }
    return batch.slice(answered.length);
  }

  /** Decides and commits, reading again and deciding again after each conflict. */
  private async attempt(
    duelId: string,
    command: DuelCommand,
    options: ExecuteOptions,
    /** Another process is known to have written the duel since the caller read it. */
    stale = false,
  ): Promise<Outcome> {
    const attempts = this.deps.maxAttempts ?? MAX_ATTEMPTS;
    // Read before this process's last commit to the duel, the caller's read is stale: not used.
    const latest = this.recent.latest(duelId)?.version ?? 0;
    const read = options.preloaded;
    let preloaded = !stale && read && (read.duel?.version ?? 0) >= latest ? read : undefined;
    for (let attempt = 1; ; attempt++) {
      const loaded =
        preloaded ??
        (await this.deps.store.loadForumAndDuel(options.forumId, duelId, postIdsRead(command, initialState)));
      preloaded = undefined;
      try {
        const { outcome, commit } = await this.decideOn(this.deps.store, duelId, command, options, loaded);
        if (commit) this.recent.committed(commit, outcome.state);
        return outcome;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
      }
      await this.pause(attempt);
    }
  }

  /** The pause after attempt `attempt` lost to another writer. */
  private pause(attempt: number): Promise<void> {
    this.deps.observer?.conflicted();
    const ms = (this.deps.retryDelayMs ?? jitteredBackoff)(attempt);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** One decision on `loaded`, committed to `store`; a delivery the store already holds is a duplicate. */
  private async decideOn(
    store: DecisionStore,
    duelId: string,
    command: DuelCommand,
    options: ExecuteOptions,
    loaded: LoadedDuel,
  ): Promise<{ outcome: Outcome; commit: DuelCommit | null }> {
    try {
      return await decideAndCommit(this.deps, store, duelId, command, options, loaded);
    } catch (error) {
      if (!(error instanceof DuplicateError)) throw error;
      const state = loaded.duel?.state ?? initialState;
      return { outcome: { result: "duplicate", duelId, events: [], state }, commit: null };
    }
  }

  /** A post's delivery this process has committed before (a retry, or the same post and content). */
  private repeated(duelId: string, command: DuelCommand, options: ExecuteOptions): Outcome | undefined {
    const postId = postIdOf(command);
    const keys = options.dedupKeys ?? [];
    if (postId === undefined || keys.length === 0 || !this.recent.seen(duelId, postId, keys))
      return undefined;
    const state = this.recent.latest(duelId)?.state ?? initialState;
    return { result: "duplicate", duelId, events: [], state };
  }
}
