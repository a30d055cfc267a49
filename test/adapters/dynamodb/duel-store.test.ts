import { type DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { marshall, unmarshall } from "../../../shared/adapters/dynamodb/attributes.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { keys, tableDefinition } from "../../../shared/adapters/dynamodb/table.js";
import type { PostMark } from "../../../shared/domain/state.js";
import { ConcurrencyError, DuplicateError } from "../../../shared/errors.js";
import { aCommit, aForum, aMark, anEntry, anInput, aState, freshStore } from "./fixtures.js";

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

describe("DuelStore on DynamoDB: commits", () => {
  it("a commit creates the duel; a reload gives back its state and version", async () => {
    const commit = aCommit("create", 0, { lastKey: "k1", inputs: [anInput("k1")] });
    await store.commit(commit);

    const loaded = await store.loadDuel("create");
    expect(loaded).toEqual(commit.snapshot);
    expect(loaded?.version).toBe(1);
    expect(await store.loadDuel("nobody")).toBeNull();
  });

  it("creating a duel that exists is a concurrency error", async () => {
    await store.commit(aCommit("twice", 0));
    await expect(store.commit(aCommit("twice", 0))).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it("a stale expectedVersion throws ConcurrencyError and writes nothing", async () => {
    await store.commit(aCommit("stale", 0));
    await store.commit(aCommit("stale", 1, { state: aState("stale", { status: "active" }) }));

    const stale = aCommit("stale", 1, {
      inputs: [anInput("late")],
      dedupKeys: ["delivery-stale"],
      outbox: [anEntry("stale", "o1")],
      duelists: [
        {
          type: "ban",
          forumId: "poudlard",
          userId: "u-stale",
          duelId: "stale",
          bannedUntil: "2027-01-01T00:00:00Z",
          at: "x",
        },
      ],
    });
    const error = await store.commit(stale).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect((error as ConcurrencyError).duelId).toBe("stale");

    expect((await store.loadDuel("stale"))?.version).toBe(2);
    expect(await store.listInputs("stale")).toEqual([]);
    expect(await store.listOutbox("stale")).toEqual([]);
    expect(await store.getDuelist("poudlard", "u-stale")).toBeNull();
    // The dedup key was not written: a fresh commit may still use it.
    await store.commit(aCommit("stale", 2, { dedupKeys: ["delivery-stale"] }));
  });

  it("a commit repeating a dedup key throws DuplicateError and writes nothing", async () => {
    await store.commit(aCommit("dup", 0, { dedupKeys: ["delivery-1"] }));

    const again = aCommit("dup", 1, {
      inputs: [anInput("k2")],
      dedupKeys: ["content-2", "delivery-1"],
      outbox: [anEntry("dup", "o2")],
    });
    const error = await store.commit(again).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateError);
    expect((error as DuplicateError).key).toBe("delivery-1");

    expect((await store.loadDuel("dup"))?.version).toBe(1);
    expect(await store.listInputs("dup")).toEqual([]);
    expect(await store.listOutbox("dup")).toEqual([]);
    await store.commit(aCommit("dup", 1, { dedupKeys: ["content-2"] }));
  });

  it("dedup keys expire 30 days after they were written (TTL)", async () => {
    const { client, tableName } = await freshStore();
    const now = new Date("2026-12-01T10:00:00Z");
    await new DynamoDbStore({ client, tableName, now: () => now }).commit(
      aCommit("ttl", 0, { dedupKeys: ["d1"] }),
    );

    const { Item } = await client.send(
      new GetItemCommand({ TableName: tableName, Key: marshall(keys.dedup("d1")), ConsistentRead: true }),
    );
    const expiresAt = Item ? unmarshall(Item).expiresAt : undefined;
    expect(expiresAt).toBe(now.getTime() / 1000 + 30 * 24 * 3600);
    expect(tableDefinition.timeToLiveAttribute).toBe("expiresAt");
  });

  it("a dedup key already written wins over a stale version: the delivery was applied", async () => {
    await store.commit(aCommit("both", 0, { dedupKeys: ["delivery-both"] }));
    await expect(store.commit(aCommit("both", 0, { dedupKeys: ["delivery-both"] }))).rejects.toEqual(
      new DuplicateError("delivery-both"),
    );
  });

  it("an input key holds one input: another input on it is a duplicate, its own rewrite is not", async () => {
    await store.commit(aCommit("rewrite", 0, { inputs: [anInput("k1", "in-a")] }));

    await expect(store.commit(aCommit("rewrite", 1, { inputs: [anInput("k1", "in-b")] }))).rejects.toEqual(
      new DuplicateError("k1"),
    );

    const rewritten = { ...anInput("k1", "in-a"), events: [] };
    await store.commit(aCommit("rewrite", 1, { inputs: [rewritten, anInput("k0", "in-late")] }));
    expect(await store.listInputs("rewrite")).toEqual([anInput("k0", "in-late"), rewritten]);
  });

  it("lists inputs in key order, whatever the order they were written in", async () => {
    const keys = ["2026-11-30T10:00:03Z#3", "2026-11-30T10:00:01Z#1", "2026-11-30T10:00:02Z#2"];
    let version = 0;
    for (const key of keys) await store.commit(aCommit("order", version++, { inputs: [anInput(key)] }));

    expect((await store.listInputs("order")).map((i) => i.key)).toEqual([...keys].sort());
  });

  it("refuses a commit larger than one transaction, writing nothing", async () => {
    const inputs = Array.from({ length: 100 }, (_, i) => anInput(`big-${String(i).padStart(3, "0")}`));
    await expect(store.commit(aCommit("big", 0, { inputs }))).rejects.toThrow(/exceeds the 100 items/);
    expect(await store.loadDuel("big")).toBeNull();
  });
});

describe("DuelStore on DynamoDB: listings", () => {
  it("lists duels by status, newest first; a duel moves from registered to active", async () => {
    const { store: own } = await freshStore();
    await own.commit(aCommit("d1", 0, { updatedAt: "2026-12-01T10:00:00Z" }));
    await own.commit(aCommit("d2", 0, { updatedAt: "2026-12-02T10:00:00Z" }));

    expect((await own.listDuels("registered")).map((d) => d.duelId)).toEqual(["d2", "d1"]);
    expect((await own.listDuels("registered", 1)).map((d) => d.duelId)).toEqual(["d2"]);
    expect(await own.listDuels("active")).toEqual([]);

    await own.commit(
      aCommit("d1", 1, { state: aState("d1", { status: "active" }), updatedAt: "2026-12-03T10:00:00Z" }),
    );
    expect((await own.listDuels("registered")).map((d) => d.duelId)).toEqual(["d2"]);
    const [active] = await own.listDuels("active");
    expect(active).toMatchObject({ duelId: "d1", version: 2, state: { status: "active" } });

    expect(await own.counts()).toEqual({
      activeDuels: 1,
      registeredDuels: 1,
      pendingEffects: 0,
      failedEffects: 0,
    });
  });
});

describe("DuelStore on DynamoDB: forums and duelists", () => {
  it("puts and gets a forum's configuration", async () => {
    expect(await store.getForum("absent")).toBeNull();
    await store.putForum(aForum("poudlard"));
    expect(await store.getForum("poudlard")).toEqual(aForum("poudlard"));
  });

  it("loads the forum and the duel together, and copes with either missing", async () => {
    await store.putForum(aForum("fd-forum"));
    const commit = aCommit("fd-duel", 0);
    await store.commit(commit);

    expect(await store.loadForumAndDuel("fd-forum", "fd-duel")).toEqual({
      forum: aForum("fd-forum"),
      duel: commit.snapshot,
      postsRead: [],
      marks: {},
    });
    expect(await store.loadForumAndDuel("fd-forum", "none")).toEqual({
      forum: aForum("fd-forum"),
      duel: null,
      postsRead: [],
      marks: {},
    });
    expect(await store.loadForumAndDuel("none", "fd-duel")).toEqual({
      forum: null,
      duel: commit.snapshot,
      postsRead: [],
      marks: {},
    });
    expect(await store.loadForumAndDuel("none", "none", ["p1"])).toEqual({
      forum: null,
      duel: null,
      postsRead: ["p1"],
      marks: {},
    });
  });

  it("keeps post marks apart from the snapshot and reads the ones asked for with it", async () => {
    await store.putForum(aForum("pm-forum"));
    const [a, b] = [aMark("a"), aMark("b", { authorId: "43" })];
    await store.commit(
      aCommit("pm-duel", 0, {
        state: { ...aState("pm-duel"), posts: { p1: a, p2: b } },
        deliveries: [{ postId: "p2", keys: ["delivery#a"] }],
      }),
    );
    const loaded = await store.loadForumAndDuel("pm-forum", "pm-duel", ["p2", "p3", "p2"]);
    expect(loaded.postsRead).toEqual(["p2", "p3"]);
    // Only the mark asked for comes with the snapshot, which holds none of its own here.
    expect(loaded.marks).toEqual({ p2: b });
    expect(loaded.duel?.state.posts).toEqual({});
    expect(await store.loadPostMarks("pm-duel", ["p1", "p9"])).toEqual({ p1: a });
    expect(await store.listPostMarks("pm-duel")).toEqual({ p1: a, p2: b });
    expect(await storedMark("pm-duel", "p1")).toBe("4aaaaaaaaaaaa42");

    // A mark removed (a replay no longer saw the post) leaves its dedup keys behind.
    await store.commit(
      aCommit("pm-duel", 1, {
        state: { ...aState("pm-duel"), posts: { p1: a } },
        marksRead: { p1: a, p2: b },
        marksComplete: true,
      }),
    );
    expect(await store.listPostMarks("pm-duel")).toEqual({ p1: a });
    await expect(
      store.commit(
        aCommit("pm-duel", 2, {
          state: { ...aState("pm-duel"), posts: { p2: aMark("x") } },
          deliveries: [{ postId: "p2", keys: ["delivery#a"] }],
        }),
      ),
    ).rejects.toBeInstanceOf(DuplicateError);
  });

  it("R-6.7 writes only the marks that differ from those read, and keeps those of queued posts in the snapshot", async () => {
    const [a, b] = [aMark("a"), aMark("b")];
    const queued = {
      postId: "p2",
      authorId: "42",
      createdAt: "2026-11-30T10:00:00.000Z",
      content: "",
      format: "bbcode" as const,
      dice: [1, 1] as const,
    };
    const state = { ...aState("pm-hot"), posts: { p1: a, p2: b }, queue: [queued] };
    await store.commit(aCommit("pm-hot", 0, { state }));
    expect((await store.loadDuel("pm-hot"))?.state.posts).toEqual({ p2: b });

    const tampered = { ...a, tampered: true };
    const next = aCommit("pm-hot", 1, {
      state: { ...state, posts: { p1: tampered, p2: b } },
      marksRead: { p1: a, p2: b },
    });
    // The snapshot, its ruleset, and p1's item: p2's mark did not change.
    expect(store.commitItems(next)).toBe(3);
    await store.commit(next);
    expect(await store.listPostMarks("pm-hot")).toEqual({ p1: tampered, p2: b });
    expect(await storedMark("pm-hot", "p1")).toBe("5aaaaaaaaaaaa42");
  });

  it("refuses a delivery already recorded with the post's mark, whatever the version, and writes nothing", async () => {
    const posts = (mark: PostMark) => ({ state: { ...aState("pm-dup"), posts: { p1: mark } } });
    const [m1, m2, m3] = [aMark("1"), aMark("2"), aMark("3")];
    await store.commit(
      aCommit("pm-dup", 0, { ...posts(m1), deliveries: [{ postId: "p1", keys: ["k1", "k2"] }] }),
    );
    // The same delivery deciding again on a newer version: its key is refused before the version.
    await store.commit(aCommit("pm-dup", 1));
    const again = aCommit("pm-dup", 1, {
      ...posts(m2),
      marksRead: { p1: m1 },
      deliveries: [{ postId: "p1", keys: ["k2"] }],
      inputs: [anInput("k")],
    });
    await expect(store.commit(again)).rejects.toBeInstanceOf(DuplicateError);
    expect(await store.listPostMarks("pm-dup")).toEqual({ p1: m1 });
    expect(await store.listInputs("pm-dup")).toEqual([]);
    // New keys for the same post are recorded beside the old ones.
    await store.commit(aCommit("pm-dup", 2, { ...posts(m3), deliveries: [{ postId: "p1", keys: ["k3"] }] }));
    await expect(
      store.commit(aCommit("pm-dup", 3, { deliveries: [{ postId: "p1", keys: ["k1"] }] })),
    ).rejects.toBeInstanceOf(DuplicateError);
    expect(await store.listPostMarks("pm-dup")).toEqual({ p1: m3 });
  });

  it("records duelists' duels and bans from commits", async () => {
    const duel = (duelId: string, status: "registered" | "finished", at: string) =>
      ({
        type: "duel",
        forumId: "poudlard",
        userId: "42",
        duelId,
        threadId: `thread-${duelId}`,
        status,
        outcome: status === "finished" ? "won" : null,
        at,
      }) as const;
    await store.commit(
      aCommit("rec-1", 0, { duelists: [duel("rec-1", "registered", "2026-12-01T10:00:00Z")] }),
    );
    await store.commit(
      aCommit("rec-1", 1, {
        duelists: [
          duel("rec-1", "finished", "2026-12-05T10:00:00Z"),
          {
            type: "ban",
            forumId: "poudlard",
            userId: "42",
            duelId: "rec-1",
            bannedUntil: "2027-06-05T10:00:00Z",
            at: "2026-12-05T10:00:00Z",
          },
        ],
      }),
    );
    await store.commit(
      aCommit("rec-2", 0, { duelists: [duel("rec-2", "registered", "2026-12-06T10:00:00Z")] }),
    );

    expect(await store.getDuelist("poudlard", "42")).toEqual({
      forumId: "poudlard",
      userId: "42",
      bannedUntil: "2027-06-05T10:00:00Z",
      duels: [
        {
          duelId: "rec-2",
          threadId: "thread-rec-2",
          status: "registered",
          outcome: null,
          at: "2026-12-06T10:00:00Z",
        },
        {
          duelId: "rec-1",
          threadId: "thread-rec-1",
          status: "finished",
          outcome: "won",
          at: "2026-12-05T10:00:00Z",
        },
      ],
    });
    expect(await store.getDuelist("poudlard", "nobody")).toBeNull();
    expect(await store.bansOf("poudlard", ["42", "43", "42"])).toEqual({
      "42": "2027-06-05T10:00:00Z",
      "43": null,
    });
    expect(await store.bansOf("elsewhere", ["42"])).toEqual({ "42": null });
    expect(await store.bansOf("poudlard", [])).toEqual({});

    // a second duel bans them later, then the first duel's ban ends: the second one holds.
    const ban = (duelId: string, bannedUntil: string | null, at: string) =>
      ({ type: "ban", forumId: "poudlard", userId: "42", duelId, bannedUntil, at }) as const;
    await store.commit(
      aCommit("rec-2", 1, { duelists: [ban("rec-2", "2027-08-01T10:00:00Z", "2026-12-07T10:00:00Z")] }),
    );
    expect(await store.bansOf("poudlard", ["42"])).toEqual({ "42": "2027-08-01T10:00:00Z" });
    await store.commit(aCommit("rec-1", 2, { duelists: [ban("rec-1", null, "2027-06-05T10:00:00Z")] }));
    expect(await store.bansOf("poudlard", ["42"])).toEqual({ "42": "2027-08-01T10:00:00Z" });
    expect((await store.getDuelist("poudlard", "42"))?.bannedUntil).toBe("2027-08-01T10:00:00Z");
    await store.commit(aCommit("rec-2", 2, { duelists: [ban("rec-2", null, "2027-08-01T10:00:00Z")] }));
    expect(await store.bansOf("poudlard", ["42"])).toEqual({ "42": null });
    expect((await store.getDuelist("poudlard", "42"))?.bannedUntil).toBeNull();
  });

  it("answers a ping", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
