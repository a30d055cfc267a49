import { type AttributeValue, type DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import type { SessionReveal } from "../../ports/access-store.js";
import { type Item, marshall } from "./attributes.js";
import { isConditionalCheckFailed } from "./errors.js";
import { keys } from "./table.js";

/** Each reveal is an attribute of the session item: ending the session (logout, TTL) drops it. */
const PREFIX = "reveal_";

interface Target {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

function revealOf(id: string, value: AttributeValue | undefined): SessionReveal | null {
  const fields = value?.M;
  const page = fields?.page?.S;
  const sealed = fields?.sealed?.S;
  const until = fields?.until?.S;
  return page && sealed && until ? { id, page, sealed, until } : null;
}

/**
 * Sets the reveal on the session, only if the session exists (an update alone would create a
 * half item), then forgets the session's reveals that nobody came to see in time.
 */
export async function putSessionReveal(
  { client, tableName }: Target,
  sessionIdHash: string,
  reveal: SessionReveal,
  now: Date,
): Promise<boolean> {
  const Key = marshall(keys.session(sessionIdHash));
  let kept: Item | undefined;
  try {
    const { page, sealed, until } = reveal;
    ({ Attributes: kept } = await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key,
        UpdateExpression: "SET #reveal = :reveal",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#reveal": `${PREFIX}${reveal.id}` },
        ExpressionAttributeValues: { ":reveal": { M: marshall({ page, sealed, until }) } },
        ReturnValues: "ALL_NEW",
      }),
    ));
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
  const stale = Object.entries(kept ?? {}).flatMap(([name, value]) => {
    const old = name.startsWith(PREFIX) ? revealOf(name.slice(PREFIX.length), value) : null;
    return old === null || Date.parse(old.until) > now.getTime() ? [] : [name];
  });
  if (stale.length > 0) {
    const names = Object.fromEntries(stale.map((name, i) => [`#stale${i}`, name]));
    await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key,
        UpdateExpression: `REMOVE ${Object.keys(names).join(", ")}`,
        ExpressionAttributeNames: names,
      }),
    );
  }
  return true;
}

/**
 * Removes the reveal if it is this page's, returning what it was: a conditional remove, so of
 * two requests at once exactly one gets it back.
 */
export async function takeSessionReveal(
  { client, tableName }: Target,
  sessionIdHash: string,
  id: string,
  page: string,
): Promise<SessionReveal | null> {
  const name = `${PREFIX}${id}`;
  try {
    const { Attributes } = await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: marshall(keys.session(sessionIdHash)),
        UpdateExpression: "REMOVE #reveal",
        ConditionExpression: "#reveal.#page = :page",
        ExpressionAttributeNames: { "#reveal": name, "#page": "page" },
        ExpressionAttributeValues: { ":page": { S: page } },
        ReturnValues: "UPDATED_OLD",
      }),
    );
    return revealOf(id, Attributes?.[name]);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}
