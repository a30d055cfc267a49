import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { relayHandler } from "../../functions/relay/compose.js";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { OutboxRelay } from "../../shared/app/relay.js";
import type { Notifier } from "../../shared/ports/notifier.js";
import type { SchedulerPort } from "../../shared/ports/scheduler.js";
import { createHarness } from "../support/harness.js";

const none: Notifier = { async deliver() {} };
const noScheduler: SchedulerPort = { async schedule() {}, async cancel() {} };

function outboxRecord(sequence: string, sk = `OUT#${sequence}`) {
  return { eventName: "INSERT", dynamodb: { Keys: { sk: { S: sk } }, SequenceNumber: sequence } };
}

const batch = {
  Records: [
    outboxRecord("100"),
    { eventName: "INSERT", dynamodb: { Keys: { sk: { S: "SNAP" } }, SequenceNumber: "101" } },
    outboxRecord("102"),
  ],
};

describe("the relay's stream batches (ReportBatchItemFailures)", () => {
  it("a run that succeeds reports no failed record", async () => {
    const h = await createHarness();
    const lines: Record<string, unknown>[] = [];
    const result = await relayHandler(h.relay, (l) => lines.push(l))(batch);
    expect(result).toEqual({ done: 0, batchItemFailures: [] });
    expect(lines).toContainEqual(expect.objectContaining({ msg: "relay run", records: 2 }));
  });

  it("a run that fails (the table unreachable) reports the batch's outbox records, in order", async () => {
    const h = await createHarness();
    // A real DynamoDB Local error: the relay's table does not exist.
    const store = new DynamoDbStore({ client: h.client, tableName: `missing-${randomUUID()}` });
    const relay = new OutboxRelay({ store, scheduler: noScheduler, notifier: none, now: () => new Date() });
    const lines: Record<string, unknown>[] = [];
    const result = await relayHandler(relay, (l) => lines.push(l))(batch);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: "100" }, { itemIdentifier: "102" }]);
    expect(lines).toContainEqual(expect.objectContaining({ level: "error", msg: "relay run failed" }));
  });

  it("a failed sweep (no stream record) throws, so its asynchronous invocation is retried", async () => {
    const h = await createHarness();
    const store = new DynamoDbStore({ client: h.client, tableName: `missing-${randomUUID()}` });
    const relay = new OutboxRelay({ store, scheduler: noScheduler, notifier: none, now: () => new Date() });
    await expect(relayHandler(relay, () => {})({ sweep: true })).rejects.toThrow();
  });

  it("a batch with no outbox record does not run the relay", async () => {
    const h = await createHarness();
    const store = new DynamoDbStore({ client: h.client, tableName: `missing-${randomUUID()}` });
    const relay = new OutboxRelay({ store, scheduler: noScheduler, notifier: none, now: () => new Date() });
    const result = await relayHandler(relay, () => {})({ Records: [batch.Records[1] ?? outboxRecord("0")] });
    expect(result).toEqual({ done: 0, batchItemFailures: [] });
  });
});
