import { GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import type { ClubRead } from "../../ports/club-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { SecretSealer } from "../secrets/envelope.js";
import { joinSecrets, type SecretFields, splitSecrets } from "../secrets/forum-secrets.js";
import { type Item, marshall } from "./attributes.js";
import { guarded } from "./errors.js";
import { clubRecordOfItem, forumItem, forumPartsOf } from "./items.js";
import { batchGetAll, partitionQuery, queryAll, type TableAccess } from "./requests.js";
import { keys, partitions } from "./table.js";

/*
 * Forums (`ForumStore`), their secrets sealed on their item, and the club's records (`ClubStore`),
 * which share the forum's partition.
 */

/** What a forum's sealed secrets are bound to: sealed for one forum, they open for no other. */
const sealContext = (forumId: string) => `forum#${forumId}`;

/** A forum's item with its secrets opened (a forum with none has nothing sealed). */
export async function openForum(secrets: SecretSealer, item: Item): Promise<ForumConfig> {
  const { open, sealed } = forumPartsOf(item);
  if (sealed === undefined) return open;
  const fields = JSON.parse(await secrets.open(sealed, sealContext(open.forumId))) as SecretFields;
  return joinSecrets(open, fields);
}

export function getForum(
  table: TableAccess,
  secrets: SecretSealer,
  forumId: string,
): Promise<ForumConfig | null> {
  return guarded(async () => {
    const { Item } = await table.client.send(
      new GetItemCommand({
        TableName: table.tableName,
        Key: marshall(keys.forum(forumId)),
        ConsistentRead: true,
      }),
    );
    return Item ? openForum(secrets, Item) : null;
  });
}

export function listForums(table: TableAccess, secrets: SecretSealer): Promise<ForumConfig[]> {
  return guarded(async () => {
    // The index gives the ids (its sort key); each forum is then read consistently.
    const listed = await queryAll(table.client, partitionQuery(table.tableName, partitions.forums));
    const ids = listed.flatMap((item) => (item.gsi1sk?.S ? [item.gsi1sk.S] : []));
    const items = await batchGetAll(
      table.client,
      table.tableName,
      ids.map((id) => marshall(keys.forum(id))),
    );
    const forums = await Promise.all(items.map((item) => openForum(secrets, item)));
    return forums.sort((a, b) => (a.forumId < b.forumId ? -1 : a.forumId > b.forumId ? 1 : 0));
  });
}

/** The forum's item, its secrets sealed (none: nothing sealed). */
export function putForum(table: TableAccess, secrets: SecretSealer, forum: ForumConfig): Promise<void> {
  return guarded(async () => {
    const { open, secrets: fields } = splitSecrets(forum);
    const sealed =
      Object.keys(fields).length === 0
        ? null
        : await secrets.seal(JSON.stringify(fields), sealContext(forum.forumId));
    await table.client.send(
      new PutItemCommand({ TableName: table.tableName, Item: forumItem(open, sealed) }),
    );
  });
}

export function club(table: TableAccess, forumId: string): Promise<ClubRead> {
  // The forum's item and its duels' records share a partition: one query reads a club's page.
  // They are public and shown as of a moment: an eventually consistent read costs half.
  return guarded(async () => {
    const forumKey = keys.forum(forumId);
    const items = await queryAll(table.client, {
      TableName: table.tableName,
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "pk" },
      ExpressionAttributeValues: { ":pk": { S: forumKey.pk } },
    });
    const forum = items.find((item) => item.sk?.S === forumKey.sk);
    return {
      // The public records need no secret: the forum's settings are read without opening them.
      forum: forum ? forumPartsOf(forum).open : null,
      records: items.filter((item) => item.sk?.S?.startsWith("CLUB#")).map(clubRecordOfItem),
    };
  });
}
