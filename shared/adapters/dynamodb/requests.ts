import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  type DynamoDBClient,
  QueryCommand,
  type QueryCommandInput,
} from "@aws-sdk/client-dynamodb";
import { StorageUnavailableError } from "../../errors.js";
import type { Item } from "./attributes.js";
import { dueBound, GSI1 } from "./table.js";

/** Every page of a query, or the first `limit` items (a page stops at 1 MB, so one may not be enough). */
export async function queryAll(
  client: DynamoDBClient,
  input: QueryCommandInput,
  limit?: number,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        ...input,
        ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        ...(limit === undefined ? {} : { Limit: limit - items.length }),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined && (limit === undefined || items.length < limit));
  return items;
}

/** How many items a query matches, counted by DynamoDB (Select COUNT), across pages. */
export async function countAll(client: DynamoDBClient, input: QueryCommandInput): Promise<number> {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        ...input,
        Select: "COUNT",
        ...(start === undefined ? {} : { ExclusiveStartKey: start }),
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
}

const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;
const UNPROCESSED_ATTEMPTS = 8;

/**
 * Sends `first`, then what each answer left unprocessed (throttling), with a short backoff; if some
 * stay unprocessed, storage is, for the caller, unavailable.
 */
async function untilProcessed<T>(
  what: string,
  first: readonly T[],
  send: (pending: readonly T[]) => Promise<readonly T[]>,
): Promise<void> {
  let pending = first;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= UNPROCESSED_ATTEMPTS)
      throw new StorageUnavailableError(new Error(`${pending.length} ${what} left unprocessed`));
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    pending = await send(pending);
  }
}

/**
 * Strongly consistent reads of these keys, in batches of 100 (`untilProcessed`). Items come back
 * in no particular order; missing items are simply absent.
 */
export async function batchGetAll(
  client: DynamoDBClient,
  tableName: string,
  keys: readonly Item[],
): Promise<Item[]> {
  const items: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    await untilProcessed("keys of a BatchGetItem", keys.slice(i, i + BATCH_GET_MAX), async (pending) => {
      const answer = await client.send(
        new BatchGetItemCommand({
          RequestItems: { [tableName]: { Keys: [...pending], ConsistentRead: true } },
        }),
      );
      items.push(...(answer.Responses?.[tableName] ?? []));
      return answer.UnprocessedKeys?.[tableName]?.Keys ?? [];
    });
  }
  return items;
}

/** One write of a `BatchWriteItem`: an item to put, or the key of one to delete. */
export type BatchWrite =
  | { readonly PutRequest: { readonly Item: Item } }
  | { readonly DeleteRequest: { readonly Key: Item } };

/**
 * These writes in batches of 25 (`untilProcessed`); the caller names each key once (DynamoDB refuses
 * a call that names one twice). Not all or nothing: a batch that failed may have written part of
 * itself.
 */
export async function batchWriteAll(
  client: DynamoDBClient,
  tableName: string,
  writes: readonly BatchWrite[],
): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH_WRITE_MAX) {
    await untilProcessed(
      "writes of a BatchWriteItem",
      writes.slice(i, i + BATCH_WRITE_MAX),
      async (pending) => {
        const answer = await client.send(
          new BatchWriteItemCommand({ RequestItems: { [tableName]: [...pending] } }),
        );
        return (answer.UnprocessedItems?.[tableName] ?? []) as BatchWrite[];
      },
    );
  }
}

/** A partition's items whose sort key starts with `prefix`, in sort-key order, read consistently. */
export function prefixQuery(tableName: string, pk: string, prefix: string): QueryCommandInput {
  return {
    TableName: tableName,
    KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :prefix)",
    ExpressionAttributeNames: { "#pk": "pk", "#sk": "sk" },
    ExpressionAttributeValues: { ":pk": { S: pk }, ":prefix": { S: prefix } },
    ConsistentRead: true,
  };
}

/** A gsi1 partition, oldest first. (An index is never read consistently: callers that act on it are conditioned.) */
export function partitionQuery(tableName: string, partition: string): QueryCommandInput {
  return {
    TableName: tableName,
    IndexName: GSI1,
    KeyConditionExpression: "#gpk = :gpk",
    ExpressionAttributeNames: { "#gpk": "gsi1pk" },
    ExpressionAttributeValues: { ":gpk": { S: partition } },
  };
}

/** The items of a gsi1 partition whose `<instant>#<id>` sort key is at or before `now`, oldest first. */
export function dueQuery(tableName: string, partition: string, now: string): QueryCommandInput {
  return {
    TableName: tableName,
    IndexName: GSI1,
    KeyConditionExpression: "#gpk = :gpk AND #gsk <= :now",
    ExpressionAttributeNames: { "#gpk": "gsi1pk", "#gsk": "gsi1sk" },
    ExpressionAttributeValues: { ":gpk": { S: partition }, ":now": { S: dueBound(now) } },
  };
}
