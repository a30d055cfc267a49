import type { TransactWriteItem } from "@aws-sdk/client-dynamodb";
import type { PostMark } from "../../domain/state.js";
import { ConcurrencyError, DuplicateError, StorageUnavailableError } from "../../errors.js";
import type { DuelCommit } from "../../ports/duel-repository.js";
import type { DuelistChange } from "../../ports/duelist-store.js";
import { marshall } from "./attributes.js";
import { lastOrderOf, markChangesOf } from "./commit-changes.js";
import { encodeDedupKey } from "./dedup-keys.js";
import { cancellationCodes, storageError } from "./errors.js";
import { encodeOrder } from "./input-keys.js";
import {
  accountItem,
  clubRecordItem,
  dedupItem,
  duelistDuelItem,
  inputItem,
  outboxItem,
  snapshotItem,
} from "./items.js";
import { encodeMark } from "./post-marks.js";
import { rulesetItem } from "./rulesets.js";
import { keys } from "./table.js";

/**
 * DynamoDB's limit on the items of one TransactWriteItems. A commit is one transaction (snapshot,
 * inputs, dedup keys, outbox, duelists) so that it applies entirely or not at all; one that would
 * exceed the limit (a very late input rewriting a long duel) is refused with an Error rather than
 * split, since a split commit could be half applied.
 */
export const MAX_TRANSACTION_ITEMS = 100;

/** What a condition failure on each item of the transaction means, in the items' order. */
type Role = { readonly kind: "snapshot" } | { readonly kind: "duplicate"; readonly key: string } | null;

export interface CommitTransaction {
  readonly items: TransactWriteItem[];
  readonly roles: Role[];
}

/**
 * The transaction of a commit, items in this order: the snapshot (conditioned on the version),
 * its ruleset unless already stored, the inputs, the post marks that changed (with their deliveries'
 * dedup keys, refused if already recorded), the dedup keys (written only if absent), the outbox
 * entries, the duelist changes, the accounts of new authors, the duel's club record when it changed.
 *
 * An input key holds one input: writing it again is allowed only for the same `inputId` (a late
 * input rewrote that input's events), so new and rewritten inputs need no flag to tell them apart,
 * and a different input landing on a taken key is refused as a duplicate of that key.
 *
 * A transaction may not touch an item twice, so repeated keys within one commit are collapsed,
 * the last one winning.
 */
export function commitTransaction(
  tableName: string,
  commit: DuelCommit,
  options: {
    readonly now: Date;
    readonly dedupTtlSeconds: number;
    /** The duel's ruleset item already holds the snapshot's ruleset (`rulesets.ts`): not written again. */
    readonly rulesetStored?: boolean;
  },
): CommitTransaction {
  const { duelId, snapshot, expectedVersion } = commit;
  if (snapshot.duelId !== duelId) throw new Error(`snapshot of ${snapshot.duelId} committed as ${duelId}`);
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0 || snapshot.version <= expectedVersion) {
    throw new Error(`duel ${duelId}: version ${snapshot.version} does not follow ${expectedVersion}`);
  }

  const items: TransactWriteItem[] = [];
  const roles: Role[] = [];
  const add = (item: TransactWriteItem, role: Role) => {
    items.push(item);
    roles.push(role);
  };

  add(
    {
      Put: {
        TableName: tableName,
        Item: snapshotItem(commit.forumId, commit.threadId, { ...snapshot, lastOrder: lastOrderOf(commit) }),
        ...(expectedVersion === 0
          ? { ConditionExpression: "attribute_not_exists(#pk)", ExpressionAttributeNames: { "#pk": "pk" } }
          : {
              ConditionExpression: "#version = :expected",
              ExpressionAttributeNames: { "#version": "version" },
              ExpressionAttributeValues: { ":expected": { N: String(expectedVersion) } },
            }),
      },
    },
    { kind: "snapshot" },
  );

  if (!options.rulesetStored) {
    add({ Put: { TableName: tableName, Item: rulesetItem(duelId, snapshot.state.ruleset) } }, null);
  }

  for (const input of lastByKey(commit.inputs, (i) => encodeOrder(i.order))) {
    add(
      {
        Put: {
          TableName: tableName,
          Item: inputItem(duelId, input),
          ConditionExpression: "attribute_not_exists(#pk) OR #inputId = :inputId",
          ExpressionAttributeNames: { "#pk": "pk", "#inputId": "inputId" },
          ExpressionAttributeValues: { ":inputId": { S: input.inputId } },
        },
      },
      { kind: "duplicate", key: encodeOrder(input.order) },
    );
  }

  for (const write of markWrites(commit)) {
    const seen = write.seen ?? [];
    add(
      markUpdate(tableName, duelId, write),
      seen.length > 0 ? { kind: "duplicate", key: seen[0] ?? "" } : null,
    );
  }

  for (const key of new Set(commit.dedupKeys.map(encodeDedupKey))) {
    add(
      {
        Put: {
          TableName: tableName,
          Item: dedupItem(key, duelId, options.now, options.dedupTtlSeconds),
          ConditionExpression: "attribute_not_exists(#pk)",
          ExpressionAttributeNames: { "#pk": "pk" },
        },
      },
      { kind: "duplicate", key },
    );
  }

  for (const entry of lastByKey(commit.outbox, outboxKey)) {
    add({ Put: { TableName: tableName, Item: outboxItem(entry) } }, null);
  }

  for (const change of lastByKey(commit.duelists, duelistKey)) {
    add(duelistWrite(tableName, change), null);
  }

  // A Put of the whole account: the same author written again (a retry, a later name) is harmless.
  for (const account of lastByKey(commit.accounts ?? [], (a) => a.userId)) {
    add({ Put: { TableName: tableName, Item: accountItem(commit.forumId, account) } }, null);
  }

  if (commit.club) {
    add(
      { Put: { TableName: tableName, Item: clubRecordItem(commit.club, commit.snapshot.updatedAt) } },
      null,
    );
  }

  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(
      `duel ${duelId}: commit of ${items.length} items exceeds the ${MAX_TRANSACTION_ITEMS} items of one DynamoDB transaction`,
    );
  }
  return { items, roles };
}

/**
 * A failed commit as a domain error. A dedup key or an input key already taken wins over a stale
 * version: the delivery was applied before, and a retry would only find that out one round later.
 */
export function commitFailure(error: unknown, duelId: string, roles: readonly Role[]): unknown {
  const codes = cancellationCodes(error);
  if (codes === null) return storageError(error);
  const failed = codes.flatMap((code, i) => (code === "ConditionalCheckFailed" ? [roles[i]] : []));
  const duplicate = failed.find((role) => role?.kind === "duplicate");
  if (duplicate?.kind === "duplicate") return new DuplicateError(duplicate.key);
  if (failed.some((role) => role?.kind === "snapshot")) return new ConcurrencyError(duelId);
  // Another transaction was writing the same items: the version read is about to be stale.
  if (codes.includes("TransactionConflict")) return new ConcurrencyError(duelId);
  if (codes.some((code) => code === "ThrottlingError" || code === "ProvisionedThroughputExceeded")) {
    return new StorageUnavailableError(error);
  }
  return error;
}

/**
 * A write of a post's item: its new mark (null: removed; absent: unchanged), and the dedup keys of
 * the deliveries that decided it.
 */
interface MarkWrite {
  readonly postId: string;
  readonly mark?: PostMark | null;
  readonly seen?: readonly string[];
}

/**
 * One write per post item: each mark that differs from the one read (every mark is kept on its
 * own item, the hot ones in the snapshot too), with the keys of the post's deliveries.
 */
function markWrites(commit: DuelCommit): MarkWrite[] {
  const byPost = new Map<string, MarkWrite>();
  for (const { postId, mark } of markChangesOf(commit)) {
    byPost.set(postId, { postId, mark });
  }
  for (const { postId, keys } of commit.deliveries) {
    const previous = byPost.get(postId);
    const seen = [...new Set([...(previous?.seen ?? []), ...keys.map(encodeDedupKey)])];
    byPost.set(postId, { ...previous, postId, ...(seen.length > 0 ? { seen } : {}) });
  }
  return [...byPost.values()];
}

/**
 * The items a commit makes in its transaction, as `commitTransaction` writes them: the snapshot,
 * its ruleset (counted even when already stored), each input key, each post item, each dedup key,
 * each outbox entry, each duelist item and each account once.
 */
export function commitItems(commit: DuelCommit): number {
  return (
    2 +
    new Set(commit.inputs.map((i) => encodeOrder(i.order))).size +
    markWrites(commit).length +
    new Set(commit.dedupKeys.map(encodeDedupKey)).size +
    new Set(commit.outbox.map(outboxKey)).size +
    new Set(commit.duelists.map(duelistKey)).size +
    new Set((commit.accounts ?? []).map((a) => a.userId)).size +
    (commit.club ? 1 : 0)
  );
}

/**
 * A post's item: its mark set (or removed), its delivery's dedup keys added to `seen`, on the
 * condition that none of them is there yet (the delivery was applied before).
 */
function markUpdate(tableName: string, duelId: string, write: MarkWrite): TransactWriteItem {
  const seen = write.seen ?? [];
  const names: Record<string, string> = { "#duelId": "duelId", "#postId": "postId" };
  const values: Record<string, string> = { ":duelId": duelId, ":postId": write.postId };
  const set = ["#duelId = :duelId", "#postId = :postId"];
  let remove = "";
  if (write.mark === null) {
    names["#mark"] = "mark";
    remove = " REMOVE #mark";
  } else if (write.mark !== undefined) {
    names["#mark"] = "mark";
    values[":mark"] = encodeMark(write.mark);
    set.push("#mark = :mark");
  }
  let add = "";
  const conditions: string[] = [];
  if (seen.length > 0) {
    names["#seen"] = "seen";
    add = " ADD #seen :seen";
    seen.forEach((key, i) => {
      values[`:seen${i}`] = key;
      conditions.push(`NOT contains(#seen, :seen${i})`);
    });
  }
  const marshalled = marshall(values);
  if (seen.length > 0) marshalled[":seen"] = { SS: [...seen] };
  return {
    Update: {
      TableName: tableName,
      Key: marshall(keys.post(duelId, write.postId)),
      UpdateExpression: `SET ${set.join(", ")}${remove}${add}`,
      ...(conditions.length > 0 ? { ConditionExpression: conditions.join(" AND ") } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: marshalled,
    },
  };
}

function outboxKey(entry: DuelCommit["outbox"][number]): string {
  const { pk, sk } = keys.outbox(entry.duelId, entry.createdAt, entry.id);
  return `${pk}|${sk}`;
}

function duelistKey(change: DuelistChange): string {
  return change.type === "duel"
    ? `${change.forumId}#${change.userId}#DUEL#${change.duelId}`
    : `${change.forumId}#${change.userId}#BAN#${change.duelId}`;
}

function duelistWrite(tableName: string, change: DuelistChange): TransactWriteItem {
  if (change.type === "duel") return { Put: { TableName: tableName, Item: duelistDuelItem(change) } };
  const key = keys.ban(change.forumId, change.userId, change.duelId);
  if (change.bannedUntil === null) return { Delete: { TableName: tableName, Key: marshall(key) } };
  return {
    Put: {
      TableName: tableName,
      // The key written out, not spread: see items.ts.
      Item: marshall({
        pk: key.pk,
        sk: key.sk,
        forumId: change.forumId,
        userId: change.userId,
        duelId: change.duelId,
        bannedUntil: change.bannedUntil,
        updatedAt: change.at,
      }),
    },
  };
}

/** The values with distinct keys, the last of each key winning, in first-seen order. */
function lastByKey<T>(values: readonly T[], keyOf: (value: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const value of values) byKey.set(keyOf(value), value);
  return [...byKey.values()];
}
