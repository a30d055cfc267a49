import type { DuelEvent } from "./events.js";
import * as posts from "./evolve-posts.js";
import * as sanctions from "./evolve-sanctions.js";
import * as turns from "./evolve-turns.js";
import type { Duel, DuelState } from "./state.js";

/**
 * Folds one event into the state. Pure; events carry their results (points after, counters
 * after), so folding the audit log reproduces the state exactly. Unknown events change nothing;
 * before its registration a thread holds no duel, and a thread holds one duel only.
 */
export function evolve(state: DuelState, event: DuelEvent): DuelState {
  if (state.status !== "none") return evolveDuel(state, event);
  return event.type === "duel.registered" ? turns.registered(event) : state;
}

/** Folds one event into a registered duel (see `evolve`): one small function per event. */
export function evolveDuel(state: Duel, event: DuelEvent): Duel {
  switch (event.type) {
    case "duel.started":
      return turns.started(state, event);
    case "turn.passed":
      return turns.turnPassed(state, event);
    case "turn.reminder":
      return turns.reminded(state);
    case "derogation.granted":
      return turns.derogationGranted(state, event);
    case "duel.finished":
      return turns.finished(state, event);
    case "duel.resumed":
      return turns.resumed(state);
    case "post.recorded":
      return posts.recorded(state, event);
    case "post.tampered":
      return posts.tampered(state, event);
    case "post.queued":
      return posts.queued(state, event);
    case "post.dequeued":
      return posts.dequeued(state, event);
    case "correction.opened":
      return posts.correctionOpened(state, event);
    case "correction.accepted":
    case "correction.expired":
      return posts.correctionClosed(state, event);
    case "turn.played":
      return posts.turnPlayed(state, event);
    case "attack.launched":
      return posts.attackLaunched(state, event);
    case "defence.resolved":
      return posts.defenceResolved(state, event);
    case "effect.applied":
      return posts.effectApplied(state, event);
    case "wand.recovered":
      return posts.wandRecovered(state, event);
    case "particularity.used":
      return posts.particularityUsed(state, event);
    case "points.lost":
      return sanctions.pointsLost(state, event);
    case "points.adjusted":
      return sanctions.pointsAdjusted(state, event);
    case "fault.action":
      return sanctions.actionFault(state, event);
    case "fault.absence":
      return sanctions.absenceFault(state, event);
    case "sanction.applied":
      return sanctions.sanctionApplied(state, event);
    case "fault.cancelled":
      return sanctions.faultCancelled(state, event);
    case "duelist.out":
      return sanctions.left(state, event.duelistId, "out");
    case "duelist.disqualified":
      return sanctions.left(state, event.duelistId, "disqualified");
    case "duelist.reinstated":
      return sanctions.reinstated(state, event);
    case "ban.started":
      return sanctions.banStarted(state, event);
    case "ban.ended":
      return sanctions.banEnded(state, event);
    case "referee.command":
      return turns.refereeCommand(state, event);
    case "post.ignored":
      return posts.ignored(state, event);
    case "post.history":
      return posts.history(state, event);
    case "duel.registered":
    case "dice.rolled":
    case "action.void":
    case "legilimens.cast":
    case "referee.decision-needed":
    case "referee.command-rejected":
      return state;
    default:
      return state;
  }
}

/** Folds a list of events; a registered duel stays one. */
export function fold(state: Duel, events: readonly DuelEvent[]): Duel;
export function fold(state: DuelState, events: readonly DuelEvent[]): DuelState;
export function fold(state: DuelState, events: readonly DuelEvent[]): DuelState {
  return events.reduce(evolve, state);
}
