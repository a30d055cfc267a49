import type { DuelCommand } from "../domain/commands.js";
import { postIdsRead } from "../domain/posts-read.js";
import { initialState } from "../domain/state.js";
import { ConcurrencyError, DuplicateError } from "../errors.js";
import type { DuelCommit, DuelRepository, LoadedDuel } from "../ports/duel-repository.js";
import type { DuelistStore } from "../ports/duelist-store.js";
import {
  type DecisionStore,
  decideCommand,
  type ExecuteOptions,
  type Outcome,
  outboxOf,
} from "./decision.js";
import { authorIdsOf } from "./post-authors.js";

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

/** A decision and what it committed (null: nothing to store, or a duplicate). */
export interface Committed {
  readonly outcome: Outcome;
  readonly commit: DuelCommit | null;
}

export interface DuelServiceDeps {
  /** The duels, and the forum's accounts: a post that commits nothing still makes its author known. */
  readonly store: DuelRepository & Pick<DuelistStore, "rememberAccount">;
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
}

/**
 * The one path from a command to stored events: load the duel, decide, derive the effects, commit
 * (one transaction conditioned on the version read); on a conflict, load and decide again.
 */
export class DuelDecisions {
  readonly maxAttempts: number;

  constructor(private readonly deps: DuelServiceDeps) {
    this.maxAttempts = deps.maxAttempts ?? MAX_ATTEMPTS;
  }

  /** Loads the duel (or takes `preloaded`), then `decideOn`; loads again after each conflict. */
  async attempt(
    duelId: string,
    command: DuelCommand,
    options: ExecuteOptions,
    preloaded?: LoadedDuel,
  ): Promise<Committed> {
    const { store } = this.deps;
    for (let attempt = 1; ; attempt++) {
      const loaded =
        preloaded ??
        (await store.loadForumAndDuel(
          options.forumId,
          duelId,
          postIdsRead(command, initialState),
          authorIdsOf([command]),
        ));
      preloaded = undefined;
      try {
        return await this.decideOn(store, duelId, command, options, loaded);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= this.maxAttempts) throw error;
      }
      await this.pause(attempt);
    }
  }

  /**
   * Decide on `loaded`, derive the effects, commit to `store` (the table, or a batch's staged
   * commits); a delivery the store already holds is a duplicate.
   */
  async decideOn(
    store: DecisionStore,
    duelId: string,
    command: DuelCommand,
    options: ExecuteOptions,
    loaded: LoadedDuel,
  ): Promise<Committed> {
    try {
      const { outcome, change, author } = await decideCommand(
        this.deps,
        store,
        duelId,
        command,
        options,
        loaded,
      );
      if (change === null) {
        // Nothing to commit (a post no duelist's turn, seen before or not): its author, new to the
        // forum, is still remembered, once (CONTRACT.md 6).
        if (author) await this.deps.store.rememberAccount(options.forumId, author);
        return { outcome, commit: null };
      }
      const outbox = outboxOf(change, this.deps, store);
      const commit = { ...change.commit, outbox };
      await store.commit(commit);
      return { outcome, commit };
    } catch (error) {
      if (!(error instanceof DuplicateError)) throw error;
      const state = loaded.duel?.state ?? initialState;
      return { outcome: { result: "duplicate", duelId, events: [], state }, commit: null };
    }
  }

  /** The pause after attempt `attempt` lost to another writer. */
  pause(attempt: number): Promise<void> {
    this.deps.observer?.conflicted();
    const ms = (this.deps.retryDelayMs ?? jitteredBackoff)(attempt);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
