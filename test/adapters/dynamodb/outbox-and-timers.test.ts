import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../infra/local/dynamodb-local.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { createTable } from "../../../shared/adapters/dynamodb/table.js";
import { StorageUnavailableError } from "../../../shared/errors.js";
import { localClient } from "../../support/harness.js";
import { aCommit, aForum, anEntry, aTimer, freshStore } from "./fixtures.js";

let store: DynamoDbStore;

beforeAll(async () => {
  ({ store } = await freshStore());
});

describe("DuelStore on DynamoDB: the outbox", () => {
  it("lists a duel's entries oldest first and hands out the due ones, oldest first", async () => {
    const late = anEntry("ob", "late", {
      createdAt: "2026-12-01T10:00:02Z",
      nextAttemptAt: "2026-12-01T12:00:00Z",
    });
    const first = anEntry("ob", "first", {
      createdAt: "2026-12-01T10:00:00Z",
      nextAttemptAt: "2026-12-01T10:00:00Z",
    });
    const second = anEntry("ob", "second", {
      createdAt: "2026-12-01T10:00:01Z",
      nextAttemptAt: "2026-12-01T10:30:00.000Z",
    });
    await store.commit(aCommit("ob", 0, { outbox: [late, second, first] }));

    expect(await store.listOutbox("ob")).toEqual([first, second, late]);
    // Due "at or before now", whatever the instants' spelling (with or without milliseconds).
    expect(await store.dueOutbox("2026-12-01T10:30:00Z", 10)).toEqual([first, second]);
    expect(await store.dueOutbox("2026-12-01T10:30:00Z", 1)).toEqual([first]);
    expect(await store.dueOutbox("2026-12-01T09:59:59Z", 10)).toEqual([]);
  });

  it("records an attempt only against the attempts read; done entries leave the due list", async () => {
    const entry = anEntry("ob2", "e1", { nextAttemptAt: "2026-11-01T00:00:00Z" });
    await store.commit(aCommit("ob2", 0, { outbox: [entry] }));

    const retry = { ...entry, attempts: 1, lastError: "503", nextAttemptAt: "2026-11-01T00:01:00Z" };
    expect(await store.updateOutbox(retry, 0)).toBe(true);
    // A second relay that read the same entry loses.
    expect(await store.updateOutbox({ ...retry, doneAt: "2026-11-01T00:00:30Z" }, 0)).toBe(false);
    expect(await store.listOutbox("ob2")).toEqual([retry]);
    expect(await store.dueOutbox("2026-11-01T00:00:59Z", 10)).toEqual([]);
    expect(await store.dueOutbox("2026-11-01T00:01:00Z", 10)).toEqual([retry]);

    const done = { ...retry, attempts: 2, doneAt: "2026-11-01T00:01:00Z" };
    expect(await store.updateOutbox(done, 1)).toBe(true);
    expect(await store.dueOutbox("2030-01-01T00:00:00Z", 100)).not.toContainEqual(done);
    expect(await store.listOutbox("ob2")).toEqual([done]);
  });

  it("counts pending and failed effects; a failed entry is no longer due", async () => {
    const { store: own } = await freshStore();
    const a = anEntry("ob3", "a");
    const b = anEntry("ob3", "b");
    await own.commit(aCommit("ob3", 0, { outbox: [a, b] }));
    expect(await own.counts()).toMatchObject({ pendingEffects: 2, failedEffects: 0 });

    const failed = { ...a, attempts: 1, lastError: "404", failedAt: "2026-12-01T10:00:01Z" };
    expect(await own.updateOutbox(failed, 0)).toBe(true);
    expect(await own.counts()).toEqual({
      activeDuels: 0,
      registeredDuels: 1,
      pendingEffects: 1,
      failedEffects: 1,
    });
    expect(await own.dueOutbox("2030-01-01T00:00:00Z", 10)).toEqual([b]);
  });
});

describe("TimerStore on DynamoDB", () => {
  it("hands out due timers soonest first, the next one, the count; deleting is idempotent", async () => {
    const { store: own } = await freshStore();
    expect(await own.nextTimer()).toBeNull();
    expect(await own.countTimers()).toBe(0);

    const t3 = aTimer("t3", "2026-12-03T10:00:00Z");
    const t1 = aTimer("t1", "2026-12-01T10:00:00.000Z");
    const t2 = aTimer("t2", "2026-12-02T10:00:00Z");
    for (const timer of [t3, t1, t2]) await own.putTimer(timer);

    expect(await own.countTimers()).toBe(3);
    expect(await own.nextTimer()).toEqual(t1);
    expect(await own.dueTimers("2026-12-02T10:00:00.000Z", 10)).toEqual([t1, t2]);
    expect(await own.dueTimers("2026-12-02T10:00:00Z", 1)).toEqual([t1]);
    expect(await own.dueTimers("2026-11-30T00:00:00Z", 10)).toEqual([]);

    // Putting a timer of the same name again replaces it, moving it in time.
    const moved = { ...t1, at: "2026-12-04T10:00:00Z" };
    await own.putTimer(moved);
    expect(await own.nextTimer()).toEqual(t2);
    expect(await own.countTimers()).toBe(3);

    await own.deleteTimer("t2");
    await own.deleteTimer("t2");
    await own.deleteTimer("never");
    expect(await own.dueTimers("2030-01-01T00:00:00Z", 10)).toEqual([t3, moved]);
  });
});

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
      ["commit", () => down.commit(aCommit("d", 0, { dedupKeys: ["k"] }))],
      ["listInputs", () => down.listInputs("d")],
      ["listDuels", () => down.listDuels("active")],
      ["dueOutbox", () => down.dueOutbox("2026-12-01T00:00:00Z", 10)],
      ["updateOutbox", () => down.updateOutbox(anEntry("d", "e"), 0)],
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
