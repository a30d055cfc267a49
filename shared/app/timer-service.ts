import type { TimerSpec } from "../ports/scheduler.js";
import type { DuelService, Outcome } from "./duel-service.js";

/**
 * A timer's firing becomes a command to the decider with `now` = the scheduled time, so a
 * firing that arrives late decides exactly what it would have decided on time. Its input id is
 * the timer's name: a repeated firing is the same input and changes nothing.
 */
export async function fireTimer(duels: DuelService, timer: TimerSpec): Promise<Outcome> {
  const forumId = timer.duelId.split(".")[0] ?? "";
  return duels.execute(
    timer.duelId,
    { type: "timer.fired", now: timer.at, timer },
    { inputId: `t.${timer.name}`, forumId },
  );
}
