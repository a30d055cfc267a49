import { DomainError } from "../errors.js";
import { refusalTexts as say } from "../texts/refusals.js";
import type { Emitter } from "./emitter.js";
import type { Actor } from "./events.js";
import type { RefereeAction } from "./referee-actions.js";
import { cancelFault } from "./referee-cancel-fault.js";
import { type Ruling, requireDuelist } from "./referee-preconditions.js";
import { activeDuelists, duelistOf } from "./state.js";
import { giveTurn, passTurn } from "./turns.js";

/**
 * The referee's last word (R-7.1, "every verdict can be undone"): a disqualification, whatever its
 * cause, and the referee's own end, cancelled with a reason. Each is checked before anything is
 * recorded; a duel it had ended resumes where it stood, with a new deadline for whoever's turn it is.
 */

/** A reason is required by the API and the desk; in the thread the referee's post is the record. */
function requireReason(via: "api" | "post", reason: string | undefined): void {
  if (via === "api" && !reason?.trim()) throw new DomainError("reason_required", say.reason_required, 400);
}

/**
 * Cancels a disqualification: one a fault brought (the third absence) is that fault
 * cancelled, as if it had never been; any other (a spell before the top, R-1.3; the referee's own)
 * puts the duelist back as they stood. Its ban is lifted, and a duel it ended resumes.
 */
export function cancelDisqualification(
  e: Emitter,
  action: Extract<RefereeAction, { command: "cancel-disqualification" }>,
  via: "api" | "post",
  { record, reason, because }: Ruling,
): void {
  const duelist = requireDuelist(e, action.duelistId);
  if (duelist.status !== "disqualified")
    throw new DomainError("duelist_not_disqualified", say.duelist_not_disqualified(duelist.name), 409);
  requireReason(via, reason);
  record();
  const fault = e.state.faults.find((f) => f.duelistId === duelist.id && f.disqualified && !f.cancelled);
  if (fault) {
    cancelFault(e, fault, reason);
    return;
  }
  e.emit({ type: "duelist.reinstated", rule: "R-7.1", duelistId: duelist.id, ...because });
  if (e.state.bans.some((b) => b.duelistId === duelist.id && !b.ended))
    e.emit({ type: "ban.ended", rule: "R-7.1", duelistId: duelist.id, early: true });
  if (e.state.status === "finished" && e.state.result.reason === "disqualification")
    resumeDuel(e, "disqualification", duelist.id, because);
}

/** Cancels the referee's end: the duel resumes where it stood, with a new deadline. */
export function cancelEnd(e: Emitter, via: "api" | "post", { record, reason, because }: Ruling): void {
  if (e.state.status !== "finished") throw new DomainError("duel_not_ended", say.duel_not_ended, 409);
  if (e.state.result.reason !== "referee")
    throw new DomainError("end_not_by_referee", say.end_not_by_referee, 409);
  requireReason(via, reason);
  record();
  resumeDuel(e, "end", null, because);
}

/**
 * A finished duel resumes: the turn that ran when it ended runs again with a new deadline
 * from now, for the duelist whose turn it was (the next one's if they are no longer in the duel);
 * one that ended before the top waits for the top again.
 */
function resumeDuel(
  e: Emitter,
  undone: "disqualification" | "end",
  duelistId: string | null,
  because: { readonly reason?: string },
): void {
  if (e.state.status !== "finished" || activeDuelists(e.state).length < 2) return;
  const stopped = e.state.stoppedTurn;
  e.emit({ type: "duel.resumed", rule: "R-7.1", duelistId, undone, ...because });
  if (!stopped) return;
  if (duelistOf(e.state, stopped.duelistId)?.status === "active")
    giveTurn(e, stopped.duelistId, e.now, "R-7.1", stopped.number);
  else passTurn(e, stopped.duelistId, e.now, "R-7.1");
}

/**
 * A ban lifted alone by the forum's admin or the operator: this duel's ban of the duelist
 * ends now, recorded with who lifted it and why. The disqualification itself stands.
 */
export function liftBan(e: Emitter, duelistId: string, who: Actor, reason: string): void {
  if (!reason.trim()) throw new DomainError("reason_required", say.reason_required, 400);
  if (!e.state.bans.some((b) => b.duelistId === duelistId && !b.ended))
    throw new DomainError("ban_not_found", say.ban_not_found, 404);
  e.emit({ type: "ban.ended", rule: "R-7.1", duelistId, early: true, by: who, reason });
}
