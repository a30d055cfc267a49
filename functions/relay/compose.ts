import type { ChainWatchdog } from "../../shared/app/chain-watchdog.js";
import type { OutboxRelay } from "../../shared/app/relay.js";
import { functionObservability, type Observability } from "../../shared/aws/observability.js";
import { relayRuntime } from "../../shared/aws/relay-runtime.js";
import type { LogLine } from "../../shared/observability/logger.js";
import { type BatchResponse, failedBatch, outboxRecords, type StreamEvent } from "./batch.js";

export type { StreamEvent } from "./batch.js";

/**
 * The relay function, on the table's stream: a batch that wrote outbox entries wakes it, and it
 * performs every effect due (those just written, and earlier ones whose retry time came), each
 * claimed first so a concurrent invocation never performs it twice. Entries that failed wait in
 * the outbox for their backoff; a recurring sweep schedule (every minute) retries them even when
 * nothing else is written, and re-arms the chains of Forumactif reads found overdue (the watchdog,
 * CONTRACT.md 4.4). A run that fails reports the batch's records (`batchItemFailures`).
 */
export function composeRelayHandler(
  observability: Observability = functionObservability("relay"),
  source: NodeJS.ProcessEnv = process.env,
) {
  const runtime = relayRuntime(observability, source);
  const run = relayHandler(runtime.relay, observability.log, runtime.watchdog);
  return (event: StreamEvent, context?: { awsRequestId?: string }) =>
    observability.correlation.within({ requestId: context?.awsRequestId, sender: "relay" }, () => run(event));
}

/** The handler around a relay; apart from the runtime so tests give it a relay on DynamoDB Local. */
export function relayHandler(
  relay: Pick<OutboxRelay, "runDue">,
  log: LogLine,
  watchdog?: Pick<ChainWatchdog, "sweep">,
) {
  return async (event: StreamEvent): Promise<BatchResponse & { done: number }> => {
    const outbox = outboxRecords(event);
    if (outbox.length === 0 && event.sweep !== true) return { done: 0, batchItemFailures: [] };
    try {
      const done = await relay.runDue();
      // Only the sweep looks for lost chains: it runs every minute whatever the stream carries.
      const chains = event.sweep === true && watchdog ? await watchdog.sweep() : undefined;
      log({
        level: "info",
        msg: "relay run",
        records: outbox.length,
        sweep: event.sweep === true,
        done,
        ...(chains ? { chainsOverdue: chains.overdue, chainsRearmed: chains.rearmed } : {}),
      });
      return { done, batchItemFailures: [] };
    } catch (error) {
      log({
        level: "error",
        msg: "relay run failed",
        records: outbox.length,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
      // The sweep is an asynchronous invocation: its failure is retried by throwing.
      if (outbox.length === 0) throw error;
      return { done: 0, ...failedBatch(outbox, error) };
    }
  };
}
