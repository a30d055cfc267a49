import { DomainError } from "../errors.js";
import { readRefereeCommands } from "../parsing/referee-commands.js";
import { joinList } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import { refusalTexts as say } from "../texts/refusals.js";
import { addDuration, durationMs } from "../time/duration.js";
import { assess, type CorrectionFields, readContext } from "./assess.js";
import type { DuelCommand, PostInput } from "./commands.js";
import type { Emitter } from "./emitter.js";
import type { Actor, DuelEvent, EventDraft } from "./events.js";
import { faultLedger, lostPointsOf } from "./fault-ledger.js";
import { catchUp, settlePending } from "./play.js";
import type { RefereeAction } from "./referee-actions.js";
import { hitUndefended } from "./resolve.js";
import { absenceFault, actionFault, checkEnd, disqualify } from "./sanctions.js";
import {
  activeDuelists,
  currentTurn,
  type DuelistState,
  duelistOf,
  type FaultRecord,
  type PendingCorrection,
  postMark,
} from "./state.js";
import { giveTurn, passTurn } from "./turns.js";

function requireDuelist(e: Emitter, id: string): DuelistState {
  const duelist = duelistOf(e.state, id);
  if (!duelist) throw new DomainError("duelist_not_found", say.duelist_not_found(id), 404);
  return duelist;
}

function requireRunning(e: Emitter): void {
  if (e.state.status === "finished") throw new DomainError("duel_finished", say.duel_finished, 409);
}

function requireActive(d: DuelistState): void {
  if (d.status !== "active") throw new DomainError("duelist_not_active", say.duelist_not_active(d.name), 409);
}

/**
 * A referee's decision, by the API or an `[arbitre]` block. Each is recorded with its
 * reason before its effects, so the audit log shows the system's verdict and the overrule.
 * Broken preconditions throw a DomainError (mapped to 4xx at the edge).
 */
export function applyRefereeAction(
  e: Emitter,
  action: RefereeAction,
  via: "api" | "post",
  reason?: string,
  who?: Actor,
): void {
  if (action.command !== "top") catchUp(e, e.now, true);
  const r = reason ? { reason } : {};
  // A decision in the thread is the duel's referee's (decide.ts checks the author).
  const by = who ?? { role: "referee" as const, name: e.state.referee.name };
  const record = () => e.emit({ type: "referee.command", rule: "R-7.1", action, via, by, ...r });
  switch (action.command) {
    case "top": {
      if (e.state.status !== "registered") {
        throw new DomainError("duel_already_started", say.duel_already_started, 409);
      }
      const first = requireDuelist(e, action.firstDuelistId ?? e.state.firstDuelistId);
      requireActive(first);
      record();
      const startedAt = e.now;
      const deadline = addDuration(startedAt, e.state.replyWindow);
      e.emit({ type: "duel.started", rule: "R-1.4", firstDuelistId: first.id, deadline, ...r });
      giveTurn(e, first.id, startedAt, "R-1.4", 1);
      checkEnd(e, "disqualification");
      return;
    }
    case "correction": {
      const window = e.state.pending.find((p) => p.post.postId === action.postId);
      if (!window) {
        const known = postMark(e.state, action.postId);
        if (!known) throw new DomainError("post_not_found", say.post_not_found(action.postId), 404);
        if (known.valid) {
          throw new DomainError("correction_refused", say.correction_refused, 409);
        }
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
        ...r,
      });
      settlePending(e, window, action.fields);
      return;
    }
    case "derogation": {
      requireRunning(e);
      const duelist = requireDuelist(e, action.duelistId);
      requireActive(duelist);
      if (duelist.derogationUsed) {
        throw new DomainError("derogation_already_used", say.derogation_already_used(duelist.name), 409);
      }
      const max = e.state.ruleset.delays.maxDerogation;
      if (durationMs(action.duration) <= 0)
        throw new DomainError("invalid_duration", say.invalid_duration, 400);
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
        ...r,
      });
      return;
    }
    case "fault": {
      requireRunning(e);
      const duelist = requireDuelist(e, action.duelistId);
      requireActive(duelist);
      record();
      if (action.kind === "action") actionFault(e, duelist.id, null, ["referee"], { by: "referee", reason });
      else absenceFault(e, duelist.id, null, { by: "referee", ...(reason ? { reason } : {}) });
      return;
    }
    case "cancel-fault": {
      const fault = cancellableFault(e, action.eventId);
      record();
      cancelFault(e, fault, reason);
      return;
    }
    case "disqualify": {
      requireRunning(e);
      const duelist = requireDuelist(e, action.duelistId);
      requireActive(duelist);
      record();
      disqualify(e, duelist.id, "referee", "R-6.8", reason);
      return;
    }
    case "announce":
      // Only the thread announcements change: recorded, nothing else decided.
      record();
      return;
    case "stakes":
      // Stakes are honoured after the end: the record of it changes nothing in the duel.
      if (e.state.status !== "finished")
        throw new DomainError("duel_not_finished", say.duel_not_finished, 409);
      if (!e.state.stakes) throw new DomainError("no_stakes", say.no_stakes, 409);
      record();
      return;
    case "adjust-points": {
      // A finished duel's points went out as final with its end: refused like a fault or an end
      // (cancelling a fault is the one decision that may reopen a finished duel).
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
        ...r,
      });
      if (points === 0 && duelist.status === "active") {
        e.emit({ type: "duelist.out", rule: "R-1.6", duelistId: duelist.id });
        checkEnd(e, "points");
      }
      return;
    }
    case "end": {
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
      return;
    }
    default: {
      const unreachable: never = action;
      throw new DomainError("unknown_command", say.unknown_command(JSON.stringify(unreachable)), 400);
    }
  }
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

/** The fault a cancellation names, checked before anything is recorded. */
function cancellableFault(e: Emitter, eventId: string): FaultRecord {
  // The hiboux name a fault by its number in the duel (1, 2, …): no event id is only digits.
  const fault = /^\d{1,6}$/.test(eventId)
    ? e.state.faults[Number(eventId) - 1]
    : e.state.faults.find((f) => f.eventId === eventId);
  if (!fault) throw new DomainError("fault_not_found", say.fault_not_found(eventId), 404);
  if (fault.cancelled) throw new DomainError("fault_already_cancelled", say.fault_already_cancelled, 409);
  requireDuelist(e, fault.duelistId);
  return fault;
}

/**
 * Cancels a fault as if it had never been: the duelist's other faults are counted again
 * without it (`faultLedger`), so the points of every sanction it brought or moved come back, the
 * counters are what they would be, and a disqualification it led to is lifted with its ban. When
 * that had ended the duel, the duel resumes where it stood. The failed action is not replayed.
 */
function cancelFault(e: Emitter, fault: FaultRecord, reason?: string): void {
  const duelist = requireDuelist(e, fault.duelistId);
  const mine = e.state.faults.filter((f) => f.duelistId === duelist.id && !f.cancelled);
  const ledger = faultLedger(
    e.state.ruleset,
    duelist.year,
    mine.filter((f) => f.eventId !== fault.eventId),
  );
  const lostBefore = mine.reduce((sum, f) => sum + lostPointsOf(f), 0);
  const lostAfter = ledger.faults.reduce((sum, f) => sum + f.lostPoints, 0);
  // Exactly what the fault took comes back (no cap: the referee may have set points above the start).
  const points = duelist.points + Math.max(0, lostBefore - lostAfter);
  const disqualifiedByFault = duelist.status === "disqualified" && mine.some((f) => f.disqualified);
  const reinstated =
    (disqualifiedByFault && !ledger.faults.some((f) => f.disqualified)) ||
    (duelist.status === "out" && points > 0);
  e.emit({
    type: "fault.cancelled",
    rule: "R-7.1",
    faultEventId: fault.eventId,
    duelistId: duelist.id,
    restoredPoints: points - duelist.points,
    points,
    actionFaults: ledger.actionFaults,
    absenceFaults: ledger.absenceFaults,
    reinstated,
    ...(reason ? { reason } : {}),
    standing: ledger.faults,
  });
  const ban = e.state.bans.find((b) => b.duelistId === duelist.id && !b.ended);
  if (reinstated && disqualifiedByFault && ban)
    e.emit({ type: "ban.ended", rule: "R-7.1", duelistId: duelist.id, early: true });
  if (!reinstated) return;
  const lifted = mine.find((f) => f.disqualified);
  if (disqualifiedByFault && lifted?.kind === "absence" && typeof lifted.turn === "number")
    hitFallenDue(e, duelist.id);
  // Without the disqualification, the hits its absence brought may have knocked the duelist out.
  const back = duelistOf(e.state, duelist.id);
  if (back?.status === "active" && back.points === 0) {
    e.emit({ type: "duelist.out", rule: "R-1.6", duelistId: duelist.id });
    checkEnd(e, "points");
    return;
  }
  if (back?.status === "active") resume(e, duelist.id, fault.eventId);
}

/**
 * The attacks pending against a duelist at the deadline whose absence disqualified them hit at
 * that deadline (R-6.2 Order). A duel decided before they did set them aside at the
 * disqualification, and the cancellation has just brought them back: they hit now, not later.
 */
function hitFallenDue(e: Emitter, duelistId: string): void {
  for (const attack of e.state.pendingAttacks.filter((p) => p.targetId === duelistId)) {
    if (duelistOf(e.state, duelistId)?.status !== "active") break;
    hitUndefended(e, duelistId, attack);
  }
}

/**
 * A duel that a cancelled fault had ended resumes where it stood, unless the referee ended
 * it: the turn that was running goes on with a new deadline, or passes on when that turn's post or
 * absence had been played (the fault was that turn's).
 */
function resume(e: Emitter, duelistId: string, faultEventId: string): void {
  if (e.state.status !== "finished" || e.state.result.reason === "referee") return;
  const stopped = e.state.stoppedTurn;
  if (!stopped) return;
  if (activeDuelists(e.state).length < 2) return;
  e.emit({ type: "duel.resumed", rule: "R-7.1", duelistId, faultEventId });
  const played = e.state.faults.some((f) => f.duelistId === stopped.duelistId && f.turn === stopped.number);
  const holder = duelistOf(e.state, stopped.duelistId);
  if (played || holder?.status !== "active") passTurn(e, stopped.duelistId, e.now, "R-7.1");
  else giveTurn(e, stopped.duelistId, e.now, "R-7.1", stopped.number);
}

/** What a refusal says: why, and what was refused (a thread's line, or a decision and its author). */
type Refusal = Omit<Extract<DuelEvent, { type: "referee.command-rejected" }>, "id" | "at" | "type" | "rule">;

/**
 * The one record of a refused decision (R-7.1: "recorded only as refused"), wherever it was given:
 * a line of the referee's post, the API or the desk, or a replay where it no longer holds.
 */
export function rejection(refusal: Refusal): EventDraft {
  return { type: "referee.command-rejected", rule: "R-7.1", ...refusal };
}

/** A decision given by the API or the desk and refused there: the refusal, who gave it, and why. */
export function refusalOf(
  command: Extract<DuelCommand, { type: "referee" }>,
  refused: { readonly code: string; readonly message: string },
): EventDraft {
  return rejection({
    postId: null,
    code: refused.code,
    message: refused.message,
    via: "api",
    action: command.action,
    ...(command.by.who ? { by: command.by.who } : {}),
    ...(command.reason ? { reason: command.reason } : {}),
  });
}

/** The `[arbitre]` blocks of the referee's own post: each line applied, or rejected with why. */
export function applyRefereePost(e: Emitter, post: PostInput): void {
  const lines = readRefereeCommands(post.content, post.format, readContext(e.state));
  for (const line of lines) {
    if (!line.ok) {
      e.emit(rejection({ postId: post.postId, text: line.text, code: "unreadable", message: line.error }));
      continue;
    }
    try {
      e.atomically(() => applyRefereeAction(e, line.action, "post", line.reason));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      e.emit(rejection({ postId: post.postId, text: line.text, code: error.code, message: error.message }));
    }
  }
}
