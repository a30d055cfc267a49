import type { DuelistRecord, ForumAccount } from "../../ports/duelist-store.js";
import { accountJson, duelistKey, inKeyOrder, type MemoryTables, parsed, within } from "./tables.js";

/** The latest end among a duelist's bans (one per duel that bans them), or null. */
function latestBan(tables: MemoryTables, forumId: string, userId: string): string | null {
  let latest: string | null = null;
  for (const until of tables.bans.get(duelistKey(forumId, userId))?.values() ?? []) {
    if (latest === null || until > latest) latest = until;
  }
  return latest;
}

/** A duelist's bans and duels, newest first; null when no duel ever named them. */
export function getDuelist(tables: MemoryTables, forumId: string, userId: string): DuelistRecord | null {
  const key = duelistKey(forumId, userId);
  const duels = [...(tables.duelistDuels.get(key)?.values() ?? [])];
  if (duels.length === 0 && (tables.bans.get(key)?.size ?? 0) === 0) return null;
  return {
    forumId,
    userId,
    bannedUntil: latestBan(tables, forumId, userId),
    duels: duels
      .map((duel) => ({ ...duel }) as DuelistRecord["duels"][number])
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
  };
}

/** Every user asked for: the latest end among their bans, or null. */
export function bansOf(
  tables: MemoryTables,
  forumId: string,
  userIds: readonly string[],
): Record<string, string | null> {
  return Object.fromEntries(
    [...new Set(userIds)].map((userId) => [userId, latestBan(tables, forumId, userId)]),
  );
}

export function rememberAccount(tables: MemoryTables, forumId: string, account: ForumAccount): void {
  within(tables.accounts, forumId).set(account.userId, accountJson(account));
}

/** The forum's accounts, by user id as the table's sort key orders them. */
export function listAccounts(tables: MemoryTables, forumId: string): ForumAccount[] {
  return inKeyOrder(tables.accounts.get(forumId)).map((json) => parsed<ForumAccount>(json));
}
