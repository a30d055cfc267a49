import type { ClubDuelRecord } from "../../domain/club-record.js";
import type { ClubRead } from "../../ports/club-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { splitSecrets } from "../secrets/forum-secrets.js";
import { byKey, copyOf, inKeyOrder, type MemoryTables, parsed } from "./tables.js";

export function getForum(tables: MemoryTables, forumId: string): ForumConfig | null {
  const json = tables.forums.get(forumId);
  return json === undefined ? null : parsed<ForumConfig>(json);
}

/** Every forum, by id. */
export function listForums(tables: MemoryTables): ForumConfig[] {
  return [...tables.forums.keys()].sort(byKey).flatMap((id) => getForum(tables, id) ?? []);
}

export function putForum(tables: MemoryTables, forum: ForumConfig): void {
  tables.forums.set(forum.forumId, JSON.stringify(copyOf(forum)));
}

/** The forum without its secrets (the public records need none) and its duels' records. */
export function club(tables: MemoryTables, forumId: string): ClubRead {
  const forum = getForum(tables, forumId);
  return {
    forum: forum ? splitSecrets(forum).open : null,
    records: inKeyOrder(tables.club.get(forumId)).map((json) => parsed<ClubDuelRecord>(json)),
  };
}
