import { DomainError } from "../errors.js";
import { refusalTexts as say } from "../texts/refusals.js";
import type { Emitter } from "./emitter.js";
import { faultLedger, lostPointsOf } from "./fault-ledger.js";
import { type Ruling, requireDuelist } from "./referee-preconditions.js";
import { hitUndefended } from "./resolve.js";
import { checkEnd } from "./sanctions.js";
import { activeDuelists, duelistOf, type FaultRecord } from "./state.js";
import { giveTurn, passTurn } from "./turns.js";

/** The referee cancels a fault, checked before anything is recorded. */
export function cancelFaultAction(e: Emitter, eventId: string, { record, reason }: Ruling): void {
  const fault = cancellableFault(e, eventId);
  record();
  cancelFault(e, fault, reason);
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
export function cancelFault(e: Emitter, fault: FaultRecord, reason?: string): void {
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
