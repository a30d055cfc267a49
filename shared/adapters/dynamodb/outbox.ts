import { randomUUID } from "node:crypto";
import {
  type Put,
  PutItemCommand,
  type TransactWriteItem,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type { DedupKey } from "../../ports/dedup-key.js";
import { entriesOf, type OutboxEntry } from "../../ports/outbox-store.js";
import type { TimerChanges } from "../../ports/scheduler.js";
import { MAX_TRANSACTION_ITEMS } from "./commit.js";
import { encodeDedupKey } from "./dedup-keys.js";
import { cancellationCodes, guarded, isConditionalCheckFailed, storageError } from "./errors.js";
import { dedupItem, outboxItem, outboxOf } from "./items.js";
import { claimUpdate, recordUpdate } from "./outbox-writes.js";
import { type BatchWrite, batchGetAll, queryDue, queryPrefix, type TableAccess } from "./requests.js";
import { keys, partitions } from "./table.js";
import { changeTimers, timerWrites } from "./timers.js";

/*
 * The outbox (`OutboxStore`): a duel's entries under its partition, the pending ones listed by gsi1
 * in the order they are due. Every write but a commit's is conditioned on the entry's attempts, so
 * that of two relays holding one entry only one acts (CONTRACT.md 6.1).
 */

/** A duel's entries, a decision's parts where their entries of their own would sort. */
export function listOutbox(table: TableAccess, duelId: string): Promise<OutboxEntry[]> {
  return guarded(async () => {
    const items = await queryPrefix(table, keys.duel(duelId).pk, "OUT#");
    const sk = (e: OutboxEntry) => Buffer.from(keys.outbox(duelId, e.createdAt, e.id).sk, "utf8");
    return items.flatMap((item) => entriesOf(outboxOf(item))).sort((a, b) => Buffer.compare(sk(a), sk(b)));
  });
}

/**
 * The first `limit` pending entries due at `now`, oldest first. gsi1 lists them without their
 * effect (a claim or a record then rewrites a small index entry, not the hiboux' texts), so the
 * entries are read whole from the table; one done in between is left out.
 */
export function dueOutbox(table: TableAccess, now: string, limit: number): Promise<OutboxEntry[]> {
  return guarded(async () => {
    const listed = await queryDue(table, partitions.outbox, now, limit);
    if (listed.length === 0) return [];
    const tableKeys = listed.flatMap(({ pk, sk }) => (pk && sk ? [{ pk, sk }] : []));
    const whole = new Map(
      (await batchGetAll(table.client, table.tableName, tableKeys)).map((item) => [
        `${item.pk?.S} ${item.sk?.S}`,
        item,
      ]),
    );
    return listed.flatMap((item) => {
      const found = whole.get(`${item.pk?.S} ${item.sk?.S}`);
      return found === undefined || found.gsi1pk?.S !== partitions.outbox ? [] : [outboxOf(found)];
    });
  });
}

export async function updateOutbox(
  table: TableAccess,
  entry: OutboxEntry,
  expectedAttempts: number,
): Promise<boolean> {
  try {
    await table.client.send(new PutItemCommand(attemptGuardedPut(table, entry, expectedAttempts)));
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw storageError(error);
  }
}

export async function claimOutbox(
  table: TableAccess,
  claimed: OutboxEntry,
  expectedAttempts: number,
  timers?: TimerChanges,
): Promise<OutboxEntry | null> {
  if (timers !== undefined) {
    const cancel = timers.cancel.map((timer) => timer.name);
    const writes = timerWrites(timers.schedule, cancel);
    if (writes.length < MAX_TRANSACTION_ITEMS)
      return claimWithTimers(table, claimed, expectedAttempts, writes);
    // Too many for one transaction with the claim: the timers once the claim is won.
    const claim = await claimOutbox(table, claimed, expectedAttempts);
    if (claim !== null) await changeTimers(table, timers.schedule, cancel);
    return claim;
  }
  try {
    const { Attributes } = await table.client.send(
      new UpdateItemCommand(claimUpdate(table.tableName, claimed, expectedAttempts)),
    );
    return Attributes ? outboxOf(Attributes) : claimed;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw storageError(error);
  }
}

/** A first claim and its timer changes in one transaction (no former attempt to read back). */
async function claimWithTimers(
  table: TableAccess,
  claimed: OutboxEntry,
  expectedAttempts: number,
  writes: readonly BatchWrite[],
): Promise<OutboxEntry | null> {
  const { ReturnValues: _, ...claim } = claimUpdate(table.tableName, claimed, expectedAttempts);
  const TransactItems = [
    { Update: { ...claim, UpdateExpression: claim.UpdateExpression ?? "" } },
    ...writes.map((write) =>
      "PutRequest" in write
        ? { Put: { TableName: table.tableName, Item: write.PutRequest.Item } }
        : { Delete: { TableName: table.tableName, Key: write.DeleteRequest.Key } },
    ),
  ];
  return (await transactGuardedFirst(table, TransactItems)) ? claimed : null;
}

export async function recordOutbox(
  table: TableAccess,
  entry: OutboxEntry,
  expectedAttempts: number,
): Promise<boolean> {
  try {
    await table.client.send(new UpdateItemCommand(recordUpdate(table.tableName, entry, expectedAttempts)));
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw storageError(error);
  }
}

export function splitOutbox(
  table: TableAccess,
  entry: OutboxEntry,
  expectedAttempts: number,
  split: readonly OutboxEntry[],
): Promise<boolean> {
  return putWithEntries(table, attemptGuardedPut(table, entry, expectedAttempts), split);
}

/** Entries enqueued outside a decision, once for their dedup key (kept `ttlSeconds` from `now`). */
export function enqueue(
  table: TableAccess,
  entries: readonly OutboxEntry[],
  dedupKey: DedupKey,
  expiry: { readonly now: Date; readonly ttlSeconds: number },
): Promise<boolean> {
  const duelId = entries[0]?.duelId ?? "";
  return putWithEntries(
    table,
    {
      TableName: table.tableName,
      Item: dedupItem(encodeDedupKey(dedupKey), duelId, expiry.now, expiry.ttlSeconds),
      ConditionExpression: "attribute_not_exists(#pk)",
      ExpressionAttributeNames: { "#pk": "pk" },
    },
    entries,
  );
}

/** The entry written whole, if it is still at `expectedAttempts`. */
function attemptGuardedPut(table: TableAccess, entry: OutboxEntry, expectedAttempts: number): Put {
  return {
    TableName: table.tableName,
    Item: outboxItem(entry),
    ConditionExpression: "#attempts = :expected",
    ExpressionAttributeNames: { "#attempts": "attempts" },
    ExpressionAttributeValues: { ":expected": { N: String(expectedAttempts) } },
  };
}

/**
 * A conditioned put and outbox entries, in one transaction: false, and nothing written, when the
 * put's condition (the only one) does not hold.
 */
function putWithEntries(
  table: TableAccess,
  guardedPut: Put,
  entries: readonly OutboxEntry[],
): Promise<boolean> {
  const TransactItems = [
    { Put: guardedPut },
    ...entries.map((entry) => ({ Put: { TableName: table.tableName, Item: outboxItem(entry) } })),
  ];
  return transactGuardedFirst(table, TransactItems);
}

/**
 * One transaction whose first item carries the condition that matters: false when that
 * condition failed (nothing written), true when all was written.
 */
async function transactGuardedFirst(
  table: TableAccess,
  TransactItems: TransactWriteItem[],
): Promise<boolean> {
  try {
    await table.client.send(
      new TransactWriteItemsCommand({ TransactItems, ClientRequestToken: randomUUID() }),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.[0] === "ConditionalCheckFailed") return false;
    throw storageError(error);
  }
}
