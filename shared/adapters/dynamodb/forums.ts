import { GetItemCommand, PutItemCommand, type QueryCommandInput } from "@aws-sdk/client-dynamodb";
import type { ClubDuelRecord } from "../../domain/club-record.js";
import type { ClubRead, EndedRange } from "../../ports/club-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { SecretSealer } from "../secrets/envelope.js";
import { joinSecrets, type SecretFields, splitSecrets } from "../secrets/forum-secrets.js";
import { type Item, marshall } from "./attributes.js";
import { guarded } from "./errors.js";
import { clubEndKey, clubRecordOfItem, forumItem, forumPartsOf } from "./items.js";
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
    const ids = await forumIds(table);
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

/** Every forum's id, from the index alone (no forum is read). */
export async function forumIds(table: TableAccess): Promise<string[]> {
  const listed = await queryAll(table.client, partitionQuery(table.tableName, partitions.forums));
  return listed.flatMap((item) => (item.gsi1sk?.S ? [item.gsi1sk.S] : []));
}

/** The forum for its club's pages: public, shown as of a moment, its secrets left sealed. */
export function clubForum(table: TableAccess, forumId: string): Promise<ForumConfig | null> {
  // An eventually consistent read costs half; the records need no secret.
  return guarded(async () => {
    const { Item } = await table.client.send(
      new GetItemCommand({ TableName: table.tableName, Key: marshall(keys.forum(forumId)) }),
    );
    return Item ? forumPartsOf(Item).open : null;
  });
}

/**
 * The forum's running duels' records and those of the duels that ended within `ended`, read from
 * the club's index: its cost grows with what a page shows, never with the club's past.
 */
export function clubRecords(
  table: TableAccess,
  forumId: string,
  ended: readonly EndedRange[],
): Promise<Omit<ClubRead, "forum">> {
  return guarded(async () => {
    const partition = partitions.club(forumId);
    const query = (condition: string, values: Record<string, string>): QueryCommandInput => ({
      ...partitionQuery(table.tableName, partition),
      KeyConditionExpression: `#gpk = :gpk AND ${condition}`,
      ExpressionAttributeNames: { "#gpk": "gsi1pk", "#gsk": "gsi1sk" },
      ExpressionAttributeValues: {
        ":gpk": { S: partition },
        ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { S: v }])),
      },
    });
    const [running, first, ...ranges] = await Promise.all([
      queryAll(table.client, query("begins_with(#gsk, :run)", { ":run": "RUN#" })),
      queryAll(table.client, query("begins_with(#gsk, :end)", { ":end": "END#" }), 1),
      ...ended.map(({ from, to }) =>
        queryAll(
          table.client,
          query("#gsk BETWEEN :from AND :to", { ":from": clubEndKey(from), ":to": clubEndKey(to) }),
        ),
      ),
    ]);
    const records = new Map<string, ClubDuelRecord>();
    for (const item of [...running, ...ranges.flat()]) {
      const record = clubRecordOfItem(item);
      records.set(record.duelId, record);
    }
    const firstRecord = first[0] ? clubRecordOfItem(first[0]) : null;
    return {
      records: [...records.values()],
      firstEndedAt: firstRecord ? (firstRecord.endedAt ?? firstRecord.createdAt) : null,
    };
  });
}
