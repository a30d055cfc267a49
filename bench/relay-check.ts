import { OutboxRelay } from "../shared/app/relay.js";
import type { Notifier } from "../shared/ports/notifier.js";
import type { SchedulerPort } from "../shared/ports/scheduler.js";
import { createForum, playTurn, startDuel } from "./duel-posts.js";
import { createRefereeApp, START } from "./referee-app.js";
import { round } from "./stats.js";

export interface RelayCheckResult {
  readonly posts: number;
  readonly schedule: number;
  readonly cancel: number;
  readonly notify: number;
  readonly schedulerCallsPerTurn: number;
}

/**
 * The outbox count checked against what the relay really does: a short duel on its own table,
 * then the real OutboxRelay with a SchedulerPort and a Notifier that only count their calls.
 * The top's effects are drained first, so what is left is the turns'.
 */
export async function checkWithRelay(endpoint: string, posts: number): Promise<RelayCheckResult> {
  const ours = await createRefereeApp(endpoint);
  const calls = { schedule: 0, cancel: 0, notify: 0 };
  const scheduler: SchedulerPort = {
    schedule: async () => void calls.schedule++,
    cancel: async () => void calls.cancel++,
  };
  const notifier: Notifier = { deliver: async () => void calls.notify++ };
  // Far enough after the duel's manual clock that every entry is due.
  const later = new Date(Date.parse(START) + 365 * 24 * 3600_000);
  const relay = new OutboxRelay({ store: ours.store, scheduler, notifier, now: () => later });
  const drain = async () => {
    while ((await relay.runDue()) > 0) {}
  };

  await createForum(ours.app);
  await startDuel(ours.app, 1);
  await drain();
  Object.assign(calls, { schedule: 0, cancel: 0, notify: 0 });
  for (let n = 0; n < posts; n++) await playTurn(ours.app, 1, n);
  await drain();
  return { posts, ...calls, schedulerCallsPerTurn: round((calls.schedule + calls.cancel) / posts, 2) };
}
