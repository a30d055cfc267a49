import { SchedulerClient } from "@aws-sdk/client-scheduler";
import { EventBridgeScheduler } from "../adapters/eventbridge-scheduler.js";
import { createNotifier } from "../adapters/notifiers/index.js";
import { createThreadPoster } from "../adapters/thread-bots/index.js";
import { ChainWatchdog } from "../app/chain-watchdog.js";
import { OutboxRelay } from "../app/relay.js";
import { timerDispatcher } from "../app/timer-dispatch.js";
import { forumactifRuntime } from "./forumactif-runtime.js";
import type { Observability } from "./observability.js";
import { coreRuntime, env } from "./runtime.js";
import { clientTracer } from "./tracing.js";

// Apart from runtime.ts so that only the relay's bundle loads the Scheduler client and the
// notifiers.

/**
 * The relay's runtime: EventBridge Scheduler for timers (a timer already due is fired in
 * process), the notifiers for hiboux, and the watchdog its sweep runs on the chains of reads.
 */
export function relayRuntime(observability: Observability, source: NodeJS.ProcessEnv = process.env) {
  const core = coreRuntime(observability, source, clientTracer("duel-referee-relay"));
  const forumactif = forumactifRuntime(core);
  const fire = timerDispatcher(core.duels, forumactif.poller, core.log);
  const scheduler = new EventBridgeScheduler({
    client: core.capture(new SchedulerClient({})),
    groupName: env("SCHEDULE_GROUP_NAME", source),
    targetArn: env("TIMER_FUNCTION_ARN", source),
    roleArn: env("SCHEDULER_ROLE_ARN", source),
    ...(source.SCHEDULER_DLQ_ARN ? { deadLetterArn: source.SCHEDULER_DLQ_ARN } : {}),
    now: () => new Date(),
    fireNow: fire,
  });
  const relay = new OutboxRelay({
    store: core.store,
    scheduler,
    notifier: createNotifier(),
    threadPoster: createThreadPoster(),
    now: () => new Date(),
    log: core.log,
    metrics: observability.metrics,
    boardProblems: forumactif.polls,
  });
  const watchdog = new ChainWatchdog({
    polls: forumactif.polls,
    poller: forumactif.poller,
    now: () => new Date(),
    log: core.log,
    metrics: observability.metrics,
  });
  return { ...core, scheduler, relay, watchdog };
}
