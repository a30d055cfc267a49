import { type DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { Hono } from "hono";
import { Webhook } from "standardwebhooks";

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
 * forum's secret (one consistent GetItem), verify the Standard Webhooks signature, store the
 * delivery (one PutItem), answer. What ours does beyond this is what the ratio measures.
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
    try {
      new Webhook(secret).verify(raw, Object.fromEntries(c.req.raw.headers));
    } catch {
      return c.json({ error: { code: "invalid_signature" } }, 401);
    }
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
