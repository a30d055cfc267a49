import { describe, expect, it } from "vitest";
import { aForum, freshStore } from "./fixtures.js";

describe("CONTRACT 3.1 DuelStore.listForums on DynamoDB (the operator's list of forums)", () => {
  it("CONTRACT 3.1 lists every forum by id, each once, with its current settings", async () => {
    const { store } = await freshStore();
    expect(await store.listForums()).toEqual([]);
    await store.putForum(aForum("serpentard"));
    await store.putForum(aForum("gringotts"));
    await store.putForum({ ...aForum("gringotts"), name: "Banque Gringotts" });
    const forums = await store.listForums();
    expect(forums.map((f) => f.forumId)).toEqual(["gringotts", "serpentard"]);
    expect(forums[0]).toEqual({ ...aForum("gringotts"), name: "Banque Gringotts" });
  });

  it("CONTRACT 3.1 lists no duel, credential or other item of the table", async () => {
    const { store } = await freshStore();
    await store.putForum(aForum("poudlard"));
    await store.accessStore().putCredential({
      id: "AAAAAAAAAAAAAAAA",
      forumId: "poudlard",
      role: "referee",
      name: "Minerva",
      tokenHash: "ab".repeat(32),
      createdAt: "2026-12-01T08:00:00.000Z",
    });
    expect((await store.listForums()).map((f) => f.forumId)).toEqual(["poudlard"]);
  });
});
