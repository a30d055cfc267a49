import { fireTimer } from "../../shared/app/timer-service.js";
import { coreRuntime, jsonLog } from "../../shared/aws/runtime.js";
import type { TimerFiring } from "../../shared/ports/scheduler.js";

/**
 * The timer function: EventBridge Scheduler's one-time schedules land here with the timer as
 * input; the firing becomes a decider command whose `now` is the scheduled time.
 */
export function composeTimerHandler(source: NodeJS.ProcessEnv = process.env) {
  const { duels } = coreRuntime(source);
  return async (event: TimerFiring): Promise<{ result: string }> => {
    if (!event?.timer?.name || !event.timer.duelId) throw new Error("not a timer firing");
    const outcome = await fireTimer(duels, event.timer);
    jsonLog({
      level: "info",
      msg: "timer fired",
      timer: event.timer.name,
      result: outcome.result,
      events: outcome.events.length,
    });
    return { result: outcome.result };
  };
}
