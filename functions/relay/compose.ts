import { relayRuntime } from "../../shared/aws/relay-runtime.js";
import { jsonLog } from "../../shared/aws/runtime.js";

/** The parts of a DynamoDB stream event the relay looks at. */
export interface StreamEvent {
  /** Set by the recurring sweep schedule: perform whatever is due, stream or not. */
  readonly sweep?: boolean;
  readonly Records?: readonly {
    readonly eventName?: string;
    readonly dynamodb?: { readonly Keys?: { readonly sk?: { readonly S?: string } } };
  }[];
}

/**
 * The relay function, on the table's stream: a batch that wrote outbox entries wakes it, and it
 * performs every effect due (those just written, and earlier ones whose retry time came), each
 * claimed first so a concurrent invocation never performs it twice. Entries that failed wait in
 * the outbox for their backoff; a recurring sweep schedule (every minute) retries them even when
 * nothing else is written.
 */
export function composeRelayHandler(source: NodeJS.ProcessEnv = process.env) {
  const { relay } = relayRuntime(source);
  return async (event: StreamEvent): Promise<{ done: number }> => {
    const outbox = (event.Records ?? []).filter(
      (r) => r.eventName !== "REMOVE" && r.dynamodb?.Keys?.sk?.S?.startsWith("OUT#"),
    );
    if (outbox.length === 0 && event.sweep !== true) return { done: 0 };
    const done = await relay.runDue();
    jsonLog({ level: "info", msg: "relay run", records: outbox.length, done });
    return { done };
  };
}
