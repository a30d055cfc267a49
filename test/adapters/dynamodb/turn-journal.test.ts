import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { relayHandler } from "../../../functions/relay/compose.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { keys } from "../../../shared/adapters/dynamodb/table.js";
import { OutboxRelay } from "../../../shared/app/relay.js";
import type { ClubDuelRecord } from "../../../shared/domain/club-record.js";
import { ConcurrencyError, DuplicateError } from "../../../shared/errors.js";
import type { LoadedDuel, StoredInput } from "../../../shared/ports/duel-repository.js";
import { localClient } from "../../support/harness.js";
import {
  aClubRecord,
  aCommit,
  aKey,
  aMark,
  anEntry,
  anInput,
  aPostInput,
  aState,
  freshStore,
  itemReader,
  storedKey,
} from "./fixtures.js";

/*
 * The turn journal (shared/adapters/dynamodb/journal.ts): an ordinary turn writes its duel's
 * snapshot item only, the rest journaled on it until a fold writes it out; reads merge it.
 */

const FORUM = "poudlard";

/** The requests a client sends, by command, from now on. */
function countRequests(client: DynamoDBClient): { take(): Record<string, number> } {
  let counts: Record<string, number> = {};
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context.commandName ?? "Unknown").replace(/Command$/, "");
      counts[name] = (counts[name] ?? 0) + 1;
      return next(args);
    },
    { step: "initialize", name: `countRequests${Math.random()}` },
  );
  return {
    take() {
      const taken = counts;
      counts = {};
      return taken;
    },
  };
}

const instantOf = (n: number) => new Date(Date.parse("2026-12-01T10:00:00.000Z") + n * 60_000).toISOString();

/** Post `n`'s arrival, as the decider stores it. */
const aPost = (n: number): StoredInput => aPostInput(n, instantOf(n));

function aRecord(duelId: string, n: number): ClubDuelRecord {
  return aClubRecord(duelId, {
    forumId: FORUM,
    status: "active",
    turn: { duelistId: "42", number: n, deadline: "2026-12-09T10:00:00.000Z" },
  });
}

/** A running duel, at version 1. */
async function aRunningDuel(store: DynamoDbStore, duelId: string): Promise<void> {
  await store.commit(aCommit(duelId, 0, { state: aState(duelId, { status: "active" }) }));
}

/** Post `n` decided on what was read: its mark, its input, its delivery, a hibou, the club's record. */
function aTurn(loaded: LoadedDuel, n: number, overrides: Partial<Parameters<typeof aCommit>[2]> = {}) {
  const duel = loaded.duel;
  if (!duel) throw new Error("no duel read");
  return aCommit(duel.duelId, duel.version, {
    state: { ...duel.state, posts: { ...duel.state.posts, [`p${n}`]: aMark(String(n % 10)) } },
    read: loaded,
    inputs: [aPost(n)],
    deliveries: [{ postId: `p${n}`, keys: [aKey(`d${n}`)] }],
    outbox: [anEntry(duel.duelId, `e${n}`, { createdAt: instantOf(n), nextAttemptAt: instantOf(n) })],
    club: aRecord(duel.duelId, n),
    updatedAt: instantOf(n),
    ...overrides,
  });
}

/** Reads for post `n` and commits its turn. */
async function playTurn(store: DynamoDbStore, duelId: string, n: number): Promise<void> {
  await store.commit(aTurn(await store.loadForumAndDuel(FORUM, duelId, [`p${n}`]), n));
}

const due = (store: DynamoDbStore) => store.dueOutbox("2030-01-01T00:00:00.000Z", 100);

describe("the turn journal (DynamoDB)", () => {
  it("writes a turn as one UpdateItem, and every read of the duel sees it before it is folded", async () => {
    const { store, client, tableName } = await freshStore();
    await aRunningDuel(store, "j1");
    const loaded = await store.loadForumAndDuel(FORUM, "j1", ["p1"]);
    const requests = countRequests(client);
    await store.commit(aTurn(loaded, 1));
    expect(requests.take()).toEqual({ UpdateItem: 1 });

    expect((await store.listInputs("j1")).map((i) => i.inputId)).toEqual(["in-p1"]);
    expect(await store.listPostMarks("j1")).toEqual({ p1: aMark("1") });
    expect(await store.loadPostMarks("j1", ["p1"])).toEqual({ p1: aMark("1") });
    expect((await store.loadForumAndDuel(FORUM, "j1", ["p1"])).marks).toEqual({ p1: aMark("1") });
    expect((await store.listOutbox("j1")).map((e) => e.id)).toEqual(["e1"]);
    // The outbox index and the club's page see it once folded, by the relay's next run.
    expect(await due(store)).toEqual([]);
    expect((await store.club(FORUM)).records).toEqual([]);

    expect(await store.foldJournals()).toBe(1);
    expect((await due(store)).map((e) => e.id)).toEqual(["e1"]);
    expect((await store.club(FORUM)).records).toEqual([aRecord("j1", 1)]);
    const item = itemReader(client, tableName);
    expect((await item(keys.duel("j1")))?.journal).toBeUndefined();
    expect((await item(keys.post("j1", "p1")))?.seen?.SS).toEqual([storedKey("d1")]);
    // Folded, the same reads say the same.
    expect((await store.listInputs("j1")).map((i) => i.inputId)).toEqual(["in-p1"]);
    expect(await store.listPostMarks("j1")).toEqual({ p1: aMark("1") });
    expect((await store.listOutbox("j1")).map((e) => e.id)).toEqual(["e1"]);
    expect(await store.foldJournals()).toBe(0);
  });

  it("CONTRACT 4.3 refuses a retry of a journaled delivery as a duplicate, as a new input or as the same one", async () => {
    const { store } = await freshStore();
    await aRunningDuel(store, "j2");
    await playTurn(store, "j2", 1);
    const again = await store.loadForumAndDuel(FORUM, "j2", ["p1"]);
    // The same delivery of post 1 dated later by the forum (a later order: its key is what tells),
    // and the very same delivery again.
    const later = aPost(1);
    const moved = { ...later, order: { rank: "post", instant: instantOf(5), post: { id: "p1" } } } as const;
    await expect(
      store.commit(aTurn(again, 1, { inputs: [moved], deliveries: [{ postId: "p1", keys: [aKey("d1")] }] })),
    ).rejects.toEqual(new DuplicateError(storedKey("d1")));
    await expect(store.commit(aTurn(again, 1))).rejects.toBeInstanceOf(DuplicateError);
    expect((await store.listInputs("j2")).map((i) => i.inputId)).toEqual(["in-p1"]);
    expect((await store.listOutbox("j2")).map((e) => e.id)).toEqual(["e1"]);
  });

  it("CONTRACT 4.3 writes the pending journal out with a commit that is not a turn (a late post's replay): nothing lost or doubled", async () => {
    const { store, client, tableName } = await freshStore();
    await aRunningDuel(store, "j3");
    await playTurn(store, "j3", 2);
    await playTurn(store, "j3", 3);
    const loaded = await store.loadForumAndDuel(FORUM, "j3", ["p1"]);
    const requests = countRequests(client);
    // Post 1 arrives late: the whole duel decided again, its inputs rewritten.
    await store.commit(aTurn(loaded, 1, { replaysDuel: true, inputs: [aPost(1), aPost(2), aPost(3)] }));
    expect(requests.take()).toEqual({ TransactWriteItems: 1 });
    expect((await itemReader(client, tableName)(keys.duel("j3")))?.journal).toBeUndefined();
    expect((await store.listInputs("j3")).map((i) => i.inputId)).toEqual(["in-p1", "in-p2", "in-p3"]);
    expect(await store.listPostMarks("j3")).toEqual({ p1: aMark("1"), p2: aMark("2"), p3: aMark("3") });
    expect((await due(store)).map((e) => e.id).sort()).toEqual(["e1", "e2", "e3"]);
    expect((await store.club(FORUM)).records).toEqual([aRecord("j3", 1)]);
    expect(await store.foldJournals()).toBe(0);
    expect((await due(store)).map((e) => e.id).sort()).toEqual(["e1", "e2", "e3"]);
  });

  it("CONTRACT 4.3 never lists a journaled input over the one a replay rewrote while the list was read", async () => {
    const { store, client } = await freshStore();
    await aRunningDuel(store, "j16");
    await playTurn(store, "j16", 2);
    const loaded = await store.loadForumAndDuel(FORUM, "j16", ["p1"]);
    // Post 2's input as a late post 1's replay rewrites it, with an event of its own.
    const rewritten: StoredInput = {
      ...aPost(2),
      events: [anInput("rewritten").events[0]].flatMap((e) => e ?? []),
    };
    let replayed = false;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!replayed && context.commandName === "QueryCommand") {
          replayed = true;
          await store.commit(aTurn(loaded, 1, { replaysDuel: true, inputs: [aPost(1), rewritten] }));
        }
        return next(args);
      },
      { step: "initialize", name: "replayBeforeQuery" },
    );
    const inputs = await store.listInputs("j16");
    expect(replayed).toBe(true);
    expect(inputs.map((i) => [i.inputId, i.events.length])).toEqual([
      ["in-p1", 0],
      ["in-p2", 1],
    ]);
  });

  it("folds again when a turn is journaled between its read and its write, losing nothing", async () => {
    const { store, client, tableName } = await freshStore();
    await aRunningDuel(store, "j4");
    await playTurn(store, "j4", 1);
    // Another process folds; its first write waits for a turn journaled meanwhile.
    const relayClient = localClient();
    const relay = new DynamoDbStore({ client: relayClient, tableName });
    let raced = false;
    relayClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "TransactWriteItemsCommand" && !raced) {
          raced = true;
          await playTurn(store, "j4", 2);
        }
        return next(args);
      },
      { step: "initialize", name: "raceTheFold" },
    );
    expect(await relay.foldJournal("j4")).toBe(true);
    expect(raced).toBe(true);
    expect((await itemReader(client, tableName)(keys.duel("j4")))?.journal).toBeUndefined();
    expect((await due(store)).map((e) => e.id)).toEqual(["e1", "e2"]);
    expect((await store.listInputs("j4")).map((i) => i.inputId)).toEqual(["in-p1", "in-p2"]);
    expect(await store.listPostMarks("j4")).toEqual({ p1: aMark("1"), p2: aMark("2") });
  });

  it("folds what it journaled without reading it first, and reads it when another process moved it since", async () => {
    const { store, client, tableName } = await freshStore();
    const other = new DynamoDbStore({ client, tableName });
    await aRunningDuel(store, "j9");
    await aRunningDuel(store, "j10");
    await playTurn(store, "j9", 1);
    await playTurn(store, "j10", 1);
    // Another process journals a turn of j10 after this one's.
    await playTurn(other, "j10", 2);
    const requests = countRequests(client);
    expect(await store.foldJournals()).toBe(2);
    // j9 as written; j10's guess fails on its version, then j10 is read and folded whole.
    expect(requests.take()).toEqual({ TransactWriteItems: 3, GetItem: 1 });
    expect((await due(store)).map((e) => `${e.duelId} ${e.id}`).sort()).toEqual([
      "j10 e1",
      "j10 e2",
      "j9 e1",
    ]);
    // A journal another process folded meanwhile is not folded again.
    await playTurn(store, "j9", 2);
    expect(await other.foldJournal("j9")).toBe(true);
    expect(await store.foldJournals()).toBe(0);
    expect((await due(store)).filter((e) => e.duelId === "j9").map((e) => e.id)).toEqual(["e1", "e2"]);
  });

  it("CONTRACT 6.1 keeps in mind a turn it journals while its fold of the journal before is in flight", async () => {
    const { store, client } = await freshStore();
    await aRunningDuel(store, "j15");
    await playTurn(store, "j15", 1);
    // The fold's transaction lands, and its answer is held while the next turn is journaled.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (holding && context.commandName === "TransactWriteItemsCommand") {
          holding = false;
          await held;
        }
        return result;
      },
      { step: "initialize", name: "holdFoldAnswer" },
    );
    const fold = store.foldJournals();
    await vi.waitFor(() => expect(holding).toBe(false));
    await playTurn(store, "j15", 2);
    release();
    expect(await fold).toBe(1);
    // The second turn's journal is still this store's to fold, and its relay's next run folds it.
    expect(await store.foldJournals()).toBe(1);
    expect((await due(store)).map((e) => e.id)).toEqual(["e1", "e2"]);
  });

  it("CONTRACT 6.1 is folded by the relay before its run, which then performs the turn's effects", async () => {
    const { store } = await freshStore();
    await aRunningDuel(store, "j11");
    await playTurn(store, "j11", 1);
    const scheduled: string[] = [];
    const relay = new OutboxRelay({
      store,
      scheduler: { schedule: async (timer) => void scheduled.push(timer.name), cancel: async () => {} },
      notifier: { deliver: async () => {} },
      now: () => new Date("2026-12-01T10:02:00.000Z"),
    });
    expect(await relay.runDue()).toBe(1);
    expect(scheduled).toEqual(["timer-e1"]);
    expect((await store.listOutbox("j11")).map((e) => [e.id, e.doneAt !== null])).toEqual([["e1", true]]);
  });

  it("keeps the latest 256 journals it wrote in mind for its relay, and leaves older ones to the sweep", async () => {
    const { store, client, tableName } = await freshStore();
    const ids = Array.from({ length: 257 }, (_, i) => `many-${String(i).padStart(3, "0")}`);
    for (let i = 0; i < ids.length; i += 32) {
      const chunk = ids.slice(i, i + 32);
      await Promise.all(chunk.map((id) => aRunningDuel(store, id)));
      // One after the other: the first written is the one forgotten.
      for (const id of chunk) await playTurn(store, id, 1);
    }
    expect(await store.foldJournals()).toBe(256);
    const leftOver = new DynamoDbStore({ client, tableName });
    expect(await leftOver.sweepJournals()).toBe(1);
    expect((await due(store)).length).toBe(100);
  });

  it("CONTRACT 6.1 refuses a commit that would write out a journal folded since its read, and never puts a delivered hibou back", async () => {
    const { store, tableName, client } = await freshStore();
    await aRunningDuel(store, "j5");
    await playTurn(store, "j5", 1);
    const loaded = await store.loadForumAndDuel(FORUM, "j5", ["p0"]);
    // The relay folds and delivers the hibou; then a commit decided before the fold comes.
    const relay = new DynamoDbStore({ client, tableName });
    expect(await relay.foldJournal("j5")).toBe(true);
    const [entry] = await due(relay);
    if (!entry) throw new Error("no entry folded");
    const delivered = { ...entry, attempts: 1, doneAt: "2026-12-01T10:05:00.000Z" };
    expect(await relay.updateOutbox(delivered, 0)).toBe(true);
    const replay = (read: LoadedDuel) =>
      aTurn(read, 0, { replaysDuel: true, inputs: [aPost(0), aPost(1)], outbox: [] });
    await expect(store.commit(replay(loaded))).rejects.toBeInstanceOf(ConcurrencyError);
    await store.commit(replay(await store.loadForumAndDuel(FORUM, "j5", ["p0"])));
    expect(await store.listOutbox("j5")).toEqual([delivered]);
    expect(await due(store)).toEqual([]);
  });

  it("takes the slow path once the journal holds its most entries, which folds it", async () => {
    const { store, client, tableName } = await freshStore();
    await aRunningDuel(store, "j6");
    const requests = countRequests(client);
    for (let n = 1; n <= 16; n++) {
      const loaded = await store.loadForumAndDuel(FORUM, "j6", [`p${n}`]);
      requests.take();
      await store.commit(aTurn(loaded, n));
      expect(requests.take()).toEqual({ UpdateItem: 1 });
    }
    const loaded = await store.loadForumAndDuel(FORUM, "j6", ["p17"]);
    requests.take();
    await store.commit(aTurn(loaded, 17));
    expect(requests.take()).toEqual({ TransactWriteItems: 1 });
    expect((await itemReader(client, tableName)(keys.duel("j6")))?.journal).toBeUndefined();
    expect(await due(store)).toHaveLength(17);
    expect(await store.listInputs("j6")).toHaveLength(17);
  });

  it("CONTRACT 6.1 leaves a journal behind a process that stops before folding: the sweep, or the stream, folds it", async () => {
    const { store, client, tableName } = await freshStore();
    await aRunningDuel(store, "j7");
    await aRunningDuel(store, "j8");
    await playTurn(store, "j7", 1);
    await playTurn(store, "j8", 1);
    const later = new DynamoDbStore({ client, tableName });
    // A process of its own knows of no journal it wrote.
    expect(await later.foldJournals()).toBe(0);
    expect(await later.sweepJournals()).toBe(2);
    expect((await due(later)).map((e) => e.duelId).sort()).toEqual(["j7", "j8"]);

    // The relay function, woken by a journaled snapshot's stream record, folds that duel.
    await playTurn(store, "j7", 2);
    const image = await itemReader(client, tableName)(keys.duel("j7"));
    const runs: string[] = [];
    const handler = relayHandler(
      {
        runDue: async () => {
          runs.push("run");
          return 0;
        },
      },
      () => {},
      undefined,
      new DynamoDbStore({ client, tableName }),
    );
    await handler({
      Records: [
        {
          eventName: "MODIFY",
          dynamodb: {
            Keys: { pk: { S: "DUEL#j7" }, sk: { S: "STATE" } },
            NewImage: { duelId: { S: "j7" }, journalId: { S: image?.journalId?.S ?? "" } },
            SequenceNumber: "1",
          },
        },
      ],
    });
    expect(runs).toEqual(["run"]);
    expect((await due(later)).map((e) => e.id).sort()).toEqual(["e1", "e1", "e2"]);
  });
});
