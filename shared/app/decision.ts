import { changedClubRecord } from "../domain/club-record.js";
import type { DuelCommand } from "../domain/commands.js";
import { decide } from "../domain/decide.js";
import type { DuelEvent } from "../domain/events.js";
import { fold } from "../domain/evolve.js";
import { type InputOrder, sameOrder } from "../domain/input-order.js";
import { postIdsRead } from "../domain/posts-read.js";
import { arrivalOrder, type InputStates, inputOrderOf, isThreadOrdered } from "../domain/replay.js";
import { type Duel, type DuelState, initialState, isOpened, postMark } from "../domain/state.js";
import { timerChanges, timersOf } from "../domain/timers.js";
import type { DedupKey } from "../ports/dedup-key.js";
import type {
  DecidedCommit,
  DuelCommit,
  DuelRepository,
  LoadedDuel,
  StoredInput,
} from "../ports/duel-repository.js";
import type { ForumAccount } from "../ports/duelist-store.js";
import type { OutboxEntry } from "../ports/outbox-store.js";
import { duelistChanges } from "./duelist-changes.js";
import { effectsOf } from "./effects.js";
import { isLate, type RevisedInput, replayLatePost } from "./late-post.js";
import { authorToRemember } from "./post-authors.js";

/** What happened to a command: applied, seen before, or not for a duel. */
export interface Outcome {
  readonly result: "applied" | "duplicate" | "ignored";
  readonly duelId: string;
  readonly events: readonly DuelEvent[];
  /** The duel, or no duel where the command was not for one. */
  readonly state: DuelState;
}

export interface ExecuteOptions {
  /** Names the input: its events get ids `<inputId>#n`, and the same input is never applied twice. */
  readonly inputId: string;
  readonly forumId: string;
  /** Keys of this delivery: a post's are recorded with its mark, any other's on their own. */
  readonly dedupKeys?: readonly DedupKey[];
  /** The forum, duel and post marks already read by the caller (the webhook's one read). */
  readonly preloaded?: LoadedDuel;
}

/**
 * What one decision reads and writes of the store: the decisions staged on it (`StagedCommits`),
 * which keeps what they read, so that a decision commits only what it decided.
 */
export interface DecisionStore extends Pick<DuelRepository, "loadPostMarks" | "maxCommitItems"> {
  /**
   * Every input of the duel in their order, for a late input's replay: it decides every post
   * again, so every mark is read with them, and the commit then tells which marks it removes.
   */
  readWholeDuel(duelId: string): Promise<StoredInput[]>;
  /** The items this decision's commit makes, on the duel as the decision read it. */
  commitItems(commit: DecidedCommit): number;
  commit(commit: DecidedCommit): Promise<void>;
}

/** The clock of decisions, and the items one commit may hold (one DynamoDB transaction). */
export interface DecisionContext {
  readonly now: () => Date;
  readonly maxCommitItems?: number;
  /** The deployment's public address: the referee's hiboux then link to the duel's desk page. */
  readonly deskUrl?: string;
}

/** The post a command is about, if any. */
export function postIdOf(command: DuelCommand): string | undefined {
  if (command.type === "post.deleted") return command.postId;
  if (command.type === "post.received" || command.type === "post.edited") return command.post.postId;
  return undefined;
}

/** What a decision changes, ready to commit once its effects are derived (`outboxOf`). */
export interface DuelChange {
  readonly forum: LoadedDuel["forum"];
  readonly before: DuelState;
  readonly after: Duel;
  readonly events: readonly DuelEvent[];
  /** Inputs whose events a late post changed, with the events they had before. */
  readonly revised: readonly RevisedInput[];
  /**
   * The duel around the command's own events where a replay placed it before later inputs; none
   * when it was decided last, on `before` into `after`.
   */
  readonly states?: InputStates;
  /** The commit, its outbox still empty. */
  readonly commit: DecidedCommit;
}

/** A decision: its outcome, and what to store (null when the command changes nothing). */
export interface Decision {
  readonly outcome: Outcome;
  readonly change: DuelChange | null;
  /**
   * The post's author, new to the forum's accounts: the change's commit remembers them; with no
   * change, the caller does (CONTRACT.md 6).
   */
  readonly author: ForumAccount | null;
}

/**
 * One decision on the duel as `loaded`: the marks the command reads, the decider's events and the
 * state they make. A post that arrives after later ones is decided in its place in the thread
 * instead (`replayLatePost`), revising the verdicts it changed.
 */
export async function decideCommand(
  context: DecisionContext,
  store: DecisionStore,
  duelId: string,
  command: DuelCommand,
  options: ExecuteOptions,
  loaded: LoadedDuel,
): Promise<Decision> {
  const { forum, duel } = loaded;
  const before = await withMarksRead(store, duelId, command, loaded);
  const now = context.now().toISOString();
  const sequence = duel?.version ?? 0;
  const arrived = arrivalOrder(
    inputOrderOf(command, options.inputId, sequence, before),
    command,
    sequence,
    duel ? [duel.lastOrder] : [],
  );
  const postId = postIdOf(command);
  const unknownPost = postId !== undefined && !(isOpened(before) && postMark(before, postId));
  const inTurn = decide(command, before, options.inputId);
  const author = authorToRemember(command, loaded, now);

  let verdicts: Verdicts = {
    order: arrived,
    events: inTurn,
    revised: [],
    after: opened(fold(before, inTurn)),
    replaysDuel: false,
  };
  let states: InputStates | undefined;
  if (duel && isLate(command, arrived, duel, inTurn.length > 0 || unknownPost)) {
    const late = await replayLatePost(store, duelId, command, options.inputId, arrived, sequence);
    if (late === null)
      return { outcome: { result: "duplicate", duelId, events: [], state: before }, change: null, author };
    verdicts = { ...late, after: opened(late.after), replaysDuel: true };
    states = late.states;
  }

  const { order, events, revised } = verdicts;
  // A post of the thread the duel has not seen is kept even when it decides nothing now (the duel
  // ended, or its deletion came before it): a late post may reopen the duel, and the replay must
  // find it in its place (CONTRACT.md 4.3). Kept once: its order is its own.
  const keep = unknownPost && duel !== null && isThreadOrdered(command) && !sameOrder(order, duel.lastOrder);
  const decided = events.length > 0 || revised.length > 0;
  if (!decided && !keep) {
    // A post the duel already holds that changes nothing (a repeated edit, a second deletion such as
    // Discourse's stub edit then destroy) is a delivery seen before: `duplicate` (CONTRACT.md 4.3).
    const known =
      postId !== undefined && (!unknownPost || (duel !== null && sameOrder(order, duel.lastOrder)));
    const result = known || command.type === "timer.fired" ? "duplicate" : "ignored";
    return { outcome: { result, duelId, events, state: before }, change: null, author };
  }
  const commit = {
    ...commitOf(now, duelId, command, options, before, duel?.version ?? 0, verdicts),
    accounts: author ? [author] : [],
  };
  const outcome: Outcome = { result: decided ? "applied" : "ignored", duelId, events, state: verdicts.after };
  const change = { forum, before, after: verdicts.after, events, revised, commit };
  return { outcome, change: states ? { ...change, states } : change, author };
}

/** What a command decided, in turn or replayed in its place: what its commit is made of. */
interface Verdicts {
  /** The command's place in the duel's order. */
  readonly order: InputOrder;
  readonly events: readonly DuelEvent[];
  readonly revised: readonly RevisedInput[];
  readonly after: Duel;
  /** The whole duel was decided again, the command in its place (`replayLatePost`). */
  readonly replaysDuel: boolean;
}

/** The commit of a decision, its outbox still empty (`outboxOf` fills it). */
function commitOf(
  now: string,
  duelId: string,
  command: DuelCommand,
  options: ExecuteOptions,
  before: DuelState,
  expectedVersion: number,
  { order, events, revised, after, replaysDuel }: Verdicts,
): DecidedCommit {
  const postId = postIdOf(command);
  // A post's delivery keys go with its mark; other keys (a referee command's) stand alone.
  const deliveryKeys = options.dedupKeys ?? [];
  return {
    duelId,
    forumId: after.forumId,
    threadId: after.threadId,
    expectedVersion,
    snapshot: { duelId, version: expectedVersion + 1, state: after, updatedAt: now },
    ...(replaysDuel ? { replaysDuel } : {}),
    inputs: [
      { order, inputId: options.inputId, command, events },
      ...revised.map(({ order, inputId, command, events }) => ({ order, inputId, command, events })),
    ],
    dedupKeys: postId === undefined ? deliveryKeys : [],
    deliveries: postId !== undefined && deliveryKeys.length > 0 ? [{ postId, keys: deliveryKeys }] : [],
    outbox: [],
    duelists: duelistChanges(before, after, now),
    ...clubChange(before, after),
  };
}

/** The duel's club record (CONTRACT.md 8), in the commit when the decision changed it. */
function clubChange(before: DuelState, after: Duel): Pick<DuelCommit, "club"> {
  const club = changedClubRecord(isOpened(before) ? before : null, after);
  return club ? { club } : {};
}

/**
 * The outbox of a change: its timers and hiboux, in what the transaction has left once the rest
 * of the decision is in (`effectsOf` then sums up revised verdicts instead of announcing each).
 */
export function outboxOf(change: DuelChange, context: DecisionContext, store: DecisionStore): OutboxEntry[] {
  const { forum, before, after, events, revised, commit, states } = change;
  const command = commit.inputs[0]?.command;
  return effectsOf({
    forum,
    before,
    after,
    events,
    ...(command ? { command } : {}),
    revised,
    ...(states ? { states } : {}),
    timers: timerChanges(timersOf(before), timersOf(after)),
    version: commit.snapshot.version,
    now: commit.snapshot.updatedAt,
    maxEntries: (context.maxCommitItems ?? store.maxCommitItems) - store.commitItems(commit),
    ...(context.deskUrl ? { deskUrl: context.deskUrl } : {}),
  });
}

/**
 * The duel's state with the marks of every post this command may read: those read with the
 * snapshot, or else read now (a referee's correction of a post the webhook could not foresee).
 */
async function withMarksRead(
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

/** A decision's state: `decide` refuses every command but a registration where no duel is. */
function opened(state: DuelState): Duel {
  if (!isOpened(state)) throw new Error("a decision left no duel");
  return state;
}
