import type { ClubDuelRecord } from "../../domain/club-record.js";
import type { ClubRead, EndedRange } from "../../ports/club-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { toInstant } from "../../time/duration.js";
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

/** The forum without its secrets (the public records need none). */
export function clubForum(tables: MemoryTables, forumId: string): ForumConfig | null {
  const forum = getForum(tables, forumId);
  return forum ? splitSecrets(forum).open : null;
}

/** The forum's running duels' records and those of the duels that ended within `ended`. */
export function clubRecords(
  tables: MemoryTables,
  forumId: string,
  ended: readonly EndedRange[],
): Omit<ClubRead, "forum"> {
  const all = inKeyOrder(tables.club.get(forumId)).map((json) => parsed<ClubDuelRecord>(json));
  const endOf = (r: ClubDuelRecord) => toInstant(r.endedAt ?? r.createdAt) ?? "";
  const ends = all
    .filter((r) => r.status === "finished")
    .map(endOf)
    .sort();
  return {
    records: all.filter(
      (r) =>
        r.status !== "finished" ||
        ended.some(
          ({ from, to }) => (toInstant(from) ?? "") <= endOf(r) && endOf(r) <= (toInstant(to) ?? ""),
        ),
    ),
    firstEndedAt: ends[0] ?? null,
  };
}
