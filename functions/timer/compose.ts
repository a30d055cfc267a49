import { timerDispatcher } from "../../shared/app/timer-dispatch.js";
import { forumactifRuntime } from "../../shared/aws/forumactif-runtime.js";
import { functionObservability, type Observability } from "../../shared/aws/observability.js";
import { coreRuntime } from "../../shared/aws/runtime.js";
import { clientTracer } from "../../shared/aws/tracing.js";
import { timerLateness } from "../../shared/observability/business-metrics.js";
import type { TimerFiring } from "../../shared/ports/scheduler.js";

/**
 * The timer function: EventBridge Scheduler's one-time schedules land here with the timer as
 * input; the firing becomes a decider command whose `now` is the scheduled time. Its lateness
 * (fired at − due at) is published before the decision: a late timer is what its alarm watches.
 */
export function composeTimerHandler(
  observability: Observability = functionObservability("timer"),
  source: NodeJS.ProcessEnv = process.env,
  now: () => Date = () => new Date(),
) {
  const core = coreRuntime(observability, source, clientTracer("duel-referee-timer"));
  // A topic's read goes to the poller; a polled duel's deadline reads its topic first.
  const dispatch = timerDispatcher(core.duels, forumactifRuntime(core).poller, core.log);
  return async (event: TimerFiring, context?: { awsRequestId?: string }): Promise<{ result: string }> => {
    if (!event?.timer?.name || !event.timer.duelId) throw new Error("not a timer firing");
    const { timer } = event;
    const keys = {
      requestId: context?.awsRequestId,
      duelId: timer.duelId,
      sender: timer.kind === "poll" ? "forumactif" : "timer",
    };
    return observability.correlation.within(keys, async () => {
      observability.metrics([timerLateness(timer.at, now())]);
      try {
        await dispatch(timer);
      } catch (error) {
        // Scheduler retries the firing; this line carries the stack in the TypeScript sources
        // (shared/observability/stack-map.ts), where the runtime's own report stays in the bundle.
        core.log({
          level: "error",
          msg: "timer failed",
          timer: timer.name,
          error: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        throw error;
      }
      core.log({ level: "info", msg: "timer fired", timer: timer.name, kind: timer.kind, dueAt: timer.at });
      return { result: "done" };
    });
  };
}
