import { randomUUID } from "node:crypto";
import { BatchGetItemCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { createTable } from "../../../shared/adapters/dynamodb/table.js";
import { aCommit, aForum, aMark, aState, freshStore } from "./fixtures.js";

/** A client whose BatchGetItem requests are counted and, while `hold` is set, held back. */
function heldClient(client: DynamoDBClient) {
  const seen = { batchGets: 0, hold: null as Promise<void> | null };
  const wrapped = Object.assign(Object.create(client) as DynamoDBClient, {
    send: async (command: unknown, ...rest: unknown[]) => {
      if (command instanceof BatchGetItemCommand) {
        seen.batchGets++;
        const hold = seen.hold;
        const answer = Reflect.apply(client.send, client, [command, ...rest]);
        if (hold) await hold;
        return answer;
      }
      return Reflect.apply(client.send, client, [command, ...rest]);
    },
  });
  return { client: wrapped, seen };
}

describe("DuelStore on DynamoDB: identical reads in flight", () => {
  it("CONTRACT 4.3 reads of a duel asked at once are one request, and each caller gets its own posts' marks", async () => {
    const { client, tableName } = await freshStore();
    const held = heldClient(client);
    const store = new DynamoDbStore({ client: held.client, tableName });
    await store.putForum(aForum("poudlard"));
    const [p1, p2] = [aMark("1"), aMark("2")];
    await store.commit(aCommit("d1", 0, { state: { ...aState("d1"), posts: { p1, p2 } } }));

    const loads = await Promise.all(
      Array.from({ length: 25 }, (_, i) => store.loadForumAndDuel("poudlard", "d1", [`p${1 + (i % 3)}`])),
    );
    expect(held.seen.batchGets).toBe(1);
    expect(loads.map((l) => l.duel?.version)).toEqual(loads.map(() => 1));
    expect(loads.every((l) => l.forum?.forumId === "poudlard")).toBe(true);
    expect(loads.slice(0, 3).map((l) => [l.postsRead, l.marks])).toEqual([
      [["p1"], { p1 }],
      [["p2"], { p2 }],
      [["p3"], {}],
    ]);
    // A read asked while one for its posts is in flight joins it; one for other posts reads again.
    const first = store.loadForumAndDuel("poudlard", "d1", ["p1", "p2"]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await Promise.all([first, store.loadForumAndDuel("poudlard", "d1", ["p2"])]);
    expect(held.seen.batchGets).toBe(2);
    await store.loadForumAndDuel("poudlard", "d1", ["p4"]);
    expect(held.seen.batchGets).toBe(3);
  });

  it("CONTRACT 4.3 a read in flight when this store commits to the duel is not shared with a later caller", async () => {
    const { client, tableName } = await freshStore();
    const held = heldClient(client);
    const store = new DynamoDbStore({ client: held.client, tableName });
    await store.putForum(aForum("poudlard"));
    await store.commit(aCommit("d2", 0));

    let release = () => {};
    held.seen.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const early = store.loadForumAndDuel("poudlard", "d2", ["p1"]);
    // Sent (at the end of this turn of the event loop) and held back.
    await new Promise<void>((resolve) => setImmediate(resolve));
    held.seen.hold = null;
    await store.commit(aCommit("d2", 1));
    const later = await store.loadForumAndDuel("poudlard", "d2", ["p1"]);
    release();
    expect(later.duel?.version).toBe(2);
    expect((await early).duel?.version).toBeLessThanOrEqual(2);
    expect(held.seen.batchGets).toBe(2);
  });

  it("CONTRACT 3 a read in flight when this store changes the forum is not shared with a later caller", async () => {
    const { client, tableName } = await freshStore();
    const held = heldClient(client);
    const store = new DynamoDbStore({ client: held.client, tableName });
    await store.putForum(aForum("poudlard"));
    await store.commit(aCommit("d3", 0));

    let release = () => {};
    held.seen.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const early = store.loadForumAndDuel("poudlard", "d3");
    // Sent (at the end of this turn of the event loop) and held back.
    await new Promise<void>((resolve) => setImmediate(resolve));
    held.seen.hold = null;
    await store.putForum({ ...aForum("poudlard"), webhookSecrets: { generic: "whsec_rotated" } });
    const later = await store.loadForumAndDuel("poudlard", "d3");
    release();
    await early;
    expect(later.forum?.webhookSecrets.generic).toBe("whsec_rotated");
    expect(held.seen.batchGets).toBe(2);
  });

  it("a read that fails fails for each caller, and the next read is a new one", async () => {
    const { client } = await freshStore();
    const tableName = `test-late-${randomUUID()}`;
    const store = new DynamoDbStore({ client, tableName });
    const failing = await Promise.allSettled([
      store.loadForumAndDuel("poudlard", "d4"),
      store.loadForumAndDuel("poudlard", "d4"),
    ]);
    expect(failing.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    await createTable(client, tableName);
    await store.commit(aCommit("d4", 0));
    expect((await store.loadForumAndDuel("poudlard", "d4")).duel?.version).toBe(1);
  });
});
