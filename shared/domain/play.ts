import { assess, type CorrectionFields } from "./assess.js";
import { correctionUntil } from "./correction-window.js";
import type { Emitter } from "./emitter.js";
import { hitUndefended, resolveTurn } from "./resolve.js";
import { absenceFault, actionFault, checkEnd, disqualify } from "./sanctions.js";
import { currentTurn, duelistOf, type PendingCorrection, type StoredPost } from "./state.js";
import { passTurn } from "./turns.js";

/*
 * How the duel plays on, in time order, as one procedure that calls itself: catching up runs
 * the deadlines and correction windows that fell due; a window that closes plays its post and
 * then the posts queued behind it; each queued post first catches the duel up to its own time.
 *
 *   post ──► catchUp ──► absence / expireCorrection ──► settlePending ──► drainQueue
 *                ▲                                                            │
 *                └──────────── catchUp, playDuelistPost (each queued post) ◄──┘
 *
 * The entry points (decide-post.ts, decide-referee.ts, decide.ts) call into this module; it
 * calls none of them.
 */

const before = (a: string, b: string, inclusive: boolean): boolean =>
  inclusive ? Date.parse(a) <= Date.parse(b) : Date.parse(a) < Date.parse(b);

/**
 * Applies every deadline and correction window that fell due before `time`, in time order, so
 * the outcome never depends on when a timer's firing arrives: a post made after a deadline
 * finds the absence already applied, a timer firing late or twice finds nothing left to do.
 * A post at the very deadline is in time (`inclusive` false); a timer at it is due.
 */
export function catchUp(e: Emitter, time: string, inclusive: boolean): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const window = [...e.state.pending].sort((x, y) => Date.parse(x.until) - Date.parse(y.until))[0];
    if (window && before(window.until, time, inclusive)) {
      const at = window.until;
      e.during(at, () => expireCorrection(e, window));
      continue;
    }
    const turn = currentTurn(e.state);
    if (turn && e.state.pending.length === 0 && before(turn.deadline, time, inclusive)) {
      e.during(turn.deadline, () => absence(e));
      continue;
    }
    return;
  }
}

/**
 * No post before the deadline: the absence fault is counted and sanctioned first (the
 * third disqualifies, R-6.8, and bans, R-6.9), then the attacks pending against the absent
 * duelist hit (nobody defended), and the turn passes. Fault first, so that hits which
 * would knock the duelist out never let them escape the fault and its ban; a duelist the fault
 * disqualified still takes those hits (R-6.2 Order), so that cancelling the fault finds
 * them hit, as they would have been without it. The duel ends, if it does, once they are applied.
 */
function absence(e: Emitter): void {
  const turn = currentTurn(e.state);
  if (!turn) return;
  const absentId = turn.duelistId;
  // Read before the fault: a disqualification sets the attacks against the duelist aside.
  const pending = e.state.pendingAttacks.filter((p) => p.targetId === absentId);
  absenceFault(e, absentId, turn.number, { end: false });
  for (const attack of pending) {
    // Knocked out, by the sanction or a hit: nothing more to take.
    if (duelistOf(e.state, absentId)?.status === "out") break;
    hitUndefended(e, absentId, attack);
  }
  checkEnd(e, "disqualification");
  // The new deadline counts from the deadline that passed, not from when its timer fired
  // counts it "from the moment the turn passed by an absence", and makes that moment the
  // deadline itself ("when the deadline passes … the turn passes"). A timer firing late (a clock
  // jump, a scheduler's delay) thus applies each missed turn's absence at its own deadline, one per
  // turn, each giving the next duelist a whole reply window, as if it had fired on time.
  passTurn(e, absentId, turn.deadline, "R-6.2");
}

/** The window closed uncorrected: the action fault applies, the turn is then resolved. */
function expireCorrection(e: Emitter, window: PendingCorrection): void {
  e.emit({
    type: "correction.expired",
    rule: "R-6.7",
    postId: window.post.postId,
    duelistId: window.duelistId,
  });
  settlePending(e, window, {});
}

/**
 * Resolves a post that waited in a correction window, as if it had been whole when the
 * correction completed it, then lets the posts queued behind it play in order.
 */
export function settlePending(e: Emitter, window: PendingCorrection, fields: CorrectionFields): void {
  const duelist = duelistOf(e.state, window.duelistId);
  if (duelist && duelist.status === "active" && e.state.status === "active") {
    const a = assess(e.state, duelist, window.post, fields);
    const faults = [...a.fatal, ...a.correctable];
    if (faults.length > 0) actionFault(e, duelist.id, window.post.postId, faults);
    resolveTurn(e, window.post, a, faults.length > 0, window.turnNumber);
  }
  drainQueue(e);
}

/** Plays the posts that waited behind a correction window, in thread order, until another opens. */
export function drainQueue(e: Emitter): void {
  while (e.state.pending.length === 0 && e.state.queue.length > 0) {
    const next = e.state.queue[0];
    if (!next) return;
    e.emit({ type: "post.dequeued", rule: "R-6.7", postId: next.postId });
    catchUp(e, next.createdAt, false);
    playDuelistPost(e, next);
  }
}

/** A duelist's post in the running duel, from the queue or as it arrives. */
export function playDuelistPost(e: Emitter, post: StoredPost): void {
  const duelist = duelistOf(e.state, post.authorId);
  if (duelist?.status !== "active") return;
  if (e.state.status === "registered") {
    const a = assess(e.state, duelist, post);
    const casts = a.spell !== null || a.unlistedSpells.length > 0 || a.particularities.length > 0;
    if (casts) disqualify(e, duelist.id, "spell-before-top", "R-1.3");
    return;
  }
  if (e.state.status !== "active") return;
  const waitingFor = e.state.pending[0];
  if (waitingFor) {
    e.emit({ type: "post.queued", rule: "R-6.7", post, behind: waitingFor.post.postId });
    return;
  }
  const turn = e.state.turn;
  if (!turn || turn.duelistId !== duelist.id) {
    actionFault(e, duelist.id, post.postId, ["out-of-turn"]);
    return;
  }

  const a = assess(e.state, duelist, post);
  if (a.unlistedSpells.length > 0) {
    e.emit({
      type: "referee.decision-needed",
      rule: "R-4.14",
      duelistId: duelist.id,
      postId: post.postId,
      question: "unlisted-spell",
      detail: a.unlistedSpells.join(", "),
    });
  }
  if (a.fatal.length === 0 && a.correctable.length > 0 && !duelist.correctionUsed) {
    const until = correctionUntil(e.state, post);
    e.emit({
      type: "correction.opened",
      rule: "R-6.7",
      postId: post.postId,
      duelistId: duelist.id,
      until,
      missing: a.correctable,
      post,
      turnNumber: turn.number,
      read: a.read.block,
      words: a.words,
    });
    passTurn(e, duelist.id, post.createdAt);
    return;
  }
  const faulty = a.fatal.length > 0 || a.correctable.length > 0;
  if (faulty) actionFault(e, duelist.id, post.postId, [...a.fatal, ...a.correctable], { turn: turn.number });
  resolveTurn(e, post, a, faulty, turn.number);
  passTurn(e, duelist.id, post.createdAt);
}
