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
 * The outbox count checked against what the relay really does: a short duel, then the real
 * OutboxRelay with a SchedulerPort and a Notifier that only count their calls. The relay takes
 * every due entry of the table, so this runs first, on a table with no other outbox; the top's
 * effects are drained before the turns, so what is counted is the turns'.
 */
export async function checkWithRelay(
  endpoint: string,
  tableName: string,
  posts: number,
): Promise<RelayCheckResult> {
  const ours = createRefereeApp(endpoint, tableName);
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
