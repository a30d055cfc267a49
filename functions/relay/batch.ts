/** The parts of a DynamoDB stream event the relay looks at. */
export interface StreamEvent {
  /** Set by the recurring sweep schedule: perform whatever is due, stream or not. */
  readonly sweep?: boolean;
  readonly Records?: readonly StreamRecord[];
}

export interface StreamRecord {
  readonly eventName?: string;
  readonly dynamodb?: {
    readonly Keys?: { readonly sk?: { readonly S?: string } };
    readonly SequenceNumber?: string;
  };
}

/** What a stream mapping with `ReportBatchItemFailures` reads back (empty: the batch is done). */
export interface BatchResponse {
  readonly batchItemFailures: { readonly itemIdentifier: string }[];
}

/** The outbox entries written or updated by a stream batch (the mapping filters them too). */
export function outboxRecords(event: StreamEvent): readonly StreamRecord[] {
  return (event.Records ?? []).filter(
    (r) => r.eventName !== "REMOVE" && r.dynamodb?.Keys?.sk?.S?.startsWith("OUT#"),
  );
}

/**
 * The relay does not perform the batch's records one by one: a run performs every effect due,
 * those of the batch among them, and an effect that fails waits in the outbox for its backoff (the
 * sweep retries it). So a run fails as a whole (the table unreachable, throttled): then every record
 * of the batch is reported, and Lambda retries from the first, which keeps the shard's order. A
 * record without a sequence number cannot be reported: the whole batch is failed by throwing.
 */
export function failedBatch(records: readonly StreamRecord[], error: unknown): BatchResponse {
  const ids = records.map((r) => r.dynamodb?.SequenceNumber);
  const known = ids.filter((id): id is string => typeof id === "string" && id !== "");
  if (known.length !== ids.length) throw error;
  return { batchItemFailures: known.map((itemIdentifier) => ({ itemIdentifier })) };
}
