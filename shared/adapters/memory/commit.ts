import type { PostMark } from "../../domain/state.js";
import { ConcurrencyError, DuplicateError } from "../../errors.js";
import type { DuelCommit } from "../../ports/duel-repository.js";
import type { DuelistChange } from "../../ports/duelist-store.js";
import { MAX_TRANSACTION_ITEMS } from "../dynamodb/commit.js";
import { lastOrderOf, markChangesOf } from "../dynamodb/commit-changes.js";
import { encodeDedupKey } from "../dynamodb/dedup-keys.js";
import { encodeOrder } from "../dynamodb/input-keys.js";
import { encodeMark, snapshotMarks } from "../dynamodb/post-marks.js";
import { rulesetHash } from "../dynamodb/rulesets.js";
import { accountJson, duelistKey, type MemoryTables, outboxKey, within } from "./tables.js";

/** A post's write: its new mark (null: removed; absent: unchanged) and its deliveries' dedup keys. */
interface MarkWrite {
  readonly postId: string;
  readonly mark?: PostMark | null;
  readonly seen: readonly string[];
}

/**
 * What a commit writes, one entry per item as the DynamoDB transaction has them (repeated keys
 * collapsed, the last one winning), so that it is counted and conditioned the same way.
 */
interface CommitWrites {
  readonly rulesetStored: boolean;
  readonly inputs: DuelCommit["inputs"];
  readonly marks: readonly MarkWrite[];
  readonly dedupKeys: readonly string[];
  readonly outbox: DuelCommit["outbox"];
  readonly duelists: readonly DuelistChange[];
  readonly accounts: NonNullable<DuelCommit["accounts"]>;
  readonly club: boolean;
}

/**
 * Applies a commit as the DynamoDB store's one transaction does (`dynamodb/commit.ts`), entirely
 * or not at all: first refused when malformed or over the items of one transaction (an Error);
 * then every condition checked, a duplicate (an input key taken by another input, a delivery
 * already recorded on its post, a dedup key already written) winning over a stale version; and
 * only then every write, with no await in between, so no other call sees half of it.
 */
export function applyCommit(tables: MemoryTables, commit: DuelCommit): void {
  const { duelId, snapshot, expectedVersion } = commit;
  if (snapshot.duelId !== duelId) throw new Error(`snapshot of ${snapshot.duelId} committed as ${duelId}`);
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0 || snapshot.version <= expectedVersion) {
    throw new Error(`duel ${duelId}: version ${snapshot.version} does not follow ${expectedVersion}`);
  }
  const current = tables.duels.get(duelId);
  const { ruleset, ...rest } = snapshot.state;
  const hash = rulesetHash(ruleset);
  const writes = writesOf(commit, current?.version === expectedVersion && current.rulesetHash === hash);
  const items = itemCount(writes);
  if (items > MAX_TRANSACTION_ITEMS) {
    throw new Error(
      `duel ${duelId}: commit of ${items} items exceeds the ${MAX_TRANSACTION_ITEMS} items of one DynamoDB transaction`,
    );
  }

  const duplicate = firstDuplicate(tables, duelId, writes);
  if (duplicate !== undefined) throw new DuplicateError(duplicate);
  const found = expectedVersion === 0 ? current === undefined : current?.version === expectedVersion;
  if (!found) throw new ConcurrencyError(duelId);

  tables.duels.set(duelId, {
    duelId,
    forumId: commit.forumId,
    threadId: commit.threadId,
    version: snapshot.version,
    status: snapshot.state.status,
    lastKey: encodeOrder(lastOrderOf(commit)),
    updatedAt: snapshot.updatedAt,
    state: JSON.stringify({ ...rest, posts: snapshotMarks(snapshot.state) }),
    ruleset: writes.rulesetStored && current ? current.ruleset : JSON.stringify(ruleset),
    rulesetHash: hash,
  });
  const inputs = within(tables.inputs, duelId);
  for (const input of writes.inputs) inputs.set(encodeOrder(input.order), JSON.stringify(input));
  const posts = within(tables.posts, duelId);
  for (const write of writes.marks) {
    const before = posts.get(write.postId);
    const mark =
      write.mark === undefined ? before?.mark : write.mark === null ? undefined : encodeMark(write.mark);
    const seen = new Set([...(before?.seen ?? []), ...write.seen]);
    posts.set(write.postId, mark === undefined ? { seen } : { mark, seen });
  }
  for (const key of writes.dedupKeys) tables.dedup.add(key);
  for (const entry of writes.outbox) {
    within(tables.outbox, entry.duelId).set(outboxKey(entry), JSON.stringify(entry));
  }
  for (const change of writes.duelists) writeDuelist(tables, change);
  const accounts = within(tables.accounts, commit.forumId);
  for (const account of writes.accounts) accounts.set(account.userId, accountJson(account));
  if (commit.club) {
    within(tables.club, commit.club.forumId).set(commit.club.duelId, JSON.stringify(commit.club));
  }
}

/**
 * The items a commit writes, counted as `DynamoDbStore.commitItems` counts them: its ruleset
 * always, whether or not it is written again.
 */
export function commitItemCount(commit: DuelCommit): number {
  return itemCount(writesOf(commit, false));
}

function writesOf(commit: DuelCommit, rulesetStored: boolean): CommitWrites {
  return {
    rulesetStored,
    inputs: lastByKey(commit.inputs, (input) => encodeOrder(input.order)),
    marks: markWrites(commit),
    dedupKeys: [...new Set(commit.dedupKeys.map(encodeDedupKey))],
    outbox: lastByKey(commit.outbox, (entry) => `${entry.duelId}|${outboxKey(entry)}`),
    duelists: lastByKey(commit.duelists, (change) =>
      [change.type, duelistKey(change.forumId, change.userId), change.duelId].join("|"),
    ),
    accounts: lastByKey(commit.accounts ?? [], (account) => account.userId),
    club: commit.club !== undefined,
  };
}

function itemCount(writes: CommitWrites): number {
  return (
    1 +
    (writes.rulesetStored ? 0 : 1) +
    writes.inputs.length +
    writes.marks.length +
    writes.dedupKeys.length +
    writes.outbox.length +
    writes.duelists.length +
    writes.accounts.length +
    (writes.club ? 1 : 0)
  );
}

/**
 * The key the commit repeats, in the transaction's order of items: an input key another input
 * holds, a post's delivery already recorded (named by the post's first key), a dedup key.
 */
function firstDuplicate(tables: MemoryTables, duelId: string, writes: CommitWrites): string | undefined {
  const inputs = tables.inputs.get(duelId);
  for (const input of writes.inputs) {
    const key = encodeOrder(input.order);
    const stored = inputs?.get(key);
    if (stored !== undefined && (JSON.parse(stored) as { inputId: string }).inputId !== input.inputId) {
      return key;
    }
  }
  const posts = tables.posts.get(duelId);
  for (const write of writes.marks) {
    const seen = posts?.get(write.postId)?.seen;
    if (seen && write.seen.some((key) => seen.has(key))) return write.seen[0];
  }
  return writes.dedupKeys.find((key) => tables.dedup.has(key));
}

/** One write per post: each mark that differs from the one read, with the keys of its deliveries. */
function markWrites(commit: DuelCommit): MarkWrite[] {
  const byPost = new Map<string, MarkWrite>();
  for (const { postId, mark } of markChangesOf(commit)) {
    byPost.set(postId, { postId, mark, seen: [] });
  }
  for (const { postId, keys } of commit.deliveries) {
    const previous = byPost.get(postId);
    byPost.set(postId, {
      ...previous,
      postId,
      seen: [...new Set([...(previous?.seen ?? []), ...keys.map(encodeDedupKey)])],
    });
  }
  return [...byPost.values()];
}

function writeDuelist(tables: MemoryTables, change: DuelistChange): void {
  const key = duelistKey(change.forumId, change.userId);
  if (change.type === "duel") {
    const { duelId, threadId, status, outcome, at } = change;
    within(tables.duelistDuels, key).set(duelId, { duelId, threadId, status, outcome, at });
    return;
  }
  const bans = within(tables.bans, key);
  if (change.bannedUntil === null) bans.delete(change.duelId);
  else bans.set(change.duelId, change.bannedUntil);
}

/** The values with distinct keys, the last of each key winning, in first-seen order. */
function lastByKey<T>(values: readonly T[], keyOf: (value: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const value of values) byKey.set(keyOf(value), value);
  return [...byKey.values()];
}
