import { randomUUID } from "node:crypto";
import { BatchGetItemCommand, DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import { firstTurnRequests } from "./first-turn-requests.js";

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
