import { DeleteItemCommand, type DynamoDBClient, type TransactWriteItem } from "@aws-sdk/client-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { marshall } from "../../../shared/adapters/dynamodb/attributes.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { rulesetHash } from "../../../shared/adapters/dynamodb/rulesets.js";
import { keys } from "../../../shared/adapters/dynamodb/table.js";
import { defaultRuleset } from "../../../shared/rules/default-ruleset.js";
import type { Ruleset } from "../../../shared/rules/ruleset.js";
import { aCommit, aState, freshStore, itemReader } from "./fixtures.js";

let store: DynamoDbStore;
let client: DynamoDBClient;
let tableName: string;
/** The sort keys each TransactWriteItems of this file's client wrote, in order. */
const transactions: string[][] = [];
/** The sort keys each BatchGetItem of this file's client asked for, in order. */
const reads: string[][] = [];

beforeAll(async () => {
  ({ store, client, tableName } = await freshStore());
  client.middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: TransactWriteItem[] }).TransactItems;
      const batch = (args.input as { RequestItems?: Record<string, { Keys?: { sk?: { S?: string } }[] }> })
        .RequestItems;
      if (batch) reads.push(Object.values(batch).flatMap((b) => (b.Keys ?? []).map((k) => String(k.sk?.S))));
      if (items) {
        transactions.push(
          items.map((i) => String((i.Put?.Item ?? i.Update?.Key ?? i.Delete?.Key)?.sk?.S ?? "?")),
        );
      }
      return next(args);
    },
    { step: "initialize" },
  );
});

const rawItem = (key: { pk: string; sk: string }) => itemReader(client, tableName)(key);

const custom: Ruleset = { ...defaultRuleset, name: "Règlement du club de Pré-au-Lard", minWords: 80 };

describe("a duel's ruleset is stored once, apart from its snapshot", () => {
  it("the commit that creates the duel writes it; the snapshot names it by hash and holds the rest", async () => {
    const state = aState("apart", { ruleset: custom });
    transactions.length = 0;
    await store.commit(aCommit("apart", 0, { state }));
    expect(transactions).toEqual([["STATE", "RULESET"]]);

    const snapshot = await rawItem(keys.duel("apart"));
    expect(JSON.parse(snapshot?.state?.S ?? "{}")).not.toHaveProperty("ruleset");
    expect(snapshot?.rulesetHash?.S).toBe(rulesetHash(custom));
    const ruleset = await rawItem(keys.ruleset("apart"));
    expect(JSON.parse(ruleset?.ruleset?.S ?? "{}")).toEqual(custom);

    // Read back whole, through each read.
    expect((await store.loadDuel("apart"))?.state).toEqual(state);
    expect((await store.loadForumAndDuel("poudlard", "apart")).duel?.state).toEqual(state);
    expect(
      (await store.listDuels("poudlard", "registered")).find((d) => d.duelId === "apart")?.state,
    ).toEqual(state);
  });

  it("later commits of the same ruleset leave its item alone", async () => {
    await store.commit(aCommit("later", 0, { state: aState("later", { ruleset: custom }) }));
    const loaded = await store.loadDuel("later");
    transactions.length = 0;
    await store.commit(aCommit("later", 1, { state: loaded?.state ?? aState("later") }));
    await store.commit(
      aCommit("later", 2, { state: aState("later", { ruleset: custom, status: "active" }) }),
    );
    expect(transactions).toEqual([["STATE"], ["STATE"]]);
    expect((await store.loadDuel("later"))?.state.ruleset).toEqual(custom);
  });

  it("a store that has not read the duel at the version it commits on writes the ruleset again", async () => {
    await store.commit(aCommit("other", 0, { state: aState("other", { ruleset: custom }) }));
    // Another container: it never saw this duel, so it cannot know what its ruleset item holds.
    const elsewhere = new DynamoDbStore({ client, tableName });
    transactions.length = 0;
    await elsewhere.commit(aCommit("other", 1, { state: aState("other", { ruleset: custom }) }));
    expect(transactions).toEqual([["STATE", "RULESET"]]);
    // A commit on a version this store did not read either.
    await store.commit(aCommit("other", 2, { state: aState("other", { ruleset: custom }) }));
    expect(transactions[1]).toEqual(["STATE", "RULESET"]);
  });

  it("a different ruleset is written with the snapshot that names it", async () => {
    await store.commit(aCommit("changed", 0, { state: aState("changed", { ruleset: custom }) }));
    await store.loadDuel("changed");
    transactions.length = 0;
    await store.commit(aCommit("changed", 1, { state: aState("changed") }));
    expect(transactions).toEqual([["STATE", "RULESET"]]);
    expect((await store.loadDuel("changed"))?.state.ruleset).toEqual(defaultRuleset);
  });

  it("a failed commit writes no ruleset and teaches the store nothing", async () => {
    await store.commit(aCommit("failed", 0, { state: aState("failed", { ruleset: custom }) }));
    await expect(store.commit(aCommit("failed", 0, { state: aState("failed") }))).rejects.toThrow();
    // Had the failed commit counted, this one (on the version it would have made) would skip the
    // ruleset, and the snapshot would name a ruleset never stored.
    await store.commit(aCommit("failed", 1, { state: aState("failed") }));
    expect((await store.loadDuel("failed"))?.state.ruleset).toEqual(defaultRuleset);
  });

  it("a store that holds the ruleset a duel's snapshot names reads the snapshot alone", async () => {
    const state = aState("held", { ruleset: custom });
    await store.commit(aCommit("held", 0, { state }));
    const elsewhere = new DynamoDbStore({ client, tableName });
    reads.length = 0;
    expect((await elsewhere.loadForumAndDuel("poudlard", "held", ["p9"])).duel?.state).toEqual(state);
    expect((await elsewhere.loadForumAndDuel("poudlard", "held", ["p9"])).duel?.state).toEqual(state);
    expect((await store.loadDuel("held"))?.state).toEqual(state);
    expect(reads).toEqual(
      [["CONFIG", "STATE", "RULESET", "POST#p9"], ["CONFIG", "STATE", "POST#p9"], ["STATE"]].map((keys) =>
        expect.arrayContaining(keys),
      ),
    );
    expect(reads.map((r) => r.length)).toEqual([4, 3, 1]);

    // Its ruleset changes: the snapshot names a hash the store does not hold, so it reads again.
    await store.commit(aCommit("held", 1, { state: aState("held") }));
    reads.length = 0;
    expect((await elsewhere.loadDuel("held"))?.state.ruleset).toEqual(defaultRuleset);
    expect(reads.map((r) => r.length)).toEqual([1, 2]);
  });

  it("a snapshot naming a ruleset that cannot be found is an error, never a duel without rules", async () => {
    await store.commit(aCommit("lost", 0, { state: aState("lost", { ruleset: custom }) }));
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: marshall(keys.ruleset("lost")) }));
    await expect(new DynamoDbStore({ client, tableName }).loadDuel("lost")).rejects.toThrow(/ruleset/);
    // A store holding that very ruleset (found by its hash) still reads the duel.
    expect((await store.loadDuel("lost"))?.state.ruleset).toEqual(custom);
  });
});
