import type { TimerSpec } from "../ports/scheduler.js";
import type { DuelService } from "./duel-service.js";
import { fireTimer } from "./timer-service.js";
import type { TopicPoller } from "./topic-poller.js";

/**
 * Where a firing timer goes: a topic's read to the poller, every other timer to the decider. A
 * reply deadline of a polled duel reads the topic once more first: a post made in time
 * must not be missed because the last read is minutes old. If that read fails, the deadline is
 * decided all the same; a post found later but made in time revises the verdict (CONTRACT.md 4.3).
 */
export function timerDispatcher(
  duels: DuelService,
  poller: TopicPoller | undefined,
  log: (line: Record<string, unknown>) => void,
) {
  return async (timer: TimerSpec): Promise<void> => {
    if (timer.kind === "poll") {
      if (poller) await poller.poll(timer.duelId, timer.ref === "ping" ? "ping" : "chain");
      return;
    }
    if (timer.kind === "reply-deadline" && poller) {
      await poller.poll(timer.duelId, "deadline").catch((error: unknown) =>
        log({
          level: "warn",
          msg: "read before deadline failed",
          duelId: timer.duelId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    await fireTimer(duels, timer);
  };
}
