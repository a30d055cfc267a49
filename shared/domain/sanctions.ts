import { yearKey } from "../rules/ruleset.js";
import { addDuration } from "../time/duration.js";
import type { Emitter } from "./emitter.js";
import type { Decider, Violation } from "./events.js";
import { activeDuelists, duelistOf } from "./state.js";

/** The rule id each violation breaks (R-6.3 and the rule it points to). */
export const VIOLATION_RULES: Record<Violation, string> = {
  words: "R-6.3",
  cible: "R-6.3",
  zone: "R-6.3",
  pari: "R-6.3",
  spam: "R-4.16",
  edited: "R-6.3",
  deleted: "R-6.3",
  disarmed: "R-5.1",
  level: "R-4.15",
  pm: "R-4.17",
  "unlisted-spell": "R-4.14",
  "two-actions": "R-3.4",
  "unusable-particularity": "R-5.2",
  "particularity-not-owned": "R-5.7",
  "particularity-spent": "R-5.7",
  "out-of-turn": "R-1.5",
  "unknown-action": "R-6.3",
  referee: "R-7.1",
};

/**
 * Removes points, never below 0; a duelist at 0 is out and the duel may end. A duelist
 * disqualified by a third absence still takes the hits pending at that deadline (R-6.2 Order):
 * they lose the points but stay disqualified, not merely out.
 */
export function losePoints(
  e: Emitter,
  duelistId: string,
  amount: number,
  cause: "hit" | "sanction",
  rule: string,
): void {
  const duelist = duelistOf(e.state, duelistId);
  if (!duelist || duelist.status === "out" || amount <= 0) return;
  const points = Math.max(0, duelist.points - amount);
  if (points === duelist.points) return;
  e.emit({ type: "points.lost", rule, duelistId, amount: duelist.points - points, points, cause });
  if (points === 0 && duelist.status === "active") {
    e.emit({ type: "duelist.out", rule: "R-1.6", duelistId });
    checkEnd(e, "points");
  }
}

/**
 * Disqualifies a duelist and bans them for the ruleset's ban. With `end` false the
 * caller ends the duel itself, once what follows the disqualification is applied (R-6.2 Order).
 */
export function disqualify(
  e: Emitter,
  duelistId: string,
  cause: "spell-before-top" | "absences" | "referee",
  rule: string,
  reason?: string,
  end = true,
): void {
  const duelist = duelistOf(e.state, duelistId);
  if (!duelist || duelist.status === "disqualified") return;
  e.emit({ type: "duelist.disqualified", rule, duelistId, cause, ...(reason ? { reason } : {}) });
  e.emit({
    type: "ban.started",
    rule: "R-6.9",
    duelistId,
    until: addDuration(e.now, e.state.ruleset.delays.ban),
  });
  if (end) checkEnd(e, "disqualification");
}

/** Ends the duel when one duelist (or none) is left, recalling the stakes. */
export function checkEnd(e: Emitter, reason: "points" | "disqualification"): void {
  if (e.state.status !== "active" && e.state.status !== "registered") return;
  const left = activeDuelists(e.state);
  if (left.length > 1) return;
  e.emit({
    type: "duel.finished",
    rule: "R-1.6",
    winnerId: left[0]?.id ?? null,
    reason,
    stakes: e.state.stakes,
  });
}

/**
 * One action fault (R-6.3, one per post R-6.3a); on the ruleset's n-th the sanction table applies
 * and the counter goes back to 0. `turn` names the running turn when the faulty post
 * plays it: a duel this fault ends and a cancellation undoes resumes after that turn.
 */
export function actionFault(
  e: Emitter,
  duelistId: string,
  postId: string | null,
  violations: readonly Violation[],
  options: { readonly by?: Decider; readonly reason?: string; readonly turn?: number } = {},
): void {
  const { by = "system", reason, turn } = options;
  const duelist = duelistOf(e.state, duelistId);
  if (duelist?.status !== "active") return;
  const rules = [...new Set(violations.map((v) => VIOLATION_RULES[v]))];
  const count = duelist.actionFaults + 1;
  const fault = e.emit({
    type: "fault.action",
    rule: rules[0] ?? "R-6.3",
    duelistId,
    postId,
    violations,
    rules,
    count,
    by,
    ...(reason ? { reason } : {}),
    ...(turn === undefined ? {} : { turn }),
  });
  if (count < e.state.ruleset.actionFaultsBeforeSanction) return;
  const points = e.state.ruleset.actionFaultSanction[yearKey(duelist.year)];
  e.emit({
    type: "sanction.applied",
    rule: "R-6.5",
    duelistId,
    faultEventId: fault.id,
    kind: "action",
    points,
    disqualify: false,
  });
  losePoints(e, duelistId, points, "sanction", "R-6.6");
}

/**
 * One absence fault and its sanction: −2, −4, then disqualification by default.
 * With `end` false a disqualification leaves the duel's end to the caller (see `disqualify`).
 */
export function absenceFault(
  e: Emitter,
  duelistId: string,
  turn: number | null,
  options: { readonly by?: Decider; readonly reason?: string; readonly end?: boolean } = {},
): void {
  const { by = "system", reason, end = true } = options;
  const duelist = duelistOf(e.state, duelistId);
  if (duelist?.status !== "active") return;
  const count = duelist.absenceFaults + 1;
  const fault = e.emit({
    type: "fault.absence",
    rule: "R-6.2",
    duelistId,
    turn,
    count,
    by,
    ...(reason ? { reason } : {}),
  });
  const table = e.state.ruleset.absenceSanctions;
  const sanction = table[Math.min(count, table.length) - 1];
  if (!sanction) return;
  e.emit({
    type: "sanction.applied",
    rule: "R-6.2",
    duelistId,
    faultEventId: fault.id,
    kind: "absence",
    points: sanction.points,
    disqualify: sanction.disqualify,
  });
  losePoints(e, duelistId, sanction.points, "sanction", "R-6.2");
  if (sanction.disqualify) disqualify(e, duelistId, "absences", "R-6.8", undefined, end);
}
