import type { DuelCommand } from "../domain/commands.js";
import { decide } from "../domain/decide.js";
import type { DuelEvent } from "../domain/events.js";
import { fold } from "../domain/evolve.js";
import {
  hotPostIds,
  type MarkChange,
  markChanges,
  postIdsRead,
  snapshotState,
} from "../domain/post-marks.js";
import { inputKeyOf, isThreadOrdered, replay } from "../domain/replay.js";
import { type DuelState, initialState, postMark } from "../domain/state.js";
import { timerChanges, timersOf } from "../domain/timers.js";
import {
  ConcurrencyError,
  type DuelCommit,
  type DuelStore,
  DuplicateError,
  type LoadedDuel,
  type MarkWrite,
  type StoredInput,
} from "../ports/duel-store.js";
import { DuelQueue, type QueuedWork } from "./duel-queue.js";
import { duelistChanges } from "./duelist-changes.js";
import { effectsOf } from "./effects.js";
import { RecentDeliveries } from "./recent-deliveries.js";
import { commitItems, type DecisionStore, StagedCommits } from "./staged-commits.js";

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

/** The post a command is about, if any. */
function postIdOf(command: DuelCommand): string | undefined {
  if (command.type === "post.deleted") return command.postId;
  if (command.type === "post.received" || command.type === "post.edited") return command.post.postId;
  return undefined;
}

/** What happened to a command: applied, seen before, or not for a duel. */
export interface Outcome {
  readonly result: "applied" | "duplicate" | "ignored";
  readonly duelId: string;
  readonly events: readonly DuelEvent[];
  readonly state: DuelState;
}

export interface ExecuteOptions {
  /** Names the input: its events get ids `<inputId>#n`, and the same input is never applied twice. */
  readonly inputId: string;
  readonly forumId: string;
  /** Keys of this delivery: a post's are recorded with its mark, any other's on their own. */
  readonly dedupKeys?: readonly string[];
  /** The forum, duel and post marks already read by the caller (the webhook's one read). */
  readonly preloaded?: LoadedDuel;
}

/** A command waiting for its duel, with its caller's answer. */
interface Work extends QueuedWork {
  readonly command: DuelCommand;
  readonly options: ExecuteOptions;
  readonly resolve: (outcome: Outcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The one path from a command to stored events: read the duel, let the decider decide, derive
 * timers and hiboux, and write it all in one transaction conditioned on the version. On a
 * conflict it reads again and decides again. A post that arrives after later ones takes its
 * place in the thread (CONTRACT.md 4.3): the duel is replayed in thread order and every input
 * whose verdict changed is rewritten and announced as revised.
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
      /** Items one commit may hold: it is one DynamoDB transaction (100 items, `commit.ts`). */
      readonly maxCommitItems?: number;
    },
  ) {}

  async execute(duelId: string, command: DuelCommand, options: ExecuteOptions): Promise<Outcome> {
    const repeat = this.repeated(duelId, command, options);
    if (repeat) return repeat;
    const order = isThreadOrdered(command) ? inputKeyOf(command, options.inputId) : undefined;
    return new Promise((resolve, reject) =>
      this.queue.add(duelId, { order, command, options, resolve, reject }),
    );
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
          if (merged && commitItems(merged) > (this.deps.maxCommitItems ?? 100)) {
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
      return await this.once(store, duelId, command, options, loaded);
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

  private async once(
    store: DecisionStore,
    duelId: string,
    command: DuelCommand,
    options: ExecuteOptions,
    loaded: LoadedDuel,
  ): Promise<{ outcome: Outcome; commit: DuelCommit | null }> {
    const { forum, duel } = loaded;
    const before = await this.withMarksRead(store, duelId, command, loaded);
    // Marks a snapshot written before marks were stored apart still holds: kept there, kept current.
    const legacy = duel ? legacyMarkIds(duel.state) : [];
    const key = inputKeyOf(command, options.inputId, duel?.version ?? 0);
    const now = this.deps.now().toISOString();
    let events: readonly DuelEvent[] = decide(command, before, options.inputId);
    let after = fold(before, events);
    let lastKey = duel && duel.lastKey > key ? duel.lastKey : key;
    let revised: (StoredInput & { previous: readonly DuelEvent[] })[] = [];
    let marks: MarkChange[] | null = null;

    const postId = postIdOf(command);
    const unknownPost = postId !== undefined && postMark(before, postId) === undefined;
    // A late post the duel has never seen is replayed even when it decides nothing on the state as
    // it is now: made in time, it may undo what happened after it (a deadline that ended the duel).
    if ((events.length > 0 || unknownPost) && duel && isThreadOrdered(command) && key < duel.lastKey) {
      // Late: decide the whole duel again in the thread's order.
      const stored = await store.listInputs(duelId);
      if (stored.some((i) => i.inputId === options.inputId))
        return { outcome: { result: "duplicate", duelId, events: [], state: before }, commit: null };
      const replayed = replay([...stored, { key, inputId: options.inputId, command }]);
      const previous = new Map(stored.map((i) => [i.inputId, i.events]));
      events = replayed.inputs.find((i) => i.inputId === options.inputId)?.events ?? [];
      revised = replayed.inputs
        .filter(
          (i) =>
            i.inputId !== options.inputId &&
            JSON.stringify(previous.get(i.inputId)) !== JSON.stringify(i.events),
        )
        .map((i) => ({ ...i, previous: previous.get(i.inputId) ?? [] }));
      after = replayed.state;
      lastKey = duel.lastKey;
      // The replay decided every post again: its marks replace the stored ones.
      const storedMarks = { ...pick(before.posts, legacy), ...(await store.listPostMarks(duelId)) };
      marks = markChanges(storedMarks, after.posts, true);
    }
    // A post of the thread the duel has not seen is kept even when it decides nothing now (the duel
    // ended, or its deletion came before it): a late post may reopen the duel, and the replay must
    // find it in its place (CONTRACT.md 4.3). Kept once: its key is its own.
    const keep = unknownPost && duel !== null && isThreadOrdered(command) && key !== duel.lastKey;
    const decided = events.length > 0 || revised.length > 0;
    if (!decided && !keep) {
      // A post the duel already holds that changes nothing (a repeated edit, a second deletion such as
      // Discourse's stub edit then destroy) is a delivery seen before: `duplicate` (CONTRACT.md 4.3).
      const known = postId !== undefined && (!unknownPost || key === duel?.lastKey);
      const result = known || command.type === "timer.fired" ? "duplicate" : "ignored";
      return { outcome: { result, duelId, events, state: before }, commit: null };
    }

    const version = (duel?.version ?? 0) + 1;
    const changes = timerChanges(timersOf(before), timersOf(after));
    const inputs = [
      { key, inputId: options.inputId, command, events },
      ...revised.map(({ previous: _, ...input }) => input),
    ];
    const markWrites: MarkWrite[] = marks ?? markChanges(before.posts, after.posts, false);
    // A post's delivery keys go with its mark; other keys (a referee command's) stand alone.
    const deliveryKeys = options.dedupKeys ?? [];
    const dedupKeys = postId === undefined ? deliveryKeys : [];
    if (postId !== undefined && deliveryKeys.length > 0) markWrites.push({ postId, seen: deliveryKeys });
    const duelists = duelistChanges(before, after, now);
    // The outbox gets what the transaction has left once the snapshot, inputs, marks and keys are in.
    const markItems = new Set(markWrites.map((m) => m.postId)).size;
    const maxEntries =
      (this.deps.maxCommitItems ?? 100) -
      1 -
      inputs.length -
      markItems -
      new Set(dedupKeys).size -
      duelists.length;
    const commit: DuelCommit = {
      duelId,
      forumId: after.forumId,
      threadId: after.threadId,
      expectedVersion: duel?.version ?? 0,
      snapshot: { duelId, version, state: snapshotState(after, legacy), lastKey, updatedAt: now },
      inputs,
      dedupKeys,
      marks: markWrites,
      outbox: effectsOf({ forum, before, after, events, revised, timers: changes, version, now, maxEntries }),
      duelists,
    };
    await store.commit(commit);
    return { outcome: { result: decided ? "applied" : "ignored", duelId, events, state: after }, commit };
  }

  /**
   * The duel's state with the marks of every post this command may read: those read with the
   * snapshot, or else read now (a referee's correction of a post the webhook could not foresee).
   */
  private async withMarksRead(
    store: DecisionStore,
    duelId: string,
    command: DuelCommand,
    { duel, postsRead, marks }: LoadedDuel,
  ): Promise<DuelState> {
    if (!duel) return initialState;
    // A mark stored apart is never older than the snapshot's copy of it.
    const state = { ...duel.state, posts: { ...duel.state.posts, ...marks } };
    const missing = postIdsRead(command, state).filter(
      (id) => state.posts[id] === undefined && !postsRead.includes(id),
    );
    if (missing.length === 0) return state;
    const more = await store.loadPostMarks(duelId, missing);
    return { ...state, posts: { ...state.posts, ...more } };
  }
}

/** The marks a stored snapshot holds beyond its hot ones: it was written before marks were apart. */
function legacyMarkIds(stored: DuelState): string[] {
  const hot = hotPostIds(stored);
  return Object.keys(stored.posts).filter((id) => !hot.has(id));
}

function pick(marks: Readonly<Record<string, string>>, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(ids.flatMap((id) => (marks[id] === undefined ? [] : [[id, marks[id]]])));
}
