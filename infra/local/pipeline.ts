import { randomUUID } from "node:crypto";
import { createThreadPoster } from "../../shared/adapters/thread-bots/index.js";
import { ChainWatchdog } from "../../shared/app/chain-watchdog.js";
import { DuelService } from "../../shared/app/duel-service.js";
import { OutboxRelay } from "../../shared/app/relay.js";
import { timerDispatcher } from "../../shared/app/timer-dispatch.js";
import { TopicPoller } from "../../shared/app/topic-poller.js";
import type { Observability } from "../../shared/aws/observability.js";
import { BoardClient } from "../../shared/forumactif/board-client.js";
import type { TopicReader } from "../../shared/forumactif/topic-fetch.js";
import { createApp } from "../../shared/http/app.js";
import type { ForumactifDeps, Logger } from "../../shared/http/deps.js";
import { ObservedPoller } from "../../shared/observability/observed-poller.js";
import type { AccessStore } from "../../shared/ports/access-store.js";
import type { DuelStore, TimerStore } from "../../shared/ports/duel-store.js";
import type { Notifier } from "../../shared/ports/notifier.js";
import type { PollStore } from "../../shared/ports/poll-store.js";
import type { ThreadPoster } from "../../shared/ports/thread-bot.js";
import { ManualClock, type SystemClock } from "./clock.js";
import { LocalScheduler } from "./local-scheduler.js";

/** The one store the local pipeline runs on: every port, the timers and the access store beside them. */
export type LocalStore = DuelStore & TimerStore & { accessStore(): AccessStore };

export interface LocalPipelineOptions {
  readonly store: LocalStore;
  readonly clock: SystemClock | ManualClock;
  readonly notifier: Notifier;
  /** Posts the verdicts in the threads (default: the forums' APIs over HTTP). */
  readonly threadPoster?: ThreadPoster;
  readonly adminTokenHash: string;
  /** Real time for desk sessions and login delays (default: the system's). */
  readonly wallNow?: () => Date;
  readonly rollDice: () => readonly [number, number];
  readonly log: Logger;
  /** The business metrics, as in the functions (EMF through Powertools); none when absent. */
  readonly observability?: Pick<Observability, "decisions" | "metrics">;
  /** The relay's clock for its own retries (default: the pipeline's clock). */
  readonly relayNow?: () => Date;
  /**
   * Lets forums send hiboux to this machine (`http://127.0.0.1:…`), for the local stack's own fake
   * receivers. Off unless said: the deployed stack has no such option (CONTRACT.md section 3).
   */
  readonly allowLoopbackChannels?: boolean;
  /** The desk's public address, linked from the referee's hiboux (none: no link). */
  readonly deskUrl?: string;
  /** Items one commit may hold, when fewer than the store's transaction takes (tests). */
  readonly maxCommitItems?: number;
  /** Forumactif forums (CONTRACT.md 4.4): where the poller keeps its state, and how it reads pages. */
  readonly forumactif?: {
    readonly polls: PollStore;
    readonly reader: TopicReader;
    /** The local stack may read a board on loopback (a fake board); the deployed one never does. */
    readonly allowLoopback: boolean;
    /** Least pause between two requests to one board (ms); tests make it short. */
    readonly minIntervalMs?: number;
  };
}

/**
 * The pipeline's parts wired together on one store and one clock, as `npm start` and the tests
 * run it: the decider service, the local scheduler firing timers into it, the relay performing the
 * outbox, and the HTTP app with the local clock endpoint.
 */
export function localPipeline(options: LocalPipelineOptions) {
  const { store, clock, log } = options;
  const observed = options.observability;
  const duels = new DuelService({
    store,
    now: () => clock.now(),
    ...(options.deskUrl ? { deskUrl: options.deskUrl } : {}),
    ...(options.maxCommitItems ? { maxCommitItems: options.maxCommitItems } : {}),
    ...(observed ? { observer: observed.decisions } : {}),
  });
  const forumactif = options.forumactif ? forumactifParts(options, duels) : undefined;
  const fire = timerDispatcher(duels, forumactif?.poller, log);
  // What the relay's minute sweep runs in AWS on the chains of reads (functions/relay/compose.ts).
  const watchdog = forumactif
    ? new ChainWatchdog({
        polls: forumactif.polls,
        poller: forumactif.poller,
        now: () => clock.now(),
        log,
        ...(observed ? { metrics: observed.metrics } : {}),
      })
    : undefined;
  const scheduler = new LocalScheduler({
    timers: store,
    clock,
    fire,
    log: (message, error) =>
      log({ level: "error", msg: message, error: error instanceof Error ? error.message : String(error) }),
  });
  const relay = new OutboxRelay({
    store,
    scheduler,
    // The scheduler's timers are items of this store: a decision's changes go with its claim.
    timersInStore: scheduler,
    notifier: options.notifier,
    threadPoster:
      options.threadPoster ??
      createThreadPoster({
        http: { destinations: { allowLoopback: options.allowLoopbackChannels === true } },
        now: () => (options.relayNow ?? (() => clock.now()))().getTime(),
      }),
    now: options.relayNow ?? (() => clock.now()),
    log,
    ...(observed ? { metrics: observed.metrics } : {}),
    ...(forumactif ? { boardProblems: forumactif.polls } : {}),
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
    access: store.accessStore(),
    ...(options.wallNow ? { wallNow: options.wallNow } : {}),
    duels,
    clock,
    adminTokenHash: options.adminTokenHash,
    rollDice: options.rollDice,
    newId: randomUUID,
    notifier: options.notifier,
    log,
    channelDestinations: { allowLoopback: options.allowLoopbackChannels === true },
    ...(options.deskUrl ? { publicUrl: options.deskUrl } : {}),
    ...(forumactif ? { forumactif, forumactifPolls: forumactif.polls } : {}),
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
  return { duels, scheduler, relay, settle, app, poller: forumactif?.poller, watchdog };
}

/** The poller of Forumactif topics and what its routes need, on the pipeline's store and clock. */
function forumactifParts(options: LocalPipelineOptions, duels: DuelService): ForumactifDeps | undefined {
  const settings = options.forumactif;
  if (!settings) return undefined;
  const policy = { allowLoopback: settings.allowLoopback };
  const board = new BoardClient({
    policy,
    // A host's rest after a 429 or 5xx ends on the pipeline's clock (the manual one under CLOCK=manual).
    now: () => options.clock.now().getTime(),
    ...(settings.minIntervalMs === undefined ? {} : { minIntervalMs: settings.minIntervalMs }),
  });
  const deps = {
    store: options.store,
    polls: settings.polls,
    duels,
    clock: options.clock,
    rollDice: options.rollDice,
    board,
    reader: settings.reader,
    log: options.log,
  };
  // Counted as in the functions when metrics are asked for (shared/observability).
  const metrics = options.observability?.metrics;
  const poller = metrics ? new ObservedPoller(deps, metrics) : new TopicPoller(deps);
  return { poller, polls: settings.polls, source: { policy, board }, board, reader: settings.reader };
}
