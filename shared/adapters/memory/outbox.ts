import type { DedupKey } from "../../ports/dedup-key.js";
import { entriesOf, type OutboxEntry, partsDoneOf, withPartsDone } from "../../ports/outbox-store.js";
import { encodeDedupKey } from "../dynamodb/dedup-keys.js";
import { dueBound, sortInstant } from "../dynamodb/table.js";
import { byKey, inKeyOrder, type MemoryTables, outboxKey, parsed, within } from "./tables.js";

/** A duel's entries, oldest first. */
export function listOutbox(tables: MemoryTables, duelId: string): OutboxEntry[] {
  // A decision's parts are listed where their entries of their own would sort, as the table orders them.
  return inKeyOrder(tables.outbox.get(duelId))
    .flatMap((json) => entriesOf(parsed<OutboxEntry>(json)))
    .sort((a, b) => byKey(outboxKey(a), outboxKey(b)));
}

function allEntries(tables: MemoryTables): OutboxEntry[] {
  return [...tables.outbox.values()].flatMap((entries) =>
    [...entries.values()].map((json) => parsed<OutboxEntry>(json)),
  );
}

const isPending = (entry: OutboxEntry) => entry.doneAt === null && entry.failedAt === null;
const isFailed = (entry: OutboxEntry) => entry.doneAt === null && entry.failedAt !== null;

/** Pending entries due at or before `now`, by next attempt then id, as the outbox index orders them. */
export function dueOutbox(tables: MemoryTables, now: string, limit: number): OutboxEntry[] {
  if (limit <= 0) return [];
  const bound = dueBound(now);
  return allEntries(tables)
    .filter(isPending)
    .map((entry) => ({ entry, key: `${sortInstant(entry.nextAttemptAt)}#${entry.id}` }))
    .filter(({ key }) => byKey(key, bound) <= 0)
    .sort((a, b) => byKey(a.key, b.key))
    .slice(0, limit)
    .map(({ entry }) => entry);
}

/** Writes the entry if it is still at `expectedAttempts` (false: absent, or another relay wrote first). */
export function updateOutbox(tables: MemoryTables, entry: OutboxEntry, expectedAttempts: number): boolean {
  const entries = tables.outbox.get(entry.duelId);
  const key = outboxKey(entry);
  const stored = entries?.get(key);
  if (entries === undefined || stored === undefined) return false;
  if (parsed<OutboxEntry>(stored).attempts !== expectedAttempts) return false;
  entries.set(key, JSON.stringify(entry));
  return true;
}

/** The entry as stored, if it is at `expectedAttempts` (undefined otherwise, or absent). */
function storedAt(
  tables: MemoryTables,
  entry: OutboxEntry,
  expectedAttempts: number,
): OutboxEntry | undefined {
  const stored = tables.outbox.get(entry.duelId)?.get(outboxKey(entry));
  if (stored === undefined) return undefined;
  const current = parsed<OutboxEntry>(stored);
  return current.attempts === expectedAttempts ? current : undefined;
}

function write(tables: MemoryTables, entry: OutboxEntry): void {
  within(tables.outbox, entry.duelId).set(outboxKey(entry), JSON.stringify(entry));
}

/** Claims the pending entry (its attempts and lease only); the entry as stored once claimed, or null. */
export function claimOutbox(
  tables: MemoryTables,
  claimed: OutboxEntry,
  expectedAttempts: number,
  changeTimers: () => void = () => {},
): OutboxEntry | null {
  const stored = storedAt(tables, claimed, expectedAttempts);
  if (stored === undefined || !isPending(stored)) return null;
  changeTimers();
  const entry = { ...stored, attempts: claimed.attempts, nextAttemptAt: claimed.nextAttemptAt };
  write(tables, entry);
  return entry;
}

/** Records the entry's parts done and, once `doneAt` is set, the entry done; its effect as stored. */
export function recordOutbox(tables: MemoryTables, entry: OutboxEntry, expectedAttempts: number): boolean {
  const stored = storedAt(tables, entry, expectedAttempts);
  if (stored === undefined) return false;
  const effect = withPartsDone(stored.effect, partsDoneOf(entry.effect));
  write(
    tables,
    entry.doneAt === null
      ? { ...stored, effect }
      : { ...stored, effect, doneAt: entry.doneAt, lastError: null },
  );
  return true;
}

/** Writes the entry if it is still at `expectedAttempts`, and with it the entries split from it. */
export function splitOutbox(
  tables: MemoryTables,
  entry: OutboxEntry,
  expectedAttempts: number,
  split: readonly OutboxEntry[],
): boolean {
  if (!updateOutbox(tables, entry, expectedAttempts)) return false;
  for (const part of split) within(tables.outbox, part.duelId).set(outboxKey(part), JSON.stringify(part));
  return true;
}

/** Writes the entries with their dedup key, or nothing when the key is already there (false). */
export function enqueue(tables: MemoryTables, entries: readonly OutboxEntry[], dedupKey: DedupKey): boolean {
  const key = encodeDedupKey(dedupKey);
  if (tables.dedup.has(key)) return false;
  tables.dedup.add(key);
  for (const entry of entries)
    within(tables.outbox, entry.duelId).set(outboxKey(entry), JSON.stringify(entry));
  return true;
}

export function outboxCounts(tables: MemoryTables): { pendingEffects: number; failedEffects: number } {
  const entries = allEntries(tables);
  return {
    pendingEffects: entries.filter(isPending).length,
    failedEffects: entries.filter(isFailed).length,
  };
}
