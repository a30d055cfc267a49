import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDbPollStore } from "../adapters/dynamodb/poll-store.js";
import type { DuelService } from "../app/duel-service.js";
import { BoardClient } from "../forumactif/board-client.js";
import { topicReader } from "../forumactif/topic-reader.js";
import type { ForumactifDeps } from "../http/deps.js";
import type { LogLine } from "../observability/logger.js";
import { ObservedPoller } from "../observability/observed-poller.js";
import type { DuelStore } from "../ports/duel-store.js";
import { PUBLIC_ONLY } from "../validation/channel-urls.js";
import type { Observability } from "./observability.js";
import { rollDice, systemClock } from "./runtime.js";

/**
 * The Forumactif poller in AWS (CONTRACT.md 4.4): public `https` boards only, never loopback or a
 * private address, as the hiboux' channels (section 3); the board client's default transport is
 * the guarded one, which connects only to the addresses it checked (no DNS rebinding). Built by the functions that read topics (timer, relay) or drive their reads
 * (http: settings, admin poll; webhook: pings).
 */
export function forumactifRuntime(
  core: {
    store: DuelStore;
    duels: DuelService;
    client: DynamoDBClient;
    tableName: string;
    log: LogLine;
    observability: Pick<Observability, "metrics">;
  },
  options: { readonly timeoutMs?: number } = {},
): ForumactifDeps {
  const policy = PUBLIC_ONLY;
  const board = new BoardClient({
    policy,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const polls = new DynamoDbPollStore(core.client, core.tableName);
  const poller = new ObservedPoller(
    {
      store: core.store,
      polls,
      duels: core.duels,
      clock: systemClock,
      rollDice,
      board,
      reader: topicReader,
      log: core.log,
    },
    core.observability.metrics,
  );
  return { poller, polls, source: { policy, board }, board, reader: topicReader };
}
