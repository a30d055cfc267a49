import type { DuelState, PostMark } from "../../domain/state.js";
import type { DuelSnapshot, LoadedDuel, StoredInput } from "../../ports/duel-repository.js";
import type { ForumAccount } from "../../ports/duelist-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { Ruleset } from "../../rules/ruleset.js";
import { decodeOrder } from "../dynamodb/input-keys.js";
import { decodeMark } from "../dynamodb/post-marks.js";
import { duelOfStored, type StoredDuel } from "../dynamodb/stored-duel.js";
import { byKey, type DuelRow, inKeyOrder, type MemoryTables, parsed } from "./tables.js";

/** The snapshot a duel's row holds, its ruleset joined back and its hot marks decoded. */
export function snapshotOf(row: DuelRow): DuelSnapshot {
  return {
    duelId: row.duelId,
    version: row.version,
    state: duelOfStored(parsed<StoredDuel>(row.state), parsed<Ruleset>(row.ruleset)),
    lastOrder: decodeOrder(row.lastKey),
    updatedAt: row.updatedAt,
  };
}

export function loadDuel(tables: MemoryTables, duelId: string): DuelSnapshot | null {
  const row = tables.duels.get(duelId);
  return row ? snapshotOf(row) : null;
}

/** The stored marks of these posts (those that have one). */
export function loadPostMarks(
  tables: MemoryTables,
  duelId: string,
  postIds: readonly string[],
): Record<string, PostMark> {
  const posts = tables.posts.get(duelId);
  const marks: Record<string, PostMark> = {};
  for (const postId of new Set(postIds)) {
    const mark = posts?.get(postId)?.mark;
    if (mark !== undefined) marks[postId] = decodeMark(mark);
  }
  return marks;
}

export function listPostMarks(tables: MemoryTables, duelId: string): Record<string, PostMark> {
  const posts = tables.posts.get(duelId);
  return loadPostMarks(tables, duelId, posts ? [...posts.keys()].sort(byKey) : []);
}

export function loadForumAndDuel(
  tables: MemoryTables,
  forumId: string,
  forum: ForumConfig | null,
  duelId: string,
  postIds: readonly string[],
  authorIds: readonly string[],
): LoadedDuel {
  const postsRead = [...new Set(postIds)];
  const authors = [...new Set(authorIds)];
  const held = tables.accounts.get(forumId);
  const accounts: Record<string, ForumAccount | null> = {};
  for (const userId of authors) {
    const json = held?.get(userId);
    accounts[userId] = json === undefined ? null : parsed<ForumAccount>(json);
  }
  return {
    forum,
    duel: loadDuel(tables, duelId),
    postsRead,
    marks: loadPostMarks(tables, duelId, postsRead),
    ...(authors.length > 0 ? { accounts } : {}),
  };
}

export function listInputs(tables: MemoryTables, duelId: string): StoredInput[] {
  return inKeyOrder(tables.inputs.get(duelId)).map((json) => parsed<StoredInput>(json));
}

/** Duels of this status, the most recently updated first (ties by id). */
export function listDuels(tables: MemoryTables, status: DuelState["status"], limit?: number): DuelSnapshot[] {
  return [...tables.duels.values()]
    .filter((row) => row.status === status)
    .sort((a, b) =>
      a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : byKey(a.duelId, b.duelId),
    )
    .slice(0, limit ?? Number.POSITIVE_INFINITY)
    .map(snapshotOf);
}
