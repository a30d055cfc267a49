import { addDuration } from "../time/duration.js";
import type { Emitter } from "./emitter.js";
import { activeDuelists, currentTurn, type Duel } from "./state.js";

/** The duelist after `fromId` in registration order, round-robin over those still in. */
export function nextDuelistId(state: Duel, fromId: string): string | null {
  const order = state.duelists;
  const start = order.findIndex((d) => d.id === fromId);
  for (let step = 1; step <= order.length; step++) {
    const candidate = order[(start + step) % order.length];
    if (candidate && candidate.status === "active") return candidate.id;
  }
  return null;
}

/**
 * Gives the turn to `duelistId`, its deadline counted from `startedAt`, extended by a
 * dérogation granted for their next turn (R-6.2a).
 */
export function giveTurn(
  e: Emitter,
  duelistId: string,
  startedAt: string,
  rule: string,
  number = (currentTurn(e.state)?.number ?? 0) + 1,
): void {
  const duelist = e.state.duelists.find((d) => d.id === duelistId);
  if (!duelist) return;
  const base = addDuration(startedAt, e.state.replyWindow);
  const extension = duelist.pendingExtension;
  const deadline = extension ? addDuration(base, extension) : base;
  e.emit({ type: "turn.passed", rule, duelistId, number, startedAt, deadline, extension });
}

/** Passes the turn to the next duelist still in, unless the duel is over. */
export function passTurn(e: Emitter, fromId: string, startedAt: string, rule = "R-1.5"): void {
  if (e.state.status !== "active" || activeDuelists(e.state).length < 2) return;
  const next = nextDuelistId(e.state, fromId);
  if (next) giveTurn(e, next, startedAt, rule);
}
