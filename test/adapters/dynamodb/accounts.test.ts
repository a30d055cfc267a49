import { beforeAll, describe, expect, it } from "vitest";
import type { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { anEntry, freshStore } from "./fixtures.js";

let store: DynamoDbStore;

beforeAll(async () => {
  ({ store } = await freshStore());
});

describe("DuelStore on DynamoDB: forum accounts and standalone hiboux (CONTRACT 6)", () => {
  it("CONTRACT 6 remembers each author once per forum, with the name their latest post showed", async () => {
    await store.rememberAccount("f1", { userId: "42", name: "Alice", seenAt: "2026-12-01T10:00:00Z" });
    await store.rememberAccount("f1", {
      userId: "42",
      name: "Alice Dubois",
      username: "alice",
      seenAt: "2026-12-01T11:00:00Z",
    });
    await store.rememberAccount("f1", { userId: "43", name: "Bob Martin", seenAt: "2026-12-01T11:00:00Z" });
    await store.rememberAccount("f2", {
      userId: "42",
      name: "Quelqu'un d'autre",
      seenAt: "2026-12-01T11:00:00Z",
    });
    expect(await store.listAccounts("f1")).toEqual([
      { userId: "42", name: "Alice Dubois", username: "alice", seenAt: "2026-12-01T11:00:00Z" },
      { userId: "43", name: "Bob Martin", seenAt: "2026-12-01T11:00:00Z" },
    ]);
    expect(await store.listAccounts("f3")).toEqual([]);
  });

  it("CONTRACT 6 enqueues hiboux outside a decision once per key: a retry writes nothing more", async () => {
    const entry = anEntry("f1.77", "opening.1.c0");
    expect(await store.enqueue([entry], "opening#f1#1#abc")).toBe(true);
    expect(await store.enqueue([entry, anEntry("f1.77", "opening.1.c1")], "opening#f1#1#abc")).toBe(false);
    expect((await store.listOutbox("f1.77")).map((e) => e.id)).toEqual(["opening.1.c0"]);
  });
});
