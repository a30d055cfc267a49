import type { Credential, DeskSession, LoginFailures, SessionReveal } from "../../ports/access-store.js";
import type { ForumAccount } from "../../ports/duelist-store.js";
import type { ChainRead } from "../../ports/poll-store.js";
import { sortInstant } from "../dynamodb/table.js";

/*
 * The memory store's one data structure: every port reads and writes these maps, so a commit's
 * club record, duelists, outbox entries and accounts are seen through the other ports at once, as
 * on the DynamoDB table. Documents are kept as JSON text, as the table keeps them: each read
 * parses a copy (a caller mutating what it got never changes the store), and a value that does not
 * survive JSON (an `undefined` field) comes back as DynamoDB gives it back.
 */

/** A duel's snapshot as kept: its state as JSON without the ruleset, which is kept apart. */
export interface DuelRow {
  readonly duelId: string;
  readonly forumId: string;
  readonly threadId: string;
  readonly version: number;
  readonly status: string;
  /** The latest input's order, encoded as the table's snapshot holds it (`input-keys.ts`). */
  readonly lastKey: string;
  readonly updatedAt: string;
  /** The state without its ruleset, its hot post marks encoded as the snapshot item holds them. */
  readonly state: string;
  readonly ruleset: string;
  readonly rulesetHash: string;
}

/** A post's item: its mark (encoded; absent once removed) and the dedup keys of its deliveries. */
export interface PostRow {
  readonly mark?: string;
  readonly seen: ReadonlySet<string>;
}

/** A duel of a duelist's history, as the duelist's item keeps it. */
export interface DuelistDuelRow {
  readonly duelId: string;
  readonly threadId: string;
  readonly status: string;
  readonly outcome: string | null;
  readonly at: string;
}

export interface MemoryTables {
  readonly duels: Map<string, DuelRow>;
  /** By duel, then input key (the order encoded as the table's sort key). JSON of a StoredInput. */
  readonly inputs: Map<string, Map<string, string>>;
  /** By duel, then post id. */
  readonly posts: Map<string, Map<string, PostRow>>;
  /** By duel, then `outboxKey`. JSON of an OutboxEntry. */
  readonly outbox: Map<string, Map<string, string>>;
  /** Dedup keys of commits and of `enqueue`: one namespace, as the table's `DEDUP#` items. */
  readonly dedup: Set<string>;
  /** JSON of a ForumConfig, its secrets included (the table seals them apart). */
  readonly forums: Map<string, string>;
  /** By `duelistKey`, then duel id. */
  readonly duelistDuels: Map<string, Map<string, DuelistDuelRow>>;
  /** By `duelistKey`, then duel id: the end of the ban that duel imposes. */
  readonly bans: Map<string, Map<string, string>>;
  /** By forum, then user id. JSON of a ForumAccount. */
  readonly accounts: Map<string, Map<string, string>>;
  /** By forum, then duel id. JSON of a ClubDuelRecord. */
  readonly club: Map<string, Map<string, string>>;
  /** By name. JSON of a TimerSpec. */
  readonly timers: Map<string, string>;
  readonly credentials: Map<string, Credential>;
  readonly sessions: Map<
    string,
    { readonly session: DeskSession; readonly reveals: Map<string, SessionReveal> }
  >;
  readonly loginFailures: Map<string, LoginFailures>;
  /** By duel. JSON of a PollState. */
  readonly polls: Map<string, string>;
  readonly chains: Map<string, ChainRead>;
  /** Sections' listings as JSON, by `forumId#sectionId`. */
  readonly sections: Map<string, string>;
}

export function emptyTables(): MemoryTables {
  return {
    duels: new Map(),
    inputs: new Map(),
    posts: new Map(),
    outbox: new Map(),
    dedup: new Set(),
    forums: new Map(),
    duelistDuels: new Map(),
    bans: new Map(),
    accounts: new Map(),
    club: new Map(),
    timers: new Map(),
    credentials: new Map(),
    sessions: new Map(),
    loginFailures: new Map(),
    polls: new Map(),
    chains: new Map(),
    sections: new Map(),
  };
}

/** A copy of a document, as a read of its JSON gives it. */
export function copyOf<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function parsed<T>(json: string): T {
  return JSON.parse(json) as T;
}

/** The inner map of `outer` under `key`, made when absent. */
export function within<K, V>(outer: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = outer.get(key);
  if (inner === undefined) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

/** Sort keys compared as DynamoDB compares them: by their UTF-8 bytes. */
export function byKey(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** The values of a map in the order of their keys. */
export function inKeyOrder<V>(map: ReadonlyMap<string, V> | undefined): V[] {
  if (map === undefined) return [];
  return [...map.entries()].sort(([a], [b]) => byKey(a, b)).map(([, value]) => value);
}

/** A duel's outbox entry's key, ordering a duel's entries by creation as the table's sort key does. */
export function outboxKey(entry: { readonly createdAt: string; readonly id: string }): string {
  return `${sortInstant(entry.createdAt)}#${entry.id}`;
}

/** An account as the table keeps it: an empty username is no username. */
export function accountJson(account: ForumAccount): string {
  const { userId, name, username, seenAt } = account;
  return JSON.stringify({ userId, name, ...(username ? { username } : {}), seenAt });
}

/** A duelist's key within a forum. */
export function duelistKey(forumId: string, userId: string): string {
  return `${forumId}#${userId}`;
}
