import type {
  BatchWriteItemCommandInput,
  DynamoDBClient,
  KeysAndAttributes,
  WriteRequest,
} from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { batchGetAll, batchWriteAll } from "../../../shared/adapters/dynamodb/requests.js";
import { StorageUnavailableError } from "../../../shared/errors.js";
import { freshTable } from "../../support/harness.js";

/**
 * DynamoDB under throttling: the first `times` batch calls process only the first half of what they
 * name and answer the rest as unprocessed (`UnprocessedKeys`, `UnprocessedItems`), as DynamoDB does;
 * DynamoDB Local never does it by itself.
 */
function throttled(client: DynamoDBClient, times: number) {
  let calls = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      calls++;
      if (calls > times) return next(args);
      const input = args.input as { RequestItems?: Record<string, KeysAndAttributes | WriteRequest[]> };
      const [table, asked] = Object.entries(input.RequestItems ?? {})[0] ?? [];
      if (!table || !asked) return next(args);
      if (Array.isArray(asked)) {
        const half = Math.ceil(asked.length / 2);
        const answer = await next({ ...args, input: { RequestItems: { [table]: asked.slice(0, half) } } });
        const output = answer.output as unknown as Record<string, unknown>;
        return {
          ...answer,
          output: { ...output, UnprocessedItems: { [table]: asked.slice(half) } },
        } as never;
      }
      const keys = asked.Keys ?? [];
      const half = Math.ceil(keys.length / 2);
      const answer = await next({
        ...args,
        input: { RequestItems: { [table]: { ...asked, Keys: keys.slice(0, half) } } },
      });
      const output = answer.output as unknown as Record<string, unknown>;
      return {
        ...answer,
        output: { ...output, UnprocessedKeys: { [table]: { ...asked, Keys: keys.slice(half) } } },
      } as never;
    },
    { step: "initialize", name: "throttled" },
  );
  return { calls: () => calls };
}

const item = (n: number) => ({
  pk: { S: "BATCH" },
  sk: { S: `item#${String(n).padStart(3, "0")}` },
  n: { N: String(n) },
});
const key = (n: number) => ({ pk: { S: "BATCH" }, sk: { S: `item#${String(n).padStart(3, "0")}` } });

describe("CONTRACT 2 batch requests left partly unprocessed", () => {
  it("writes sent again until every one is processed, in batches of 25", async () => {
    const { client, tableName } = await freshTable();
    const calls = throttled(client, 3);
    await batchWriteAll(
      client,
      tableName,
      Array.from({ length: 30 }, (_, n) => ({ PutRequest: { Item: item(n) } })),
    );
    // 25 then 5 writes: the first batch answered by halves three times, then the rest.
    expect(calls.calls()).toBeGreaterThan(2);
    const read = await batchGetAll(
      client,
      tableName,
      Array.from({ length: 30 }, (_, n) => key(n)),
    );
    expect(read.map((i) => Number(i.n?.N)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, n) => n),
    );
  });

  it("keys asked again until every one is read, in batches of 100", async () => {
    const { client, tableName } = await freshTable();
    await batchWriteAll(
      client,
      tableName,
      Array.from({ length: 120 }, (_, n) => ({ PutRequest: { Item: item(n) } })),
    );
    throttled(client, 2);
    const read = await batchGetAll(
      client,
      tableName,
      Array.from({ length: 120 }, (_, n) => key(n)),
    );
    expect(read).toHaveLength(120);
    expect(new Set(read.map((i) => i.sk?.S)).size).toBe(120);
  });

  it("CONTRACT 2 storage unavailable (the error a 503 answers) when the writes stay unprocessed", async () => {
    const { client, tableName } = await freshTable();
    // DynamoDB answering every write as unprocessed, every time.
    client.middlewareStack.add(
      () => async (args) => {
        const input = args.input as BatchWriteItemCommandInput;
        return { response: {}, output: { $metadata: {}, UnprocessedItems: input.RequestItems } } as never;
      },
      { step: "initialize", name: "neverProcessed", priority: "high" },
    );
    await expect(
      batchWriteAll(client, tableName, [{ PutRequest: { Item: item(1) } }]),
    ).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
