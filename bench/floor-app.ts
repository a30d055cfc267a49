import {
  BatchGetItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";
import { Hono } from "hono";
import { standardWebhookRefusal } from "../shared/http/standard-webhooks.js";

const configKey = (forumId: string) => ({ pk: { S: `FLOOR#${forumId}` }, sk: { S: "CONFIG" } });

/** Stores the floor's one configuration item: the forum's webhook secret. */
export async function putFloorForum(
  client: DynamoDBClient,
  tableName: string,
  forumId: string,
  secret: string,
): Promise<void> {
  await client.send(
    new PutItemCommand({ TableName: tableName, Item: { ...configKey(forumId), secret: { S: secret } } }),
  );
}

/**
 * The least a webhook receiver can do, on the same route as ours: read the raw body, read the
 * forum's secret (one consistent GetItem), verify the Standard Webhooks signature (with our
 * receiver's own function, shared/http/standard-webhooks.ts), parse the body, store the delivery
 * (one PutItem), answer. What ours does beyond this is what the ratio measures.
 */
export function createFloorApp(client: DynamoDBClient, tableName: string): Hono {
  const app = new Hono();
  app.post("/webhooks/:forumId/generic", async (c) => {
    const raw = await c.req.text();
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: tableName,
        Key: configKey(c.req.param("forumId")),
        ConsistentRead: true,
      }),
    );
    const secret = Item?.secret?.S;
    if (!secret) return c.json({ error: { code: "unknown_sender" } }, 401);
    if (standardWebhookRefusal(raw, c.req.raw.headers, secret) !== undefined) {
      return c.json({ error: { code: "invalid_signature" } }, 401);
    }
    // Parsed once, as by every receiver (the Standard Webhooks library's `verify`, which the floor
    // used before, parsed it after the signature; the atomic floor below parses it to find the thread).
    JSON.parse(raw);
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: {
          pk: { S: `FLOOR#DELIVERY#${c.req.header("webhook-id") ?? ""}` },
          sk: { S: "DELIVERY" },
          body: { S: raw },
        },
      }),
    );
    return c.json({ result: "applied" });
  });
  return app;
}

/**
 * The least a receiver can do that commits atomically, as ours must (the duel's new state and the
 * input that made it, all or nothing, conditioned on the version read): one consistent
 * `BatchGetItem` (the forum's secret and the thread's state), the verification, one
 * `TransactWriteItems` of two items (the state, conditioned on its version; the delivery, written
 * only if new), answer. No decision, no outbox: what this costs above the floor is the price of
 * atomicity alone on this DynamoDB.
 */
export function createAtomicFloorApp(client: DynamoDBClient, tableName: string): Hono {
  const app = new Hono();
  app.post("/webhooks/:forumId/generic", async (c) => {
    const raw = await c.req.text();
    const thread = String((JSON.parse(raw) as { data?: { threadId?: unknown } }).data?.threadId ?? "");
    const stateKey = { pk: { S: `FLOOR#STATE#${thread}` }, sk: { S: "STATE" } };
    const forumKey = configKey(c.req.param("forumId"));
    const read = await client.send(
      new BatchGetItemCommand({
        RequestItems: { [tableName]: { Keys: [forumKey, stateKey], ConsistentRead: true } },
      }),
    );
    const items = read.Responses?.[tableName] ?? [];
    const secret = items.find((i) => i.pk?.S === forumKey.pk.S)?.secret?.S;
    if (!secret) return c.json({ error: { code: "unknown_sender" } }, 401);
    if (standardWebhookRefusal(raw, c.req.raw.headers, secret) !== undefined) {
      return c.json({ error: { code: "invalid_signature" } }, 401);
    }
    const version = Number(items.find((i) => i.pk?.S === stateKey.pk.S)?.version?.N ?? "0");
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...stateKey, version: { N: String(version + 1) } },
              ConditionExpression: version === 0 ? "attribute_not_exists(pk)" : "version = :v",
              ...(version === 0 ? {} : { ExpressionAttributeValues: { ":v": { N: String(version) } } }),
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                pk: { S: `FLOOR#DELIVERY#${c.req.header("webhook-id") ?? ""}` },
                sk: { S: "ATOMIC" },
                body: { S: raw },
              },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      }),
    );
    return c.json({ result: "applied" });
  });
  return app;
}
