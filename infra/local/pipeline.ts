import { randomUUID } from "node:crypto";
import type { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { createThreadPoster } from "../../shared/adapters/thread-bots/index.js";
import { DuelService } from "../../shared/app/duel-service.js";
import { OutboxRelay } from "../../shared/app/relay.js";
import { fireTimer } from "../../shared/app/timer-service.js";
import { createApp } from "../../shared/http/app.js";
import type { Logger } from "../../shared/http/deps.js";
import type { Notifier } from "../../shared/ports/notifier.js";
import type { ThreadPoster } from "../../shared/ports/thread-bot.js";
import { ManualClock, type SystemClock } from "./clock.js";
import { LocalScheduler } from "./local-scheduler.js";

export interface LocalPipelineOptions {
  readonly store: DynamoDbStore;
  readonly clock: SystemClock | ManualClock;
  readonly notifier: Notifier;
  /** Posts the verdicts in the threads (default: the forums' APIs over HTTP). */
  readonly threadPoster?: ThreadPoster;
  readonly adminTokenHash: string;
  readonly rollDice: () => readonly [number, number];
  readonly log: Logger;
  /** The relay's clock for its own retries (default: the pipeline's clock). */
  readonly relayNow?: () => Date;
}

/**
 * The pipeline's parts wired together on one store and one clock, as `npm start` and the tests
 * run it: the decider service, the local scheduler firing timers into it, the relay performing the
 * outbox, and the HTTP app with the local clock endpoint.
 */
export function localPipeline(options: LocalPipelineOptions) {
  const { store, clock, log } = options;
  const duels = new DuelService({ store, now: () => clock.now() });
  const scheduler = new LocalScheduler({
    timers: store,
    clock,
    fire: async (timer) => void (await fireTimer(duels, timer)),
    log: (message, error) =>
      log({ level: "error", msg: message, error: error instanceof Error ? error.message : String(error) }),
  });
  const relay = new OutboxRelay({
    store,
    scheduler,
    notifier: options.notifier,
    threadPoster: options.threadPoster ?? createThreadPoster(),
    now: options.relayNow ?? (() => clock.now()),
    log,
  });

  /** Performs every due effect and fires every due timer until nothing is left; returns timers fired. */
  const settle = async (): Promise<number> => {
    let fired = 0;
    for (let round = 0; round < 100; round++) {
      const done = await relay.runDue();
      const ran = await scheduler.runDue();
      fired += ran;
      if (done === 0 && ran === 0) break;
    }
    return fired;
  };

  const app = createApp({
    store,
    duels,
    clock,
    adminTokenHash: options.adminTokenHash,
    rollDice: options.rollDice,
    newId: randomUUID,
    log,
    schedulerHealth: async () => ({ ok: true, openTimers: await store.countTimers() }),
    local: {
      manual: clock instanceof ManualClock,
      moveClock: async (move) => {
        if (!(clock instanceof ManualClock)) throw new Error("the clock is the system's");
        if ("advance" in move) clock.advance(move.advance);
        else clock.set(move.set);
        return { now: clock.now().toISOString(), fired: await settle() };
      },
    },
  });
  return { duels, scheduler, relay, settle, app };
}
