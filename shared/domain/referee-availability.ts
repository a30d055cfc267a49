import type { RefereeAction } from "./referee-actions.js";
import type { Duel, DuelistState } from "./state.js";

type Command = RefereeAction["command"];

/**
 * Which referee decisions can apply to a duel as it stands, so that a form offers only
 * those: the same preconditions `applyRefereeAction` (decide-referee.ts) refuses with an error,
 * read here without deciding. The decider still checks every one; this only spares a referee a
 * form whose every use would be refused (« Donner le top » on a running duel).
 */
export function availableCommands(state: Duel): ReadonlySet<Command> {
  const running = state.status !== "finished";
  const playing = state.duelists.some((d) => d.status === "active");
  const offered: Command[] = ["announce"];
  if (state.status === "registered") offered.push("top");
  if (state.pending.length > 0) offered.push("correction");
  if (running && derogationHolders(state).length > 0) offered.push("derogation");
  if (running && playing) offered.push("fault", "adjust-points", "disqualify");
  if (running) offered.push("end");
  if (state.faults.some((f) => !f.cancelled)) offered.push("cancel-fault");
  // The last word: a disqualification, whatever its cause, and the referee's own end.
  if (state.duelists.some((d) => d.status === "disqualified")) offered.push("cancel-disqualification");
  if (state.status === "finished" && state.result.reason === "referee") offered.push("cancel-end");
  // Stakes are settled after the end, when the duel had some.
  if (state.status === "finished" && state.stakes) offered.push("stakes");
  return new Set(offered);
}

/** Duelists a dérogation can still go to: in the duel, and not granted one yet (R-6.2a). */
export function derogationHolders(state: Duel): readonly DuelistState[] {
  return state.duelists.filter((d) => d.status === "active" && !d.derogationUsed);
}
