import { timerDispatcher } from "../../shared/app/timer-dispatch.js";
import { forumactifRuntime } from "../../shared/aws/forumactif-runtime.js";
import { coreRuntime, jsonLog } from "../../shared/aws/runtime.js";
import type { TimerFiring } from "../../shared/ports/scheduler.js";

/**
 * The timer function: EventBridge Scheduler's one-time schedules land here with the timer as
 * input; the firing becomes a decider command whose `now` is the scheduled time.
 */
export function composeTimerHandler(source: NodeJS.ProcessEnv = process.env) {
  const core = coreRuntime(source);
  // A topic's read goes to the poller; a polled duel's deadline reads its topic first (issue 14).
  const dispatch = timerDispatcher(core.duels, forumactifRuntime(core).poller, jsonLog);
  return async (event: TimerFiring): Promise<{ result: string }> => {
    if (!event?.timer?.name || !event.timer.duelId) throw new Error("not a timer firing");
    await dispatch(event.timer);
    jsonLog({ level: "info", msg: "timer fired", timer: event.timer.name, kind: event.timer.kind });
    return { result: "done" };
  };
}
