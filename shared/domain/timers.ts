import type { TimerKind, TimerSpec } from "../ports/scheduler.js";
import { addDuration, parseDuration } from "../time/duration.js";
import { currentTurn, type Duel, type DuelState } from "./state.js";

function spec(state: Duel, kind: TimerKind, ref: string, at: string): TimerSpec {
  const stamp = at.replace(/[-:.]/g, "");
  return { name: `${state.id}.${kind}.${ref}.${stamp}`, duelId: state.id, kind, at, ref };
}

/**
 * The timers a duel needs in this state: its turn's deadline and reminder (suspended while a
 * correction window is open, R-6.7), each open window's end, and each running ban's end. The
 * relay schedules what appears and cancels what disappears, so timers follow the state.
 */
export function timersOf(state: DuelState): TimerSpec[] {
  if (state.status === "none") return [];
  const timers: TimerSpec[] = [];
  const turn = currentTurn(state);
  if (turn && state.pending.length === 0) {
    timers.push(spec(state, "reply-deadline", String(turn.number), turn.deadline));
    const before = parseDuration(state.ruleset.delays.reminderBefore);
    if (before && !turn.reminded) {
      const negative = {
        ...before,
        years: -before.years,
        months: -before.months,
        days: -before.days,
        hours: -before.hours,
        minutes: -before.minutes,
        seconds: -before.seconds,
      };
      const at = addDuration(turn.deadline, negative);
      if (Date.parse(at) > Date.parse(turn.startedAt))
        timers.push(spec(state, "reminder", String(turn.number), at));
    }
  }
  for (const window of state.pending)
    timers.push(spec(state, "correction", window.post.postId, window.until));
  for (const ban of state.bans) if (!ban.ended) timers.push(spec(state, "ban-end", ban.duelistId, ban.until));
  return timers;
}

/** What to schedule and cancel to go from the timers of one state to those of the next. */
export function timerChanges(
  before: readonly TimerSpec[],
  after: readonly TimerSpec[],
): { schedule: TimerSpec[]; cancel: TimerSpec[] } {
  const names = (list: readonly TimerSpec[]) => new Set(list.map((t) => t.name));
  const beforeNames = names(before);
  const afterNames = names(after);
  return {
    schedule: after.filter((t) => !beforeNames.has(t.name)),
    cancel: before.filter((t) => !afterNames.has(t.name)),
  };
}
