import type { DuelCommand } from "../domain/commands.js";
import { postIdsRead } from "../domain/posts-read.js";
import { inputOrderOf, isThreadOrdered } from "../domain/replay.js";
import { initialState } from "../domain/state.js";
import { ConcurrencyError, DuplicateError } from "../errors.js";
import type { DuelRepository, LoadedDuel } from "../ports/duel-repository.js";
import type { DuelistStore } from "../ports/duelist-store.js";
import { decideCommand, type ExecuteOptions, type Outcome, outboxOf } from "./decision.js";
import { DuelQueue, type QueuedWork } from "./duel-queue.js";
import { authorIdsOf } from "./post-authors.js";
import { StagedCommits } from "./staged-commits.js";
import { WrittenVersions } from "./written-versions.js";

export type { ExecuteOptions, Outcome } from "./decision.js";

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
 * for them while the pauses stay far within the webhook function's timeout.
 */
const MAX_ATTEMPTS = 12;

/** Times a batch is decided again after a commit refused as holding a delivery already applied. */
const MAX_DUPLICATE_ROUNDS = 2;

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

/** A command waiting for its duel, with its caller's answer. */
interface Work extends QueuedWork {
  readonly command: DuelCommand;
  readonly options: ExecuteOptions;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (error: unknown) => void;
}

/** A command decided: its outcome, or why it was refused. */
type Answer =
  | { readonly work: Work; readonly outcome: Outcome }
  | { readonly work: Work; readonly error: unknown };

/**
 * Where every command to a duel goes, and the one path it takes: load → decide → effects →
 * commit, again after a conflict (`decide`). Within this process a duel's commands wait their
 * turn (`DuelQueue`), and posts waiting together take the path together: decided one after the
 * other on one read, each on the state the previous one left, and committed in one transaction
 * (`StagedCommits`). Every outcome is told to the observer (the business metrics).
 */
export class DuelService {
  private readonly queue = new DuelQueue<Work>((duelId, batch) => this.serve(duelId, batch));
  /** The version this process last committed per duel: a caller's read before it is stale. */
  private readonly written = new WrittenVersions();
  private readonly maxAttempts: number;

  constructor(private readonly deps: DuelServiceDeps) {
    this.maxAttempts = deps.maxAttempts ?? MAX_ATTEMPTS;
  }

  /** The command's outcome, once the duel's work before it is done. */
  async execute(duelId: string, command: DuelCommand, options: ExecuteOptions): Promise<Outcome> {
    const order = isThreadOrdered(command) ? inputOrderOf(command, options.inputId) : undefined;
    const outcome = await new Promise<Outcome>((resolve, reject) =>
      this.queue.add(duelId, { order, command, options, resolve, reject }),
    );
    this.deps.observer?.decided(command, outcome);
    return outcome;
  }

  /** Answers each waiting command: the batch takes the path together, or each alone if it must. */
  private async serve(duelId: string, batch: readonly Work[]): Promise<void> {
    let rest = batch;
    while (rest.length > 0) {
      try {
        const decided = await this.decide(duelId, rest);
        for (const answer of decided.answers) {
          if ("outcome" in answer) answer.work.resolve(answer.outcome);
          else answer.work.reject(answer.error);
        }
        rest = decided.rest;
      } catch (error) {
        // Deliveries of the batch keep being applied elsewhere: each finds out alone which.
        if (error instanceof DuplicateError && rest.length > 1) {
          for (const work of rest) await this.serve(duelId, [work]);
          return;
        }
        for (const work of rest) work.reject(error);
        return;
      }
    }
  }

  /**
   * The decision path. Load the duel; decide each command in turn and derive its effects, staged
   * on the state the previous one left; commit them in one transaction conditioned on the version
   * read. Lost to another writer (or to one that applied one of these posts): pause, load, decide
   * again. Commands that would not fit in the transaction are given back, to be decided next.
   */
  private async decide(duelId: string, works: readonly Work[]): Promise<{ answers: Answer[]; rest: Work[] }> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(duelId, works, attempt);
      const staged = new StagedCommits(this.deps.store, loaded);
      const answers: Answer[] = [];
      for (const work of works) {
        const answer = await this.stage(staged, duelId, work);
        if (answer === null) break;
        answers.push(answer);
      }
      const commit = staged.merged();
      try {
        if (commit) {
          await this.deps.store.commit(commit);
          this.written.wrote(duelId, commit.snapshot.version);
        }
        return { answers, rest: works.slice(answers.length) };
      } catch (error) {
        const [only] = works;
        // One delivery the store already holds (applied by another process): a duplicate.
        if (error instanceof DuplicateError && only && works.length === 1)
          return { answers: [{ work: only, outcome: duplicate(duelId, loaded) }], rest: [] };
        const lost =
          (error instanceof ConcurrencyError && attempt < this.maxAttempts) ||
          (error instanceof DuplicateError && attempt <= MAX_DUPLICATE_ROUNDS);
        if (!lost) throw error;
        if (error instanceof ConcurrencyError) await this.pause(attempt);
      }
    }
  }

  /**
   * One command decided on the staged duel: its events, effects and commit staged, or nothing
   * (it changed nothing, or it was refused). Null when its commit would make the staged ones too
   * large for one transaction: it was not staged, and waits for the next one.
   */
  private async stage(staged: StagedCommits, duelId: string, work: Work): Promise<Answer | null> {
    const { command, options } = work;
    const size = staged.size;
    const loaded = staged.loaded();
    try {
      const { outcome, change, author } = await decideCommand(
        this.deps,
        staged,
        duelId,
        command,
        options,
        loaded,
      );
      if (change === null) {
        // Nothing to commit (a post no duelist's turn, seen before or not): its author, new to the
        // forum, is still remembered, once (CONTRACT.md 6).
        if (author) await this.deps.store.rememberAccount(options.forumId, author);
        return { work, outcome };
      }
      await staged.commit({ ...change.commit, outbox: outboxOf(change, this.deps, staged) });
      if (size > 0 && this.tooLarge(staged)) {
        staged.dropLast();
        return null;
      }
      return { work, outcome };
    } catch (error) {
      // A delivery already staged or stored: a duplicate. Else refused: its caller hears why.
      if (error instanceof DuplicateError) return { work, outcome: duplicate(duelId, loaded) };
      return { work, error };
    }
  }

  /** The duel as read for `works`: the caller's own read if it is one command's and not stale. */
  private async load(duelId: string, works: readonly Work[], attempt: number): Promise<LoadedDuel> {
    const read = works.length === 1 && attempt === 1 ? works[0]?.options.preloaded : undefined;
    if (read && this.written.isCurrent(duelId, read.duel?.version ?? 0)) return read;
    const forumId = works[0]?.options.forumId ?? "";
    const commands = works.map((w) => w.command);
    const postIds = [...new Set(commands.flatMap((c) => postIdsRead(c, initialState)))];
    return this.deps.store.loadForumAndDuel(forumId, duelId, postIds, authorIdsOf(commands));
  }

  private tooLarge(staged: StagedCommits): boolean {
    const merged = staged.merged();
    const limit = this.deps.maxCommitItems ?? this.deps.store.maxCommitItems;
    return merged !== null && this.deps.store.commitItems(merged) > limit;
  }

  /** The pause after attempt `attempt` lost to another writer. */
  private pause(attempt: number): Promise<void> {
    this.deps.observer?.conflicted();
    const ms = (this.deps.retryDelayMs ?? jitteredBackoff)(attempt);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}

/** A delivery already applied: nothing decided, the duel as read. */
function duplicate(duelId: string, loaded: LoadedDuel): Outcome {
  return { result: "duplicate", duelId, events: [], state: loaded.duel?.state ?? initialState };
}
