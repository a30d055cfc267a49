import { Duration, Validations } from "aws-cdk-lib";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, type DynamoEventSourceProps, SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { DuelFunction } from "./duel-function.js";
import { deadLetterQueue } from "./secure-queue.js";
import type { DuelTable } from "./table.js";

/**
 * The sort-key prefix of outbox entries (shared/adapters/dynamodb/table.ts `keys.outbox`); a test
 * checks the two agree.
 */
export const OUTBOX_SORT_KEY_PREFIX = "OUT#";

/** How the relay reads the stream; exported for the tests. */
export const RELAY_STREAM: DynamoEventSourceProps = {
  // Every outbox entry must be seen: start from the oldest record still in the stream.
  startingPosition: StartingPosition.TRIM_HORIZON,
  // Small batches: each record may be an HTTPS delivery with a 10 s timeout, within a 60 s function.
  batchSize: 10,
  maxBatchingWindow: Duration.seconds(1),
  // A poison record is isolated by halving the batch instead of blocking the shard behind it.
  bisectBatchOnError: true,
  retryAttempts: 5,
  // The relay reports the records it failed so only those (and what follows them) are retried.
  reportBatchItemFailures: true,
  // One batch at a time per shard keeps a duel's effects in commit order.
  parallelizationFactor: 1,
  // A commit writes a snapshot, inputs, dedup keys and duelist records besides its outbox entries;
  // the relay only acts on outbox entries written or updated (functions/relay/compose.ts), so the
  // other records are dropped by Lambda instead of invoking it for nothing.
  filters: [
    FilterCriteria.filter({
      eventName: FilterRule.or("INSERT", "MODIFY"),
      dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(OUTBOX_SORT_KEY_PREFIX) } } },
    }),
  ],
};

/**
 * The relay on the table's stream. A record that still fails after the retries goes, as a pointer
 * to the stream record, to an on-failure queue: the outbox entry itself stays in the table, and the
 * queue's alarm tells an operator to look.
 */
export class RelayStream extends Construct {
  readonly failureQueue: Queue;

  constructor(scope: Construct, id: string, relay: DuelFunction, table: DuelTable) {
    super(scope, id);
    this.failureQueue = deadLetterQueue(this, "Failures", "the relay's stream event source mapping");
    // Adds DescribeStream/GetRecords/GetShardIterator on the stream ARN, ListStreams on `*`, and
    // SendMessage on the failure queue to the relay's role.
    relay.fn.addEventSource(
      new DynamoEventSource(table.table, { ...RELAY_STREAM, onFailure: new SqsDlq(this.failureQueue) }),
    );
    Validations.of(relay.role).acknowledge({
      id: "AwsSolutions-IAM5[Resource::*]",
      reason:
        "Only dynamodb:ListStreams, which Lambda's stream poller needs and which supports no " +
        "resource-level permission (Service Authorization Reference); the other stream actions are on " +
        "this table's stream ARN; and X-Ray's PutTraceSegments/PutTelemetryRecords (active tracing, " +
        "no resource-level permission either).",
    });
  }
}
