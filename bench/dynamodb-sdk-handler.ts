import { randomUUID } from "node:crypto";
import { BatchGetItemCommand, DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";

/**
 * A first turn's two DynamoDB requests and nothing else, through the SDK client built as the
 * functions build it (shared/aws/runtime.ts): what `@aws-sdk/client-dynamodb` alone costs a cold
 * start, against `bare` (nothing) and `dynamodb-by-hand` (the same requests without the SDK).
 */
const client = new DynamoDBClient({});

export const handler = async () => {
  const requests = firstTurnRequests(process.env.TABLE_NAME ?? "", randomUUID());
  await client.send(new BatchGetItemCommand(requests.batchGet));
  await client.send(new TransactWriteItemsCommand(requests.transactWrite));
  return { statusCode: 200 };
};

/**
 * The two DynamoDB requests of a duel's first turn, in the shape the webhook sends them (three keys
 * read at once; six items written in one transaction, the first conditioned), as plain DynamoDB
 * JSON so that the SDK and the hand-written client send the same bytes. A fresh id each time: every
 * cold start writes new items, as a new duel's first turn does.
 */
export function firstTurnRequests(table: string, id: string) {
  const key = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });
  const marks = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`p${i}`, { S: `${1_000 + i}:a:2026-12-01T10:0${i % 10}:00Z` }]),
  );
  const state = {
    status: { S: "active" },
    version: { N: "2" },
    turn: {
      M: { number: { N: "1" }, waiting: { L: [{ S: "Lina" }] }, deadline: { S: "2026-12-03T10:00:00Z" } },
    },
    duelists: {
      L: ["Lina", "Maël"].map((name) => ({
        M: { name: { S: name }, year: { S: "4" }, points: { N: "40" }, particularities: { L: [] } },
      })),
    },
  };
  const outbox = (n: number) => ({
    ...key(`OUTBOX#${id}`, `ENTRY#${n}`),
    due: { S: "2026-12-01T10:00:00Z" },
    payload: { S: JSON.stringify({ type: "notify", to: "referee", text: "x".repeat(240) }) },
  });
  return {
    batchGet: {
      RequestItems: {
        [table]: {
          Keys: [key(`FORUM#${id}`, "FORUM"), key(`DUEL#${id}`, "STATE"), key(`DUEL#${id}`, "MARKS")],
        },
      },
    },
    transactWrite: {
      TransactItems: [
        {
          Put: {
            TableName: table,
            Item: { ...key(`DUEL#${id}`, "STATE"), ...state },
            ConditionExpression: "attribute_not_exists(pk) OR version = :v",
            ExpressionAttributeValues: { ":v": { N: "1" } },
          },
        },
        {
          Put: { TableName: table, Item: { ...key(`DUEL#${id}`, "INPUT#1"), body: { S: "x".repeat(600) } } },
        },
        { Put: { TableName: table, Item: { ...key(`DUEL#${id}`, "MARKS"), marks: { M: marks } } } },
        ...[1, 2, 3].map((n) => ({ Put: { TableName: table, Item: outbox(n) } })),
      ],
    },
  };
}
