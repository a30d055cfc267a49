import { DomainError } from "../errors.js";
import { joinList } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import { refusalTexts as say } from "../texts/refusals.js";
import { addDuration, durationMs } from "../time/duration.js";
import { assess, type CorrectionFields } from "./assess.js";
import type { Emitter } from "./emitter.js";
import { settlePending } from "./play.js";
import type { RefereeAction } from "./referee-actions.js";
import { type Ruling, requireActive, requireDuelist, requireRunning } from "./referee-preconditions.js";
import { absenceFault, actionFault, checkEnd, disqualify } from "./sanctions.js";
import { currentTurn, type DuelistState, type PendingCorrection, postMark } from "./state.js";
import { giveTurn } from "./turns.js";

/** One referee action, as its function receives it. */
type ActionOf<C extends RefereeAction["command"]> = Extract<RefereeAction, { command: C }>;

/** The top: the first turn is given. */
export function top(e: Emitter, action: ActionOf<"top">, { record, because }: Ruling): void {
  if (e.state.status === "finished")
    throw new DomainError("duel_finished", say.topAfterEnd(e.state.result.reason), 409);
  if (e.state.status !== "registered") {
    throw new DomainError("duel_already_started", say.duel_already_started, 409);
  }
  const first = requireDuelist(e, action.firstDuelistId ?? e.state.firstDuelistId);
  requireActive(first);
  record();
  const startedAt = e.now;
  const deadline = addDuration(startedAt, e.state.replyWindow);
  e.emit({ type: "duel.started", rule: "R-1.4", firstDuelistId: first.id, deadline, ...because });
  giveTurn(e, first.id, startedAt, "R-1.4", 1);
  checkEnd(e, "disqualification");
}

/** A correction of a post whose window is open completes it. */
export function correction(e: Emitter, action: ActionOf<"correction">, { record, because }: Ruling): void {
  const window = e.state.pending.find((p) => p.post.postId === action.postId);
  if (!window) {
    const known = postMark(e.state, action.postId);
    if (!known) throw new DomainError("post_not_found", say.post_not_found(action.postId), 404);
    if (known.valid) throw new DomainError("correction_refused", say.correction_refused, 409);
    throw new DomainError("correction_window_closed", say.correction_window_closed, 409);
  }
  const duelist = requireDuelist(e, window.duelistId);
  requireComplete(e, window, duelist, action.fields);
  record();
  e.emit({
    type: "correction.accepted",
    rule: "R-6.7",
    postId: action.postId,
    duelistId: duelist.id,
    fields: { ...action.fields },
    complete: true,
    ...because,
  });
  settlePending(e, window, action.fields);
}

/** A dérogation, once per duelist, no longer than the ruleset allows (R-6.2a). */
export function derogation(e: Emitter, action: ActionOf<"derogation">, { record, because }: Ruling): void {
  requireRunning(e);
  const duelist = requireDuelist(e, action.duelistId);
  requireActive(duelist);
  if (duelist.derogationUsed) {
    throw new DomainError("derogation_already_used", say.derogation_already_used(duelist.name), 409);
  }
  const max = e.state.ruleset.delays.maxDerogation;
  if (durationMs(action.duration) <= 0) throw new DomainError("invalid_duration", say.invalid_duration, 400);
  if (durationMs(action.duration) > durationMs(max)) {
    throw new DomainError("derogation_too_long", say.derogation_too_long(max), 409);
  }
  record();
  const turn = currentTurn(e.state);
  const running = turn?.duelistId === duelist.id && e.state.pending.length === 0;
  const deadline = running && turn ? addDuration(turn.deadline, action.duration) : null;
  e.emit({
    type: "derogation.granted",
    rule: "R-6.2a",
    duelistId: duelist.id,
    duration: action.duration,
    deadline,
    ...because,
  });
}

export function fault(e: Emitter, action: ActionOf<"fault">, { record, reason }: Ruling): void {
  requireRunning(e);
  const duelist = requireDuelist(e, action.duelistId);
  requireActive(duelist);
  record();
  if (action.kind === "action") actionFault(e, duelist.id, null, ["referee"], { by: "referee", reason });
  else absenceFault(e, duelist.id, null, { by: "referee", ...(reason ? { reason } : {}) });
}

export function disqualification(
  e: Emitter,
  action: ActionOf<"disqualify">,
  { record, reason }: Ruling,
): void {
  requireRunning(e);
  const duelist = requireDuelist(e, action.duelistId);
  requireActive(duelist);
  record();
  disqualify(e, duelist.id, "referee", "R-6.8", reason);
}

/** Stakes are honoured after the end: the record of it changes nothing in the duel. */
export function stakes(e: Emitter, { record }: Ruling): void {
  if (e.state.status !== "finished") throw new DomainError("duel_not_finished", say.duel_not_finished, 409);
  if (!e.state.stakes) throw new DomainError("no_stakes", say.no_stakes, 409);
  record();
}

/**
 * Points set by the referee. A finished duel's points went out as final with its end: refused like
 * a fault or an end (cancelling a fault is the one decision that may reopen a finished duel).
 */
export function adjustPoints(
  e: Emitter,
  action: ActionOf<"adjust-points">,
  { record, because }: Ruling,
): void {
  requireRunning(e);
  const duelist = requireDuelist(e, action.duelistId);
  record();
  // The rules bound PD below only: the referee's number is applied as given, above the
  // starting points too.
  const points = Math.max(0, duelist.points + action.delta);
  e.emit({
    type: "points.adjusted",
    rule: "R-7.1",
    duelistId: duelist.id,
    delta: points - duelist.points,
    points,
    ...because,
  });
  if (points === 0 && duelist.status === "active") {
    e.emit({ type: "duelist.out", rule: "R-1.6", duelistId: duelist.id });
    checkEnd(e, "points");
  }
}

export function end(e: Emitter, action: ActionOf<"end">, { record, reason }: Ruling): void {
  requireRunning(e);
  if (action.winnerId !== null) requireDuelist(e, action.winnerId);
  record();
  e.emit({
    type: "duel.finished",
    rule: "R-7.1",
    winnerId: action.winnerId,
    reason: "referee",
    stakes: e.state.stakes,
    ...(reason ? { note: reason } : {}),
  });
}

/**
 * A correction completes the post or is refused (R-6.7: "a correction in time completes the post,
 * which is then resolved as if it had been whole"): one that leaves something missing is refused
 * before anything is recorded, so the window stays open until its time for a complete one, and
 * no hibou ever calls the post complete. The same refusal for the API, the desk and the thread.
 */
function requireComplete(
  e: Emitter,
  window: PendingCorrection,
  duelist: DuelistState,
  fields: CorrectionFields,
): void {
  const { correctable, words } = assess(e.state, duelist, window.post, fields);
  if (correctable.length === 0) return;
  const labels = joinList(
    correctable.map((m) => {
      const label = texts.common.missing([m], e.state.ruleset.minWords);
      return m === "words" ? say.wordsWithCorrection(label, words) : label;
    }),
  );
  throw new DomainError(
    "correction_incomplete",
    say.correction_incomplete(window.post.postId, labels, window.until),
    409,
    { postId: window.post.postId, missing: correctable, until: window.until },
  );
}
