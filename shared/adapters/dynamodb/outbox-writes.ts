import type { AttributeValue, UpdateItemCommandInput } from "@aws-sdk/client-dynamodb";
import { type OutboxEntry, partsDoneOf } from "../../ports/outbox-store.js";
import { marshall } from "./attributes.js";
import { keys, partitions, sortInstant } from "./table.js";

/*
 * The relay's writes to an outbox entry as updates of its attempt's attributes: an entry's effect
 * carries its hiboux' texts and never changes once committed, so a claim, a part recorded done or
 * the entry done writes only what changed. Failures and splits still write the entry whole
 * (`outboxItem`): a failure may record a hibou's progress inside its effect.
 */

/**
 * Claims a pending entry: its attempt count, next attempt and place in the index, if it is still
 * pending (in gsi1 `OUTBOX`: neither done nor given up) at `expectedAttempts`. An entry claimed
 * before may hold parts recorded done apart from its effect, which the index does not project:
 * that claim answers with the item as it is once claimed.
 */
export function claimUpdate(
  tableName: string,
  claimed: OutboxEntry,
  expectedAttempts: number,
): UpdateItemCommandInput {
  return {
    TableName: tableName,
    Key: marshall(keys.outbox(claimed.duelId, claimed.createdAt, claimed.id)),
    UpdateExpression: "SET #attempts = :attempts, #next = :next, #gsi1sk = :gsi1sk",
    ConditionExpression: "#attempts = :expected AND #gsi1pk = :pending",
    ExpressionAttributeNames: {
      "#attempts": "attempts",
      "#next": "nextAttemptAt",
      "#gsi1pk": "gsi1pk",
      "#gsi1sk": "gsi1sk",
    },
    ExpressionAttributeValues: {
      ":attempts": { N: String(claimed.attempts) },
      ":next": { S: claimed.nextAttemptAt },
      ":gsi1sk": { S: `${sortInstant(claimed.nextAttemptAt)}#${claimed.id}` },
      ":expected": { N: String(expectedAttempts) },
      ":pending": { S: partitions.outbox },
    },
    ReturnValues: expectedAttempts > 0 ? "ALL_NEW" : "NONE",
  };
}

/**
 * Records the parts of `entry` done (`partsDone`, part id → when) and, once `doneAt` is set, the
 * entry done: its error cleared and out of the index. Conditioned on the claim's attempt count.
 */
export function recordUpdate(
  tableName: string,
  entry: OutboxEntry,
  expectedAttempts: number,
): UpdateItemCommandInput {
  const names: Record<string, string> = { "#attempts": "attempts" };
  const values: Record<string, AttributeValue> = { ":expected": { N: String(expectedAttempts) } };
  const set: string[] = [];
  let remove = "";
  if (entry.effect.type === "parts") {
    names["#partsDone"] = "partsDone";
    values[":partsDone"] = { M: marshall(partsDoneOf(entry.effect)) };
    set.push("#partsDone = :partsDone");
  }
  if (entry.doneAt !== null) {
    Object.assign(names, {
      "#doneAt": "doneAt",
      "#lastError": "lastError",
      "#gsi1pk": "gsi1pk",
      "#gsi1sk": "gsi1sk",
    });
    values[":doneAt"] = { S: entry.doneAt };
    values[":null"] = { NULL: true };
    set.push("#doneAt = :doneAt", "#lastError = :null");
    remove = " REMOVE #gsi1pk, #gsi1sk";
  }
  if (set.length === 0) throw new Error(`nothing to record for outbox entry ${entry.id}`);
  return {
    TableName: tableName,
    Key: marshall(keys.outbox(entry.duelId, entry.createdAt, entry.id)),
    UpdateExpression: `SET ${set.join(", ")}${remove}`,
    ConditionExpression: "#attempts = :expected",
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
