import { beforeEach, describe, expect, it } from "vitest";
import { encodeOrder } from "../../../shared/adapters/dynamodb/input-keys.js";
import type { ClubDuelRecord } from "../../../shared/domain/club-record.js";
import type { DuelCommand } from "../../../shared/domain/commands.js";
import { compareOrder, type InputOrder } from "../../../shared/domain/input-order.js";
import type { Duel, PostMark } from "../../../shared/domain/state.js";
import { ConcurrencyError, DuplicateError } from "../../../shared/errors.js";
import type { AccessStore, Credential, SessionReveal } from "../../../shared/ports/access-store.js";
import type { DuelCommit } from "../../../shared/ports/duel-repository.js";
import type { DuelStore, TimerStore } from "../../../shared/ports/duel-store.js";
import type { EffectPart } from "../../../shared/ports/outbox-store.js";
import {
  aClubRecord,
  aCommit,
  aForum,
  aKey,
  aMark,
  anEntry,
  anInput,
  aPostInput,
  aState,
  aTimer,
  storedKey,
} from "./fixtures.js";

/** What the suite asks of a store: every port of `DuelStore`, the timers, and its access store. */
export type ContractStore = DuelStore & TimerStore & { accessStore(): AccessStore };

/**
 * The behaviour every store gives its callers, run against each adapter (DynamoDB Local, memory):
 * conditional writes, duplicates, the limit of one commit, orders, post marks, club records,
 * accounts, the outbox's claims, health counts, timers and access. Each test has a fresh store.
 * What only one adapter has (item shapes, TTL attributes, capacity, storage down) stays in its own
 * tests.
 */
/** Every instant a test's duels may have ended at. */
const EVER = [{ from: "2000-01-01T00:00:00.000Z", to: "2100-01-01T00:00:00.000Z" }];

export function describeDuelStoreContract(name: string, makeStore: () => Promise<ContractStore>): void {
  let store: ContractStore;

  beforeEach(async () => {
    store = await makeStore();
  });

  describe(`DuelStore contract on ${name}: commits`, () => {
    it("a commit creates the duel; a reload gives back its state and version", async () => {
      const input = anInput("k1");
      const commit = aCommit("create", 0, { inputs: [input] });
      await store.commit(commit);

      const loaded = await store.loadDuel("create");
      expect(loaded).toEqual({ ...commit.snapshot, lastOrder: input.order });
      expect(loaded?.version).toBe(1);
      expect(await store.loadDuel("nobody")).toBeNull();
    });

    it("CONTRACT 4.3 the duel's last order is the latest of the snapshot read and the commit's inputs", async () => {
      const timer = (second: number): InputOrder => ({
        rank: "timer",
        instant: `2026-11-30T10:00:0${second}.000Z`,
        timer: "t",
      });
      const lastOrder = async () => (await store.loadDuel("last"))?.lastOrder;
      await store.commit(aCommit("last", 0));
      expect(await lastOrder()).toEqual({ rank: "registration" });
      await store.commit(aCommit("last", 1, { inputs: [anInput("b", "in-b", timer(2))] }));
      expect(await lastOrder()).toEqual(timer(2));

      // An input that arrived late leaves it where it was; a later one moves it.
      const read = async () => ({ duel: await store.loadDuel("last"), marks: {} });
      await store.commit(
        aCommit("last", 2, { read: await read(), inputs: [anInput("a", "in-a", timer(1))] }),
      );
      expect(await lastOrder()).toEqual(timer(2));
      const both = [anInput("a", "in-a", timer(1)), anInput("c", "in-c", timer(3))];
      await store.commit(aCommit("last", 3, { read: await read(), inputs: both }));
      expect(await lastOrder()).toEqual(timer(3));
    });

    it("creating a duel that exists is a concurrency error", async () => {
      await store.commit(aCommit("twice", 0));
      await expect(store.commit(aCommit("twice", 0))).rejects.toBeInstanceOf(ConcurrencyError);
    });

    it("a commit on a duel never created is a concurrency error", async () => {
      await expect(store.commit(aCommit("ghost", 3))).rejects.toEqual(new ConcurrencyError("ghost"));
      expect(await store.loadDuel("ghost")).toBeNull();
    });

    it("a stale expectedVersion throws ConcurrencyError and writes nothing", async () => {
      await store.commit(aCommit("stale", 0));
      await store.commit(aCommit("stale", 1, { state: aState("stale", { status: "active" }) }));

      const stale = aCommit("stale", 1, {
        inputs: [anInput("late")],
        dedupKeys: [aKey("delivery-stale")],
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
        accounts: [{ userId: "u-stale", name: "Drago", seenAt: "2026-12-01T10:00:00Z" }],
        club: aRecord("stale"),
      });
      const error = await store.commit(stale).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).duelId).toBe("stale");

      expect((await store.loadDuel("stale"))?.version).toBe(2);
      expect(await store.listInputs("stale")).toEqual([]);
      expect(await store.listOutbox("stale")).toEqual([]);
      expect(await store.getDuelist("poudlard", "u-stale")).toBeNull();
      expect(await store.listAccounts("poudlard")).toEqual([]);
      expect((await store.clubRecords("poudlard", EVER)).records).toEqual([]);
      // The dedup key was not written: a fresh commit may still use it.
      await store.commit(aCommit("stale", 2, { dedupKeys: [aKey("delivery-stale")] }));
    });

    it("a commit repeating a dedup key throws DuplicateError and writes nothing", async () => {
      await store.commit(aCommit("dup", 0, { dedupKeys: [aKey("delivery-1")] }));

      const again = aCommit("dup", 1, {
        inputs: [anInput("k2")],
        dedupKeys: [aKey("content-2"), aKey("delivery-1")],
        outbox: [anEntry("dup", "o2")],
      });
      const error = await store.commit(again).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateError);
      expect((error as DuplicateError).key).toBe(storedKey("delivery-1"));

      expect((await store.loadDuel("dup"))?.version).toBe(1);
      expect(await store.listInputs("dup")).toEqual([]);
      expect(await store.listOutbox("dup")).toEqual([]);
      await store.commit(aCommit("dup", 1, { dedupKeys: [aKey("content-2")] }));
    });

    it("dedup keys are shared by every duel and by hiboux enqueued outside a decision", async () => {
      await store.commit(aCommit("first", 0, { dedupKeys: [aKey("shared-key")] }));
      await expect(store.commit(aCommit("second", 0, { dedupKeys: [aKey("shared-key")] }))).rejects.toEqual(
        new DuplicateError(storedKey("shared-key")),
      );
      expect(await store.enqueue([anEntry("third", "e1")], aKey("shared-key"))).toBe(false);
      expect(await store.enqueue([anEntry("third", "e1")], aKey("enqueued-key"))).toBe(true);
      await expect(store.commit(aCommit("third", 0, { dedupKeys: [aKey("enqueued-key")] }))).rejects.toEqual(
        new DuplicateError(storedKey("enqueued-key")),
      );
    });

    it("a dedup key already written wins over a stale version: the delivery was applied", async () => {
      await store.commit(aCommit("both", 0, { dedupKeys: [aKey("delivery-both")] }));
      await expect(store.commit(aCommit("both", 0, { dedupKeys: [aKey("delivery-both")] }))).rejects.toEqual(
        new DuplicateError(storedKey("delivery-both")),
      );
    });

    it("an input's order holds one input: another input on it is a duplicate, its own rewrite is not", async () => {
      await store.commit(aCommit("rewrite", 0, { inputs: [anInput("k1", "in-a")] }));

      await expect(store.commit(aCommit("rewrite", 1, { inputs: [anInput("k1", "in-b")] }))).rejects.toEqual(
        new DuplicateError(encodeOrder(anInput("k1").order)),
      );

      const rewritten = { ...anInput("k1", "in-a"), events: [] };
      await store.commit(aCommit("rewrite", 1, { inputs: [rewritten, anInput("k0", "in-late")] }));
      expect(await store.listInputs("rewrite")).toEqual([anInput("k0", "in-late"), rewritten]);
    });

    it("an input's order taken wins over a dedup key and a stale version, in the commit's order", async () => {
      await store.commit(
        aCommit("order-dup", 0, { inputs: [anInput("k1", "in-a")], dedupKeys: [aKey("d1")] }),
      );
      await expect(
        store.commit(aCommit("order-dup", 0, { inputs: [anInput("k1", "in-b")], dedupKeys: [aKey("d1")] })),
      ).rejects.toEqual(new DuplicateError(encodeOrder(anInput("k1").order)));
    });

    it("repeated keys within one commit are written once, the last one winning", async () => {
      const first = anInput("k1", "in-a");
      const last = { ...first, events: [] };
      const entry = anEntry("repeat", "o1");
      const done = { ...entry, doneAt: "2026-12-01T10:00:00.000Z" };
      const commit = aCommit("repeat", 0, {
        inputs: [first, last],
        dedupKeys: [aKey("d1"), aKey("d1")],
        outbox: [entry, done],
      });
      // The snapshot, its ruleset, one input, one dedup key, one outbox entry.
      expect(store.commitItems(commit)).toBe(5);
      await store.commit(commit);
      expect(await store.listInputs("repeat")).toEqual([last]);
      expect(await store.listOutbox("repeat")).toEqual([done]);
    });

    it("lists inputs in their order (compareOrder), whatever the order they were written in", async () => {
      const at = (second: number) => `2026-11-30T10:00:0${second}.000Z`;
      const orders: InputOrder[] = [
        { rank: "timer", instant: at(1), timer: "deadline" },
        { rank: "post", instant: at(1), post: { id: "00000000000000000012", change: { type: "delete" } } },
        { rank: "decision", instant: at(1), sequence: 4, inputId: "r.top" },
        { rank: "post", instant: at(3), post: { id: "00000000000000000009" } },
        { rank: "decision", instant: at(1), sequence: 5, post: { id: "00000000000000000011" } },
        { rank: "post", instant: at(1), post: { id: "00000000000000000012" } },
        {
          rank: "post",
          instant: at(1),
          post: { id: "00000000000000000012", change: { type: "edit", inputId: "e.1" } },
        },
        { rank: "registration" },
        { rank: "post", instant: at(1), post: { id: "00000000000000000100" } },
      ];
      // A decision's order is a referee's or a post's: the command tells which.
      const commandOf = (order: InputOrder): DuelCommand | undefined =>
        order.rank !== "decision"
          ? undefined
          : "post" in order
            ? {
                type: "post.deleted",
                now: order.instant,
                postId: "11",
                authorId: "42",
                deletedAt: order.instant,
              }
            : {
                type: "referee",
                now: order.instant,
                by: { id: "7", via: "api" },
                action: { command: "top" },
              };
      let version = 0;
      for (const [i, order] of orders.entries()) {
        const input = anInput(`i${i}`, `in-${i}`, order, commandOf(order));
        await store.commit(aCommit("order", version++, { inputs: [input] }));
      }

      const listed = (await store.listInputs("order")).map((i) => i.order);
      // Registration; at 10:00:01 post 12, its deletion, its edit, post 100, the decisions, the timer; then 10:00:03.
      expect(listed).toEqual([7, 5, 1, 6, 8, 2, 4, 0, 3].map((i) => orders[i]));
      expect(listed).toEqual([...orders].sort(compareOrder));
    });

    it("counts a commit's items as it writes them, and refuses one larger than one transaction, writing nothing", async () => {
      const inputs = (n: number) =>
        Array.from({ length: n }, (_, i) => anInput(`big-${String(i).padStart(3, "0")}`));
      const fits = aCommit("big", 0, { inputs: inputs(store.maxCommitItems - 2) });
      const over = aCommit("big", 0, { inputs: inputs(store.maxCommitItems - 1) });
      expect(store.maxCommitItems).toBe(100);
      expect(store.commitItems(fits)).toBe(store.maxCommitItems);
      expect(store.commitItems(over)).toBe(store.maxCommitItems + 1);

      await expect(store.commit(over)).rejects.toThrow(/exceeds the 100 items/);
      expect(await store.loadDuel("big")).toBeNull();
      await store.commit(fits);
      expect(await store.listInputs("big")).toHaveLength(store.maxCommitItems - 2);
    });

    it("refuses a commit whose version does not follow the one read", async () => {
      const commit = aCommit("malformed", 0);
      await expect(store.commit({ ...commit, snapshot: { ...commit.snapshot, version: 0 } })).rejects.toThrow(
        /does not follow/,
      );
      await expect(store.commit({ ...commit, duelId: "other" })).rejects.toThrow(/committed as other/);
      expect(await store.loadDuel("malformed")).toBeNull();
    });
  });

  describe(`DuelStore contract on ${name}: a running duel's turns`, () => {
    /** Post `n` of a running duel, decided on a read of its post. */
    const turn = async (duelId: string, n: number) => {
      const loaded = await store.loadForumAndDuel("poudlard", duelId, [`p${n}`]);
      const duel = loaded.duel;
      if (!duel) throw new Error("no duel");
      const instant = `2026-12-01T10:0${n}:00.000Z`;
      const club = aClubRecord(duelId, {
        status: "active",
        turn: { duelistId: "42", number: n, deadline: "2026-12-09T10:00:00.000Z" },
      });
      await store.commit(
        aCommit(duelId, duel.version, {
          state: { ...duel.state, posts: { ...duel.state.posts, [`p${n}`]: aMark(String(n)) } },
          read: loaded,
          inputs: [aPostInput(n, instant)],
          deliveries: [{ postId: `p${n}`, keys: [aKey(`d${n}`)] }],
          outbox: [anEntry(duelId, `e${n}`, { createdAt: instant, nextAttemptAt: instant })],
          club,
          updatedAt: instant,
        }),
      );
      return club;
    };

    it("CONTRACT 8 a turn's input, mark, hibou and club record read back at once, before any relay run", async () => {
      await store.commit(aCommit("turns", 0, { state: aState("turns", { status: "active" }) }));
      await turn("turns", 1);
      const club = await turn("turns", 2);
      expect((await store.listInputs("turns")).map((i) => i.inputId)).toEqual(["in-p1", "in-p2"]);
      expect(await store.listPostMarks("turns")).toEqual({ p1: aMark("1"), p2: aMark("2") });
      expect(await store.loadPostMarks("turns", ["p1", "p2"])).toEqual({ p1: aMark("1"), p2: aMark("2") });
      expect((await store.listOutbox("turns")).map((e) => e.id)).toEqual(["e1", "e2"]);
      expect((await store.dueOutbox("2026-12-02T00:00:00.000Z", 10)).map((e) => e.id)).toEqual(["e1", "e2"]);
      expect((await store.clubRecords("poudlard", EVER)).records).toEqual([club]);
    });

    it("CONTRACT 4.3 a retry of a turn's delivery is a duplicate, and its hibou is enqueued once (6.1)", async () => {
      await store.commit(aCommit("retry", 0, { state: aState("retry", { status: "active" }) }));
      await turn("retry", 1);
      await expect(turn("retry", 1)).rejects.toBeInstanceOf(DuplicateError);
      expect((await store.listOutbox("retry")).map((e) => e.id)).toEqual(["e1"]);
      expect((await store.listInputs("retry")).map((i) => i.inputId)).toEqual(["in-p1"]);
    });

    it("CONTRACT 6.1 a turn decided on a stale read writes nothing, and never puts a delivered hibou back", async () => {
      await store.commit(aCommit("late", 0, { state: aState("late", { status: "active" }) }));
      const stale = await store.loadForumAndDuel("poudlard", "late", ["p1"]);
      await turn("late", 1);
      const [entry] = await store.listOutbox("late");
      if (!entry) throw new Error("no hibou");
      const claimed = { ...entry, attempts: 1 };
      expect(await store.claimOutbox(claimed, 0)).not.toBeNull();
      expect(await store.recordOutbox({ ...claimed, doneAt: "2026-12-01T10:01:30.000Z" }, 1)).toBe(true);
      const duel = stale.duel;
      if (!duel) throw new Error("no duel");
      const instant = "2026-12-01T10:01:00.000Z";
      await expect(
        store.commit(
          aCommit("late", duel.version, {
            read: stale,
            inputs: [aPostInput(1, instant)],
            deliveries: [{ postId: "p1", keys: [aKey("d1-other")] }],
            outbox: [anEntry("late", "e1", { createdAt: instant, nextAttemptAt: instant })],
            updatedAt: instant,
          }),
        ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await store.listOutbox("late")).map((e) => e.doneAt)).toEqual(["2026-12-01T10:01:30.000Z"]);
      expect(await store.dueOutbox("2026-12-02T00:00:00.000Z", 10)).toEqual([]);
    });
  });

  describe(`DuelStore contract on ${name}: values are copies`, () => {
    it("a caller changing what it committed or read never changes the store", async () => {
      const state = { ...aState("copies"), posts: {} };
      const commit = aCommit("copies", 0, {
        state,
        inputs: [anInput("k1")],
        outbox: [anEntry("copies", "o1")],
      });
      await store.commit(commit);
      (commit.inputs as unknown as unknown[]).push(anInput("k2"));
      (state.posts as Record<string, PostMark>).p9 = aMark("z");

      const loaded = await store.loadDuel("copies");
      (loaded?.state.duelists as unknown[] | undefined)?.push({ id: "intrus" });
      const [input] = await store.listInputs("copies");
      (input?.events as unknown[] | undefined)?.splice(0);
      const [entry] = await store.listOutbox("copies");
      if (entry) (entry as { attempts: number }).attempts = 99;

      expect((await store.loadDuel("copies"))?.state).toEqual(aState("copies"));
      expect(await store.listInputs("copies")).toEqual([anInput("k1")]);
      expect(await store.listOutbox("copies")).toEqual([anEntry("copies", "o1")]);

      await store.putForum(aForum("f"));
      const forum = await store.getForum("f");
      (forum?.referees as unknown[] | undefined)?.splice(0);
      expect(await store.getForum("f")).toEqual(aForum("f"));
    });
  });

  describe(`DuelStore contract on ${name}: post marks`, () => {
    it("keeps post marks apart from the snapshot and reads the ones asked for with it", async () => {
      await store.putForum(aForum("pm-forum"));
      const [a, b] = [aMark("a"), aMark("b", { authorId: "43" })];
      await store.commit(
        aCommit("pm-duel", 0, {
          state: { ...aState("pm-duel"), posts: { p1: a, p2: b } },
          deliveries: [{ postId: "p2", keys: [aKey("delivery#a")] }],
        }),
      );
      const loaded = await store.loadForumAndDuel("pm-forum", "pm-duel", ["p2", "p3", "p2"]);
      expect(loaded.postsRead).toEqual(["p2", "p3"]);
      // Only the mark asked for comes with the snapshot, which holds none of its own here.
      expect(loaded.marks).toEqual({ p2: b });
      expect(loaded.duel?.state.posts).toEqual({});
      expect(await store.loadPostMarks("pm-duel", ["p1", "p9"])).toEqual({ p1: a });
      expect(await store.listPostMarks("pm-duel")).toEqual({ p1: a, p2: b });

      // A mark removed (a replay no longer saw the post) leaves its dedup keys behind.
      await store.commit(
        aCommit("pm-duel", 1, {
          state: { ...aState("pm-duel"), posts: { p1: a } },
          read: { duel: null, marks: { p1: a, p2: b } },
          replaysDuel: true,
        }),
      );
      expect(await store.listPostMarks("pm-duel")).toEqual({ p1: a });
      await expect(
        store.commit(
          aCommit("pm-duel", 2, {
            state: { ...aState("pm-duel"), posts: { p2: aMark("x") } },
            deliveries: [{ postId: "p2", keys: [aKey("delivery#a")] }],
          }),
        ),
      ).rejects.toBeInstanceOf(DuplicateError);
    });

    it("a mark the new state lacks stays unless the marks read are complete", async () => {
      const [a, b] = [aMark("a"), aMark("b")];
      await store.commit(aCommit("pm-keep", 0, { state: { ...aState("pm-keep"), posts: { p1: a, p2: b } } }));
      await store.commit(
        aCommit("pm-keep", 1, {
          state: { ...aState("pm-keep"), posts: { p1: a } },
          read: { duel: null, marks: { p1: a, p2: b } },
        }),
      );
      expect(await store.listPostMarks("pm-keep")).toEqual({ p1: a, p2: b });
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
      // p2's mark is read with the snapshot, p1's apart.
      const next = aCommit("pm-hot", 1, {
        state: { ...state, posts: { p1: tampered, p2: b } },
        read: { duel: await store.loadDuel("pm-hot"), marks: { p1: a } },
      });
      // The snapshot, its ruleset, and p1's item: p2's mark did not change.
      expect(store.commitItems(next)).toBe(3);
      await store.commit(next);
      expect(await store.listPostMarks("pm-hot")).toEqual({ p1: tampered, p2: b });
    });

    it("refuses a delivery already recorded with the post's mark, whatever the version, and writes nothing", async () => {
      const posts = (mark: PostMark) => ({ state: { ...aState("pm-dup"), posts: { p1: mark } } });
      const [m1, m2, m3] = [aMark("1"), aMark("2"), aMark("3")];
      await store.commit(
        aCommit("pm-dup", 0, {
          ...posts(m1),
          deliveries: [{ postId: "p1", keys: [aKey("k1"), aKey("k2")] }],
        }),
      );
      // The same delivery deciding again on a newer version: its key is refused before the version.
      await store.commit(aCommit("pm-dup", 1));
      const again = aCommit("pm-dup", 1, {
        ...posts(m2),
        read: { duel: null, marks: { p1: m1 } },
        deliveries: [{ postId: "p1", keys: [aKey("k2")] }],
        inputs: [anInput("k")],
      });
      await expect(store.commit(again)).rejects.toBeInstanceOf(DuplicateError);
      expect(await store.listPostMarks("pm-dup")).toEqual({ p1: m1 });
      expect(await store.listInputs("pm-dup")).toEqual([]);
      // New keys for the same post are recorded beside the old ones.
      await store.commit(
        aCommit("pm-dup", 2, { ...posts(m3), deliveries: [{ postId: "p1", keys: [aKey("k3")] }] }),
      );
      await expect(
        store.commit(aCommit("pm-dup", 3, { deliveries: [{ postId: "p1", keys: [aKey("k1")] }] })),
      ).rejects.toBeInstanceOf(DuplicateError);
      expect(await store.listPostMarks("pm-dup")).toEqual({ p1: m3 });
    });

    it("a delivery's keys belong to their post and duel: the same key on another post is no duplicate", async () => {
      await store.commit(aCommit("pm-own", 0, { deliveries: [{ postId: "p1", keys: [aKey("same")] }] }));
      await store.commit(aCommit("pm-own", 1, { deliveries: [{ postId: "p2", keys: [aKey("same")] }] }));
      await store.commit(aCommit("pm-other", 0, { deliveries: [{ postId: "p1", keys: [aKey("same")] }] }));
      expect((await store.loadDuel("pm-own"))?.version).toBe(2);
    });
  });

  describe(`DuelStore contract on ${name}: listings and counts`, () => {
    it("lists duels by status, newest first; a duel moves from registered to active", async () => {
      await store.putForum(aForum("poudlard"));
      await store.commit(aCommit("d1", 0, { updatedAt: "2026-12-01T10:00:00Z" }));
      await store.commit(aCommit("d2", 0, { updatedAt: "2026-12-02T10:00:00Z" }));

      expect((await store.listDuels("poudlard", "registered")).map((d) => d.duelId)).toEqual(["d2", "d1"]);
      expect((await store.listDuels("poudlard", "registered", 1)).map((d) => d.duelId)).toEqual(["d2"]);
      expect(await store.listDuels("poudlard", "active")).toEqual([]);

      await store.commit(
        aCommit("d1", 1, { state: aState("d1", { status: "active" }), updatedAt: "2026-12-03T10:00:00Z" }),
      );
      expect((await store.listDuels("poudlard", "registered")).map((d) => d.duelId)).toEqual(["d2"]);
      const [active] = await store.listDuels("poudlard", "active");
      expect(active).toMatchObject({ duelId: "d1", version: 2, state: { status: "active" } });

      expect(await store.counts()).toEqual({
        activeDuels: 1,
        registeredDuels: 1,
        pendingEffects: 0,
        failedEffects: 0,
      });
    });

    it("CONTRACT 6 lists a forum's finished duels newest first from its own index, whatever other forums hold; the operator's list merges every forum's newest", async () => {
      await store.putForum(aForum("ailleurs"));
      await store.putForum(aForum("ici"));
      const finished = (duelId: string, forumId: string, endedAt: string): DuelCommit => {
        const base = aState(duelId, { forumId });
        const state: Duel = {
          ...base,
          status: "finished",
          result: { winnerId: "42", reason: "points" },
          endedAt,
          stoppedTurn: null,
        } as Duel;
        return { ...aCommit(duelId, 0, { state, updatedAt: endedAt }), forumId };
      };
      for (let day = 1; day <= 5; day++)
        await store.commit(finished(`ailleurs-${day}`, "ailleurs", `2026-11-0${day}T10:00:00.000Z`));
      await store.commit(finished("ici-1", "ici", "2026-10-01T10:00:00.000Z"));
      expect((await store.listDuels("ici", "finished", 2)).map((d) => d.duelId)).toEqual(["ici-1"]);
      expect((await store.listDuels("ailleurs", "finished", 2)).map((d) => d.duelId)).toEqual([
        "ailleurs-5",
        "ailleurs-4",
      ]);
      expect((await store.listDuels(null, "finished", 3)).map((d) => d.duelId)).toEqual([
        "ailleurs-5",
        "ailleurs-4",
        "ailleurs-3",
      ]);
    });

    it("answers a ping", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });

  describe(`DuelStore contract on ${name}: forums, club records, duelists and accounts`, () => {
    it("puts and gets a forum's configuration, its secrets included", async () => {
      expect(await store.getForum("absent")).toBeNull();
      await store.putForum(aForum("poudlard"));
      expect(await store.getForum("poudlard")).toEqual(aForum("poudlard"));
    });

    it("CONTRACT 3.1 lists every forum by id, each once, with its current settings, and nothing else", async () => {
      expect(await store.listForums()).toEqual([]);
      await store.putForum(aForum("serpentard"));
      await store.putForum(aForum("gringotts"));
      await store.putForum({ ...aForum("gringotts"), name: "Banque Gringotts" });
      await store.commit(aCommit("listed", 0));
      await store.accessStore().putCredential(aCredential("AAAAAAAAAAAAAAAA"));
      const forums = await store.listForums();
      expect(forums.map((f) => f.forumId)).toEqual(["gringotts", "serpentard"]);
      expect(forums[0]).toEqual({ ...aForum("gringotts"), name: "Banque Gringotts" });
    });

    it("loads the forum and the duel together, and copes with either missing", async () => {
      await store.putForum(aForum("fd-forum"));
      const commit = aCommit("fd-duel", 0);
      await store.commit(commit);
      const duel = { ...commit.snapshot, lastOrder: { rank: "registration" } };

      expect(await store.loadForumAndDuel("fd-forum", "fd-duel")).toEqual({
        forum: aForum("fd-forum"),
        duel,
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
        duel,
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

    it("CONTRACT 6 reads the accounts of the authors asked for with the duel; a commit remembers new ones", async () => {
      await store.putForum(aForum("acc"));
      await store.rememberAccount("acc", { userId: "42", name: "Alice", seenAt: "2026-12-01T10:00:00Z" });
      const bob = { userId: "43", name: "Bob", username: "bob", seenAt: "2026-12-01T11:00:00Z" };
      await store.commit(aCommit("acc-duel", 0, { forumId: "acc", accounts: [bob] }));

      const loaded = await store.loadForumAndDuel("acc", "acc-duel", [], ["42", "43", "44", "42"]);
      expect(loaded.accounts).toEqual({
        "42": { userId: "42", name: "Alice", seenAt: "2026-12-01T10:00:00Z" },
        "43": bob,
        "44": null,
      });
      expect((await store.loadForumAndDuel("acc", "acc-duel")).accounts).toBeUndefined();
      expect((await store.listAccounts("acc")).map((a) => a.userId)).toEqual(["42", "43"]);
    });

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

    it("CONTRACT 8 a commit keeps the duel's club record beside the forum, read without its secrets", async () => {
      await store.putForum(aForum("club"));
      await store.commit(aCommit("c2", 0, { forumId: "club", club: aRecord("c2", "club") }));
      await store.commit(aCommit("c1", 0, { forumId: "club", club: aRecord("c1", "club") }));
      const finished = { ...aRecord("c1", "club"), status: "finished" as const, winnerId: "42" };
      await store.commit(aCommit("c1", 1, { forumId: "club", club: finished }));
      await store.commit(aCommit("c3", 0, { forumId: "club" }));

      const { generic: _, ...openSecrets } = aForum("club").webhookSecrets;
      expect(await store.clubForum("club")).toEqual({ ...aForum("club"), webhookSecrets: openSecrets });
      const read = await store.clubRecords("club", EVER);
      expect([...read.records].sort((a, b) => (a.duelId < b.duelId ? -1 : 1))).toEqual([
        finished,
        aRecord("c2", "club"),
      ]);
      expect(await store.clubForum("nowhere")).toBeNull();
      expect(await store.clubRecords("nowhere", EVER)).toEqual({ records: [], firstEndedAt: null });
    });

    it("CONTRACT 8 a club's records are read by season: the running duels, those ended in the ranges asked for, and when the first one ended", async () => {
      await store.putForum(aForum("saisons"));
      const ended = (duelId: string, endedAt: string) => ({
        ...aRecord(duelId, "saisons"),
        status: "finished" as const,
        winnerId: "42",
        endedAt,
      });
      await store.commit(aCommit("s-run", 0, { forumId: "saisons", club: aRecord("s-run", "saisons") }));
      for (const [duelId, endedAt] of [
        ["s-2024", "2024-10-01T10:00:00.000Z"],
        ["s-2025", "2025-10-01T10:00:00.000Z"],
        ["s-2026a", "2026-09-01T10:00:00.000Z"],
        ["s-2026b", "2026-11-30T23:59:00.000Z"],
      ] as const)
        await store.commit(aCommit(duelId, 0, { forumId: "saisons", club: ended(duelId, endedAt) }));
      const read = await store.clubRecords("saisons", [
        { from: "2026-08-31T22:00:00.000Z", to: "2027-08-31T22:00:00.000Z" },
      ]);
      expect(read.records.map((r) => r.duelId).sort()).toEqual(["s-2026a", "s-2026b", "s-run"]);
      expect(read.firstEndedAt).toBe("2024-10-01T10:00:00.000Z");
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

    it("R-1.2 a duelist only ever banned has a record with no duels", async () => {
      await store.commit(
        aCommit("ban-only", 0, {
          duelists: [
            {
              type: "ban",
              forumId: "poudlard",
              userId: "66",
              duelId: "ban-only",
              bannedUntil: "2027-01-01T00:00:00Z",
              at: "2026-12-01T00:00:00Z",
            },
          ],
        }),
      );
      expect(await store.getDuelist("poudlard", "66")).toEqual({
        forumId: "poudlard",
        userId: "66",
        bannedUntil: "2027-01-01T00:00:00Z",
        duels: [],
      });
    });
  });

  describe(`DuelStore contract on ${name}: the outbox`, () => {
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
      expect(await store.dueOutbox("2026-12-01T10:30:00Z", 0)).toEqual([]);
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

    it("of two relays claiming the same entry at once, one wins", async () => {
      const entry = anEntry("ob-race", "e1");
      await store.commit(aCommit("ob-race", 0, { outbox: [entry] }));
      const claims = await Promise.all(
        [1, 2, 3].map((n) => store.updateOutbox({ ...entry, attempts: 1, lastError: `relay ${n}` }, 0)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it("counts pending and failed effects; a failed entry is no longer due", async () => {
      const a = anEntry("ob3", "a");
      const b = anEntry("ob3", "b");
      await store.putForum(aForum("poudlard"));
      await store.commit(aCommit("ob3", 0, { outbox: [a, b] }));
      expect(await store.counts()).toMatchObject({ pendingEffects: 2, failedEffects: 0 });

      const failed = { ...a, attempts: 1, lastError: "404", failedAt: "2026-12-01T10:00:01Z" };
      expect(await store.updateOutbox(failed, 0)).toBe(true);
      expect(await store.counts()).toEqual({
        activeDuels: 0,
        registeredDuels: 1,
        pendingEffects: 1,
        failedEffects: 1,
      });
      expect(await store.dueOutbox("2030-01-01T00:00:00Z", 10)).toEqual([b]);
    });

    it("CONTRACT 6.1 a decision's entry of parts is listed part by part, each with its own delivery, where it would sort alone", async () => {
      const [t, n] = [anEntry("ob-parts", "v2.timers"), anEntry("ob-parts", "v2.other")];
      const older = anEntry("ob-parts", "h0.c0", { createdAt: "2026-12-01T09:00:00.000Z" });
      const alone = anEntry("ob-parts", "v2.b");
      const parts = anEntry("ob-parts", "v2.effects", {
        effect: {
          type: "parts",
          parts: [
            { id: t.id, effect: t.effect as EffectPart["effect"], doneAt: "2026-12-01T10:00:01.000Z" },
            { id: n.id, effect: n.effect as EffectPart["effect"], doneAt: null },
          ],
        },
        attempts: 1,
      });
      await store.commit(aCommit("ob-parts", 0, { outbox: [parts, older, alone] }));
      // By creation, then id, as entries of their own were always listed.
      expect(await store.listOutbox("ob-parts")).toEqual([
        older,
        alone,
        { ...n, attempts: 1 },
        { ...t, attempts: 1, doneAt: "2026-12-01T10:00:01.000Z" },
      ]);
      // The relay reads the entry whole: one item, one claim.
      expect(await store.dueOutbox("2030-01-01T00:00:00Z", 10)).toEqual([older, alone, parts]);
    });

    it("CONTRACT 6.1 claims a pending entry once per attempt and records its parts done, then the entry, under that claim", async () => {
      const [t, n] = [anEntry("ob-claim", "v2.timers"), anEntry("ob-claim", "h1.c0")];
      const entry = anEntry("ob-claim", "v2.effects", {
        effect: {
          type: "parts",
          parts: [
            { id: t.id, effect: t.effect as EffectPart["effect"], doneAt: null },
            { id: n.id, effect: n.effect as EffectPart["effect"], doneAt: null },
          ],
        },
      });
      await store.commit(aCommit("ob-claim", 0, { outbox: [entry] }));
      const lease = "2026-12-01T10:01:00.000Z";
      const claimed = { ...entry, attempts: 1, nextAttemptAt: lease };
      expect(await store.claimOutbox(claimed, 0)).toEqual(claimed);
      // A second relay that read the entry before the claim loses, and so does a record of it.
      expect(await store.claimOutbox(claimed, 0)).toBeNull();
      const withFirst = (doneAt: string | null) => ({
        ...claimed,
        effect: {
          type: "parts" as const,
          parts: [
            { id: t.id, effect: t.effect as EffectPart["effect"], doneAt: "2026-12-01T10:00:01.000Z" },
            { id: n.id, effect: n.effect as EffectPart["effect"], doneAt },
          ],
        },
      });
      expect(await store.recordOutbox(withFirst(null), 0)).toBe(false);
      expect(await store.recordOutbox(withFirst(null), 1)).toBe(true);
      expect(await store.dueOutbox("2026-12-01T10:00:59Z", 10)).toEqual([]);
      expect((await store.listOutbox("ob-claim")).map((e) => [e.id, e.doneAt])).toEqual([
        [n.id, null],
        [t.id, "2026-12-01T10:00:01.000Z"],
      ]);

      // Once the lease is over, the entry is due whole, with the part recorded done, and so is the
      // next claim's answer.
      expect(await store.dueOutbox("2026-12-01T10:01:00Z", 10)).toEqual([withFirst(null)]);
      const again = { ...claimed, attempts: 2, nextAttemptAt: "2026-12-01T10:02:00.000Z" };
      expect(await store.claimOutbox(again, 1)).toEqual({
        ...withFirst(null),
        ...again,
        effect: withFirst(null).effect,
      });

      const done = {
        ...withFirst("2026-12-01T10:01:01.000Z"),
        attempts: 2,
        doneAt: "2026-12-01T10:01:01.000Z",
      };
      expect(await store.recordOutbox(done, 2)).toBe(true);
      expect(await store.dueOutbox("2030-01-01T00:00:00Z", 10)).toEqual([]);
      expect((await store.listOutbox("ob-claim")).map((e) => [e.id, e.doneAt])).toEqual([
        [n.id, "2026-12-01T10:01:01.000Z"],
        [t.id, "2026-12-01T10:00:01.000Z"],
      ]);
      // A relay holding a copy from before the entry was done cannot claim it again.
      expect(await store.claimOutbox({ ...again, attempts: 3 }, 2)).toBeNull();
      expect(await store.counts()).toMatchObject({ pendingEffects: 0 });
    });

    it("makes the timer changes given with a claim in the claim's write: none when the claim is lost", async () => {
      const entry = anEntry("ob-timers", "v2.effects");
      await store.commit(aCommit("ob-timers", 0, { outbox: [entry] }));
      await store.putTimer(aTimer("deadline.1", "2026-12-02T10:00:00.000Z", "ob-timers"));
      const changes = {
        cancel: [{ name: "deadline.1", duelId: "ob-timers" }],
        schedule: [aTimer("deadline.2", "2026-12-03T10:00:00.000Z", "ob-timers")],
      };
      const claimed = { ...entry, attempts: 1, nextAttemptAt: "2026-12-01T10:01:00.000Z" };
      expect(await store.claimOutbox(claimed, 1, changes)).toBeNull();
      expect((await store.dueTimers("2030-01-01T00:00:00Z", 10)).map((t) => t.name)).toEqual(["deadline.1"]);
      expect(await store.claimOutbox(claimed, 0, changes)).toEqual(claimed);
      expect((await store.dueTimers("2030-01-01T00:00:00Z", 10)).map((t) => t.name)).toEqual(["deadline.2"]);
      expect((await store.listOutbox("ob-timers"))[0]?.attempts).toBe(1);
    });

    it("never claims an entry given up", async () => {
      const entry = anEntry("ob-gone", "e1");
      await store.commit(aCommit("ob-gone", 0, { outbox: [entry] }));
      const failed = { ...entry, attempts: 1, lastError: "404", failedAt: "2026-12-01T10:00:01Z" };
      expect(await store.updateOutbox(failed, 0)).toBe(true);
      expect(await store.claimOutbox({ ...failed, attempts: 2, failedAt: null }, 1)).toBeNull();
      expect(await store.listOutbox("ob-gone")).toEqual([failed]);
    });

    it("splits an entry only against the attempts read, its parts left to do written with it", async () => {
      const entry = anEntry("ob-split", "v2.effects");
      await store.commit(aCommit("ob-split", 0, { outbox: [entry] }));
      const done = { ...entry, attempts: 1, doneAt: "2026-12-01T10:00:02.000Z" };
      const left = anEntry("ob-split", "h1.c0", { attempts: 1, lastError: "503" });
      const next = anEntry("ob-split", "h2.c0");
      // A relay that read the entry before another claimed it writes nothing.
      expect(await store.splitOutbox(done, 1, [left, next])).toBe(false);
      expect(await store.listOutbox("ob-split")).toEqual([entry]);
      expect(await store.splitOutbox(done, 0, [left, next])).toBe(true);
      expect(await store.listOutbox("ob-split")).toEqual([left, next, done]);
      expect(await store.dueOutbox("2030-01-01T00:00:00Z", 10)).toEqual([left, next]);
    });

    it("CONTRACT 6 enqueues hiboux outside a decision once per key: a retry writes nothing more", async () => {
      const entry = anEntry("f1.77", "opening.1.c0");
      expect(await store.enqueue([entry], aKey("opening#f1#1#abc"))).toBe(true);
      expect(await store.enqueue([entry, anEntry("f1.77", "opening.1.c1")], aKey("opening#f1#1#abc"))).toBe(
        false,
      );
      expect((await store.listOutbox("f1.77")).map((e) => e.id)).toEqual(["opening.1.c0"]);
      expect(await store.dueOutbox("2030-01-01T00:00:00Z", 10)).toEqual([entry]);
    });
  });

  describe(`TimerStore contract on ${name}`, () => {
    it("hands out due timers soonest first, the next one, the count; deleting is idempotent", async () => {
      expect(await store.nextTimer()).toBeNull();
      expect(await store.countTimers()).toBe(0);

      const t3 = aTimer("t3", "2026-12-03T10:00:00Z");
      const t1 = aTimer("t1", "2026-12-01T10:00:00.000Z");
      const t2 = aTimer("t2", "2026-12-02T10:00:00Z");
      for (const timer of [t3, t1, t2]) await store.putTimer(timer);

      expect(await store.countTimers()).toBe(3);
      expect(await store.nextTimer()).toEqual(t1);
      expect(await store.dueTimers("2026-12-02T10:00:00.000Z", 10)).toEqual([t1, t2]);
      expect(await store.dueTimers("2026-12-02T10:00:00Z", 1)).toEqual([t1]);
      expect(await store.dueTimers("2026-11-30T00:00:00Z", 10)).toEqual([]);

      // Putting a timer of the same name again replaces it, moving it in time.
      const moved = { ...t1, at: "2026-12-04T10:00:00Z" };
      await store.putTimer(moved);
      expect(await store.nextTimer()).toEqual(t2);
      expect(await store.countTimers()).toBe(3);

      await store.deleteTimer("t2");
      await store.deleteTimer("t2");
      await store.deleteTimer("never");
      expect(await store.dueTimers("2030-01-01T00:00:00Z", 10)).toEqual([t3, moved]);
    });

    it("changes timers together: puts and deletes at once, a name put and deleted stays, repeating changes nothing", async () => {
      const old = aTimer("old", "2026-12-01T10:00:00Z");
      const kept = aTimer("kept", "2026-12-02T10:00:00Z");
      await store.changeTimers([old, kept], []);
      const moved = { ...kept, at: "2026-12-05T10:00:00Z" };
      const fresh = aTimer("fresh", "2026-12-03T10:00:00Z");
      const change = () => store.changeTimers([fresh, kept, moved], ["old", "kept", "never"]);
      await change();
      await change();
      expect(await store.dueTimers("2030-01-01T00:00:00Z", 10)).toEqual([fresh, moved]);

      // More than one request's worth (25 writes a BatchWriteItem).
      const many = Array.from({ length: 30 }, (_, i) =>
        aTimer(`many-${String(i).padStart(2, "0")}`, "2026-12-06T10:00:00Z"),
      );
      await store.changeTimers(many, ["fresh"]);
      expect(await store.countTimers()).toBe(31);
      await store.changeTimers([], [...many.map((t) => t.name), "kept"]);
      expect(await store.countTimers()).toBe(0);
    });
  });

  describe(`AccessStore contract on ${name}`, () => {
    it("CONTRACT 3.1 a credential is read back, then gone the moment it is deleted; its id is never issued twice", async () => {
      const access = store.accessStore();
      await access.putCredential(aCredential("AAAAAAAAAAAAAAAA"));
      expect(await access.getCredential("AAAAAAAAAAAAAAAA")).toEqual(aCredential("AAAAAAAAAAAAAAAA"));
      await expect(access.putCredential(aCredential("AAAAAAAAAAAAAAAA"))).rejects.toThrow();
      expect(await access.deleteCredential("AAAAAAAAAAAAAAAA")).toBe(true);
      expect(await access.getCredential("AAAAAAAAAAAAAAAA")).toBeNull();
      expect(await access.deleteCredential("AAAAAAAAAAAAAAAA")).toBe(false);
    });

    it("CONTRACT 3.1 a forum's credentials are listed, oldest first, without a revoked one nor another forum's", async () => {
      const access = store.accessStore();
      const of = (id: string, forumId: string, createdAt: string): Credential => ({
        ...aCredential(id),
        forumId,
        createdAt,
      });
      await access.putCredential(of("LLLLLLLLLLLLLLL2", "serdaigle", "2026-12-01T09:00:00.000Z"));
      await access.putCredential(of("LLLLLLLLLLLLLLL1", "serdaigle", "2026-12-01T08:00:00.000Z"));
      await access.putCredential(of("LLLLLLLLLLLLLLL3", "serdaigle", "2026-12-01T10:00:00.000Z"));
      await access.putCredential(of("LLLLLLLLLLLLLLL4", "gringotts", "2026-12-01T08:00:00.000Z"));
      await access.deleteCredential("LLLLLLLLLLLLLLL3");
      expect((await access.listCredentials("serdaigle")).map((c) => c.id)).toEqual([
        "LLLLLLLLLLLLLLL1",
        "LLLLLLLLLLLLLLL2",
      ]);
    });

    it("CONTRACT 3.1 a session is read back, and ended by deleting it", async () => {
      const access = store.accessStore();
      const session = {
        idHash: "cd".repeat(32),
        subject: { kind: "credential" as const, credentialId: "BBBBBBBBBBBBBBBB" },
        createdAt: "2026-12-01T08:00:00.000Z",
        expiresAt: "2026-12-01T20:00:00.000Z",
      };
      await access.putSession(session);
      expect(await access.getSession(session.idHash)).toEqual(session);
      await access.deleteSession(session.idHash);
      expect(await access.getSession(session.idHash)).toBeNull();
    });

    it("CONTRACT 3.1 login attempts sent at once are reserved one count each: past the free ones the rest are refused unchecked", async () => {
      const access = store.accessStore();
      const now = new Date("2026-12-01T08:00:00.000Z");
      const block = (n: number) => (n > 5 ? 1000 : 0);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => access.reserveLoginAttempt("account#x", now, block, 900)),
      );
      expect(
        results
          .filter((r) => r.reserved)
          .map((r) => r.failures)
          .sort((a, b) => a - b),
      ).toEqual([1, 2, 3, 4, 5, 6]);
      expect(results.filter((r) => !r.reserved)).toHaveLength(24);
      const counted = await access.loginFailures(["account#x", "address#nobody"]);
      expect(counted["account#x"]).toEqual({ failures: 6, blockedUntil: "2026-12-01T08:00:01.000Z" });
      expect(counted["address#nobody"]).toBeUndefined();
      // Once the block has passed, the next attempt is reserved; a success gives its count back.
      const later = new Date("2026-12-01T08:00:02.000Z");
      expect(await access.reserveLoginAttempt("account#x", later, block, 900)).toEqual({
        reserved: true,
        failures: 7,
        blockedUntil: "2026-12-01T08:00:03.000Z",
      });
      await access.releaseLoginAttempt("account#x");
      expect((await access.loginFailures(["account#x"]))["account#x"]?.failures).toBe(6);
      await access.clearLoginFailures("account#x");
      expect(await access.loginFailures(["account#x"])).toEqual({});
      await access.releaseLoginAttempt("account#x");
      expect(await access.loginFailures(["account#x"])).toEqual({});
    });

    it("CONTRACT 3.1 a desk secret is kept on its session and taken once, by its page only", async () => {
      const access = store.accessStore();
      const now = new Date("2026-12-01T10:00:00.000Z");
      const page = "/admin/forums/poudlard/credentials";
      const reveal = (id: string, until = "2026-12-01T10:05:00.000Z"): SessionReveal => ({
        id,
        page,
        sealed: `sealed-${id}`,
        until,
      });
      const session = "01".repeat(32);
      expect(await access.putReveal(session, reveal("a".repeat(22)), now)).toBe(false);
      expect(await access.getSession(session)).toBeNull();

      await access.putSession({
        idHash: session,
        subject: { kind: "operator", adminKey: "k" },
        createdAt: "2026-12-01T08:00:00.000Z",
        expiresAt: "2026-12-01T20:00:00.000Z",
      });
      expect(await access.putReveal(session, reveal("a".repeat(22)), now)).toBe(true);
      await access.putReveal(session, reveal("b".repeat(22)), now);
      await access.putReveal(session, reveal("s".repeat(22), "2026-12-01T09:59:00.000Z"), now);
      expect(await access.takeReveal(session, "a".repeat(22), "/admin/forums/poudlard")).toBeNull();
      expect(await access.takeReveal("03".repeat(32), "a".repeat(22), page)).toBeNull();
      const takes = await Promise.all(
        Array.from({ length: 5 }, () => access.takeReveal(session, "a".repeat(22), page)),
      );
      expect(takes.filter((t) => t !== null)).toEqual([reveal("a".repeat(22))]);
      // One past its time when another was kept is forgotten.
      expect(await access.takeReveal(session, "s".repeat(22), page)).toBeNull();
      expect(await access.getSession(session)).not.toBeNull();

      // Ending the session drops its reveals.
      await access.deleteSession(session);
      expect(await access.takeReveal(session, "b".repeat(22), page)).toBeNull();
    });
  });
}

function aCredential(id: string): Credential {
  return {
    id,
    forumId: "poudlard",
    role: "referee",
    name: "Minerva McGonagall",
    refereeId: "7",
    tokenHash: "ab".repeat(32),
    createdAt: "2026-12-01T08:00:00.000Z",
  };
}

function aRecord(duelId: string, forumId = "poudlard"): ClubDuelRecord {
  return aClubRecord(duelId, { forumId });
}
