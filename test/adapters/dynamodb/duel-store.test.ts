import { type DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { marshall, unmarshall } from "../../../shared/adapters/dynamodb/attributes.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { keys, tableDefinition } from "../../../shared/adapters/dynamodb/table.js";
import { anEntry } from "../contract/fixtures.js";
import { aCommit, aKey, aMark, aState, freshStore, storedKey } from "./fixtures.js";

/*
 * What only the DynamoDB store has: its items' shapes and their expiry. What every store does
 * (commits, conflicts, duplicates, marks, listings) is the contract suite's
 * (test/adapters/contract), run on DynamoDB Local by test/adapters/contract/dynamodb-store.test.ts.
 */

let store: DynamoDbStore;
let client: DynamoDBClient;
let tableName: string;

beforeAll(async () => {
  ({ store, client, tableName } = await freshStore());
});

/** The mark attribute of a post's item, as stored. */
async function storedMark(duelId: string, postId: string): Promise<string | undefined> {
  const key = marshall(keys.post(duelId, postId));
  return (await client.send(new GetItemCommand({ TableName: tableName, Key: key }))).Item?.mark?.S;
}

describe("DuelStore on DynamoDB: items", () => {
  it("dedup keys expire 30 days after they were written (TTL)", async () => {
    const { client, tableName } = await freshStore();
    const now = new Date("2026-12-01T10:00:00Z");
    await new DynamoDbStore({ client, tableName, now: () => now }).commit(
      aCommit("ttl", 0, { dedupKeys: [aKey("d1")] }),
    );

    const { Item } = await client.send(
      new GetItemCommand({
        TableName: tableName,
        Key: marshall(keys.dedup(storedKey("d1"))),
        ConsistentRead: true,
      }),
    );
    const expiresAt = Item ? unmarshall(Item).expiresAt : undefined;
    expect(expiresAt).toBe(now.getTime() / 1000 + 30 * 24 * 3600);
    expect(tableDefinition.timeToLiveAttribute).toBe("expiresAt");
  });

  it("stores an outbox entry's effect as `payload`, which gsi1 does not project, and still reads an entry an earlier release wrote with `effect`", async () => {
    const entry = anEntry("ob-payload", "e1");
    await store.commit(aCommit("ob-payload", 0, { outbox: [entry] }));
    const key = marshall(keys.outbox(entry.duelId, entry.createdAt, entry.id));
    const { Item } = await client.send(
      new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
    );
    expect(Item?.payload?.S).toBe(JSON.stringify(entry.effect));
    expect(Item?.effect).toBeUndefined();
    expect(tableDefinition.globalSecondaryIndexes[0].nonKeyAttributes).not.toContain("payload");

    // The same entry as the release before wrote it: its effect under `effect`.
    const { payload, ...rest } = Item ?? {};
    await client.send(
      new PutItemCommand({ TableName: tableName, Item: { ...rest, effect: payload ?? { S: "" } } }),
    );
    expect(await store.listOutbox("ob-payload")).toEqual([entry]);
    expect(await store.dueOutbox("2030-01-01T00:00:00Z", 10)).toContainEqual(entry);
  });

  it("stores each post mark on its own item as one compact string: flags, hash, author", async () => {
    const a = aMark("a");
    await store.commit(aCommit("pm-item", 0, { state: { ...aState("pm-item"), posts: { p1: a } } }));
    expect(await storedMark("pm-item", "p1")).toBe("4aaaaaaaaaaaa42");

    await store.commit(
      aCommit("pm-item", 1, {
        state: { ...aState("pm-item"), posts: { p1: { ...a, tampered: true } } },
        read: { duel: null, marks: { p1: a } },
      }),
    );
    expect(await storedMark("pm-item", "p1")).toBe("5aaaaaaaaaaaa42");
  });
});
