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
 * nothing else is written. A run that fails reports the batch's records (`batchItemFailures`).
 */
export function composeRelayHandler(
  observability: Observability = functionObservability("relay"),
  source: NodeJS.ProcessEnv = process.env,
) {
  const run = relayHandler(relayRuntime(observability, source).relay, observability.log);
  return (event: StreamEvent, context?: { awsRequestId?: string }) =>
    observability.correlation.within({ requestId: context?.awsRequestId, sender: "relay" }, () => run(event));
}

/** The handler around a relay; apart from the runtime so tests give it a relay on DynamoDB Local. */
export function relayHandler(relay: Pick<OutboxRelay, "runDue">, log: LogLine) {
  return async (event: StreamEvent): Promise<BatchResponse & { done: number }> => {
    const outbox = outboxRecords(event);
    if (outbox.length === 0 && event.sweep !== true) return { done: 0, batchItemFailures: [] };
    try {
      const done = await relay.runDue();
      log({ level: "info", msg: "relay run", records: outbox.length, sweep: event.sweep === true, done });
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
