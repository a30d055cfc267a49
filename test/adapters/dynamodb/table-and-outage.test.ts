import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { freePort } from "../../../infra/local/dynamodb-local.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { createTable } from "../../../shared/adapters/dynamodb/table.js";
import { StorageUnavailableError } from "../../../shared/errors.js";
import { localClient } from "../../support/harness.js";
import { aCommit, aForum, aKey, anEntry, aTimer } from "./fixtures.js";

describe("DynamoDB tables", () => {
  it("createTable is idempotent", async () => {
    const client = localClient();
    const tableName = `test-${randomUUID()}`;
    await createTable(client, tableName);
    await createTable(client, tableName);
    const again = new DynamoDbStore({ client, tableName });
    await again.putForum(aForum("f"));
    expect(await again.getForum("f")).toEqual(aForum("f"));
  });
});

describe("DuelStore on DynamoDB: storage down", () => {
  it("every method throws StorageUnavailableError when DynamoDB cannot be reached", async () => {
    const port = await freePort();
    const down = new DynamoDbStore({
      client: localClient({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 }),
      tableName: "nowhere",
    });

    const calls: [string, () => Promise<unknown>][] = [
      ["ping", () => down.ping()],
      ["loadDuel", () => down.loadDuel("d")],
      ["loadForumAndDuel", () => down.loadForumAndDuel("f", "d")],
      ["commit", () => down.commit(aCommit("d", 0, { dedupKeys: [aKey("k")] }))],
      ["listInputs", () => down.listInputs("d")],
      ["listDuels", () => down.listDuels("f", "active")],
      ["dueOutbox", () => down.dueOutbox("2026-12-01T00:00:00Z", 10)],
      ["updateOutbox", () => down.updateOutbox(anEntry("d", "e"), 0)],
      ["claimOutbox", () => down.claimOutbox(anEntry("d", "e", { attempts: 1 }), 0)],
      ["recordOutbox", () => down.recordOutbox(anEntry("d", "e", { doneAt: "2026-12-01T00:00:00Z" }), 0)],
      ["putForum", () => down.putForum(aForum("f"))],
      ["getDuelist", () => down.getDuelist("f", "u")],
      ["bansOf", () => down.bansOf("f", ["u"])],
      ["counts", () => down.counts()],
      ["putTimer", () => down.putTimer(aTimer("t", "2026-12-01T00:00:00Z"))],
      ["deleteTimer", () => down.deleteTimer("t")],
      ["nextTimer", () => down.nextTimer()],
    ];
    for (const [name, call] of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(StorageUnavailableError);
    }
  });
});
