import { type DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import type { OutboxEntry } from "../../ports/duel-store.js";
import type { FailingPoll, PollState, PollStore } from "../../ports/poll-store.js";
import { jsonOf, marshall, numberOf, optionalStringOf, stringOf, unmarshall } from "./attributes.js";
import { guarded, isConditionalCheckFailed, storageError } from "./errors.js";
import { outboxItem } from "./items.js";
import { partitionQuery, queryAll } from "./requests.js";

/**
 * The poller's items, beside the duels in the same table (layout in `table.ts`):
 *
 * | Item       | pk              | sk     | gsi1pk           | gsi1sk     | Attributes |
 * |------------|-----------------|--------|------------------|------------|------------|
 * | poll state | `POLL#<duelId>` | `POLL` | `POLLS#failing` while its last poll failed | `<duelId>` | `version` N, `state` (PollState as JSON S), `duelId`, `attempts` (failures), `lastError`, `createdAt` (failing since) |
 *
 * The failing ones are in gsi1 with the attributes it projects, so `/status` lists them without a scan.
 */
const FAILING = "POLLS#failing";

function pollKey(duelId: string) {
  return { pk: `POLL#${duelId}`, sk: "POLL" };
}

export class DynamoDbPollStore implements PollStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  getPollState(duelId: string): Promise<PollState | null> {
    return guarded(async () => {
      const answer = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: marshall(pollKey(duelId)),
          ConsistentRead: true,
        }),
      );
      if (!answer.Item) return null;
      const plain = unmarshall(answer.Item);
      return { ...jsonOf<PollState>(plain, "state"), version: numberOf(plain, "version") };
    });
  }

  async putPollState(state: PollState, expectedVersion: number): Promise<boolean> {
    const { pk, sk } = pollKey(state.duelId);
    const failing = state.failures > 0 ? { gsi1pk: FAILING, gsi1sk: state.duelId } : {};
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: marshall({
            pk,
            sk,
            duelId: state.duelId,
            version: expectedVersion + 1,
            state: JSON.stringify({ ...state, version: expectedVersion + 1 }),
            attempts: state.failures,
            lastError: state.lastError,
            createdAt: state.failingSince,
            ...failing,
          }),
          ConditionExpression: expectedVersion === 0 ? "attribute_not_exists(#pk)" : "#version = :expected",
          ExpressionAttributeNames: expectedVersion === 0 ? { "#pk": "pk" } : { "#version": "version" },
          ...(expectedVersion === 0
            ? {}
            : { ExpressionAttributeValues: { ":expected": { N: String(expectedVersion) } } }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw storageError(error);
    }
  }

  listFailingPolls(): Promise<FailingPoll[]> {
    return guarded(async () => {
      const items = await queryAll(this.client, partitionQuery(this.tableName, FAILING));
      return items.map((item) => {
        const plain = unmarshall(item);
        return {
          duelId: stringOf(plain, "duelId"),
          failures: numberOf(plain, "attempts"),
          lastError: optionalStringOf(plain, "lastError"),
          failingSince: optionalStringOf(plain, "createdAt"),
        };
      });
    });
  }

  async addOutbox(entries: readonly OutboxEntry[]): Promise<void> {
    for (const entry of entries) {
      try {
        await this.client.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: outboxItem(entry),
            ConditionExpression: "attribute_not_exists(#pk)",
            ExpressionAttributeNames: { "#pk": "pk" },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw storageError(error);
      }
    }
  }
}
