import { DeleteItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import type { TimerSpec } from "../../ports/scheduler.js";
import { marshall } from "./attributes.js";
import { guarded } from "./errors.js";
import { timerItem, timerOf } from "./items.js";
import {
  type BatchWrite,
  batchWriteAll,
  countPartition,
  partitionQuery,
  queryAll,
  queryDue,
  type TableAccess,
} from "./requests.js";
import { keys, partitions } from "./table.js";

/*
 * The local timers (`npm start`'s scheduler, `TimerStore`): one item each, listed by gsi1 in the
 * order they are due. In AWS, EventBridge Scheduler keeps them instead.
 */

/**
 * The writes that put `put` and delete the timers named `remove`, one per item: a name in both is
 * put; of two timers of one name in `put`, the last.
 */
export function timerWrites(put: readonly TimerSpec[], remove: readonly string[]): BatchWrite[] {
  const puts = new Map(put.map((timer) => [timer.name, timer]));
  return [
    ...[...new Set(remove)]
      .filter((name) => !puts.has(name))
      .map((name) => ({ DeleteRequest: { Key: marshall(keys.timer(name)) } })),
    ...[...puts.values()].map((timer) => ({ PutRequest: { Item: timerItem(timer) } })),
  ];
}

export function putTimer(table: TableAccess, timer: TimerSpec): Promise<void> {
  return guarded(async () => {
    await table.client.send(new PutItemCommand({ TableName: table.tableName, Item: timerItem(timer) }));
  });
}

/** Deleting a timer that is not there is fine (DeleteItem without a condition). */
export function deleteTimer(table: TableAccess, name: string): Promise<void> {
  return guarded(async () => {
    await table.client.send(
      new DeleteItemCommand({ TableName: table.tableName, Key: marshall(keys.timer(name)) }),
    );
  });
}

/** One BatchWriteItem for up to 25 timers (a decision changes a handful). */
export function changeTimers(
  table: TableAccess,
  put: readonly TimerSpec[],
  remove: readonly string[],
): Promise<void> {
  return guarded(async () => {
    await batchWriteAll(table.client, table.tableName, timerWrites(put, remove));
  });
}

export function dueTimers(table: TableAccess, now: string, limit: number): Promise<TimerSpec[]> {
  return guarded(async () => (await queryDue(table, partitions.timers, now, limit)).map(timerOf));
}

export function countTimers(table: TableAccess): Promise<number> {
  return guarded(() => countPartition(table, partitions.timers));
}

export function nextTimer(table: TableAccess): Promise<TimerSpec | null> {
  return guarded(async () => {
    const [first] = await queryAll(table.client, partitionQuery(table.tableName, partitions.timers), 1);
    return first ? timerOf(first) : null;
  });
}
