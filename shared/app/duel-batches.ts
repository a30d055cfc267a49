import type { DuelCommand } from "../domain/commands.js";
import { postIdsRead } from "../domain/posts-read.js";
import { inputKeyOf, isThreadOrdered } from "../domain/replay.js";
import { initialState } from "../domain/state.js";
import { ConcurrencyError, DuplicateError } from "../errors.js";
import type { DuelRepository } from "../ports/duel-repository.js";
import type { ExecuteOptions, Outcome } from "./decision.js";
import type { DuelDecisions } from "./duel-decisions.js";
import { DuelQueue, type QueuedWork } from "./duel-queue.js";
import { authorIdsOf } from "./post-authors.js";
import { StagedCommits } from "./staged-commits.js";

/** Duels whose last committed version is kept (a forgotten one only costs a stale read a retry). */
const MAX_DUELS_KEPT = 256;

/** A command waiting for its duel, with its caller's answer. */
interface Work extends QueuedWork {
  readonly command: DuelCommand;
  readonly options: ExecuteOptions;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * What a burst of deliveries for one duel costs, kept apart from the decision path it drives
 * (`DuelDecisions.attempt` and `decideOn`). Within this process a duel's work runs in turn
 * (`DuelQueue`); posts waiting together are decided one after the other in the thread's order and
 * committed together (`StagedCommits`), their copies answered as duplicates. A burst for one duel
 * is so served in order instead of racing itself into conflicts.
 */
export class DuelBatches {
  private readonly queue = new DuelQueue<Work>((duelId, batch) => this.runBatch(duelId, batch));
  /** The version this process last committed, for the last duels it wrote: a read before it is stale. */
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly service: DuelDecisions,
    private readonly store: DuelRepository,
    private readonly maxCommitItems: number | undefined,
  ) {}

  /** The command's outcome, once the duel's work before it is done. */
  execute(duelId: string, command: DuelCommand, options: ExecuteOptions): Promise<Outcome> {
    const order = isThreadOrdered(command) ? inputKeyOf(command, options.inputId) : undefined;
    return new Promise<Outcome>((resolve, reject) =>
      this.queue.add(duelId, { order, command, options, resolve, reject }),
    );
  }

  /** Answers each waiting command: together when several posts wait, else each alone. */
  private async runBatch(duelId: string, batch: readonly Work[]): Promise<void> {
    let rest = batch;
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
        if (error instanceof ConcurrencyError && attempt < this.service.maxAttempts)
          await this.service.pause(attempt++);
        else if (!(error instanceof DuplicateError && duplicates++ < 2)) break;
      }
    }
    for (const work of rest) {
      try {
        work.resolve(await this.alone(duelId, work.command, work.options, lost));
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
    const authorIds = authorIdsOf(batch.map((w) => w.command));
    const staged = new StagedCommits(
      this.store,
      await this.store.loadForumAndDuel(forumId, duelId, postIds, authorIds),
    );
    const limit = this.maxCommitItems ?? this.store.maxCommitItems;
    const answered: { work: Work; outcome?: Outcome; error?: unknown }[] = [];
    let decided = false;
    for (const work of batch) {
      const size = staged.size;
      try {
        const { outcome } = await this.service.decideOn(
          staged,
          duelId,
          work.command,
          work.options,
          staged.loaded(),
        );
        if (staged.size > size) {
          const merged = staged.merged();
          if (merged && staged.commitItems(merged) > limit) {
            staged.dropLast();
            break;
          }
          decided = true;
        }
        answered.push({ work, outcome });
      } catch (error) {
        // Refused (a post the rules turn down): nothing staged, its caller hears why.
        answered.push({ work, error });
      }
    }
    const merged = staged.merged();
    if (merged && decided) {
      await this.store.commit(merged);
      this.wrote(duelId, merged.snapshot.version);
    }
    for (const { work, outcome, error } of answered) {
      if (outcome) work.resolve(outcome);
      else work.reject(error);
    }
    return batch.slice(answered.length);
  }

  /** One command decided alone, on the caller's read unless a later commit made it stale. */
  private async alone(
    duelId: string,
    command: DuelCommand,
    options: ExecuteOptions,
    /** Another process is known to have written the duel since the caller read it. */
    stale: boolean,
  ): Promise<Outcome> {
    const read = options.preloaded;
    const fresh = !stale && read && (read.duel?.version ?? 0) >= (this.versions.get(duelId) ?? 0);
    const { outcome, commit } = await this.service.attempt(
      duelId,
      command,
      options,
      fresh ? read : undefined,
    );
    if (commit) this.wrote(duelId, commit.snapshot.version);
    return outcome;
  }

  private wrote(duelId: string, version: number): void {
    const known = this.versions.get(duelId) ?? 0;
    // Most recently written last: the first entry is the one to forget.
    this.versions.delete(duelId);
    this.versions.set(duelId, Math.max(known, version));
    for (const oldest of this.versions.keys()) {
      if (this.versions.size <= MAX_DUELS_KEPT) break;
      this.versions.delete(oldest);
    }
  }
}
