import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import type { DuelistRecord, ForumAccount } from "../../ports/duelist-store.js";
import { unmarshall } from "./attributes.js";
import { guarded } from "./errors.js";
import { accountItem, accountOf, duelistOf, latestBan } from "./items.js";
import { queryAll, queryPrefix, type TableAccess } from "./requests.js";
import { keys } from "./table.js";

/*
 * Duelists (`DuelistStore`): each one's duels and bans under their partition, written by the
 * commits of their duels, and the forum's accounts (the names its posts were signed with).
 */

export function getDuelist(
  table: TableAccess,
  forumId: string,
  userId: string,
): Promise<DuelistRecord | null> {
  return guarded(async () => {
    const items = await queryAll(table.client, {
      TableName: table.tableName,
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "pk" },
      ExpressionAttributeValues: { ":pk": { S: keys.duelist(forumId, userId) } },
      ConsistentRead: true,
    });
    return duelistOf(forumId, userId, items);
  });
}

/** Every user asked for is in the answer: the latest end among their duels' bans, or null. */
export function bansOf(
  table: TableAccess,
  forumId: string,
  userIds: readonly string[],
): Promise<Record<string, string | null>> {
  return guarded(async () => {
    const bans = await Promise.all(
      [...new Set(userIds)].map(async (userId) => {
        const items = await queryPrefix(table, keys.duelist(forumId, userId), "BAN#");
        return [userId, latestBan(items.map(unmarshall))] as const;
      }),
    );
    return Object.fromEntries(bans);
  });
}

export function putAccount(table: TableAccess, forumId: string, account: ForumAccount): Promise<void> {
  return guarded(async () => {
    await table.client.send(
      new PutItemCommand({ TableName: table.tableName, Item: accountItem(forumId, account) }),
    );
  });
}

export function listAccounts(table: TableAccess, forumId: string): Promise<ForumAccount[]> {
  return guarded(async () => (await queryPrefix(table, keys.accounts(forumId), "USER#")).map(accountOf));
}
