import { describe, expect, it } from "vitest";
import { DuelService } from "../../shared/app/duel-service.js";
import { type IncomingPost, intakePost } from "../../shared/app/post-intake.js";
import { RecentDeliveries } from "../../shared/app/recent-deliveries.js";
import { initialState } from "../../shared/domain/state.js";
import type { DuelCommit, DuelStore } from "../../shared/ports/duel-store.js";
import { turnContent } from "../http/support.js";
import { createHarness, DUEL_BODY, type Harness } from "../support/harness.js";

/** The store with every call counted. */
function counted(store: DuelStore): { store: DuelStore; calls: string[] } {
  const calls: string[] = [];
  const wrapped = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { store: wrapped, calls };
}

const POST = {
  postId: "901",
  author: { id: "42", name: "Alice Dubois" },
  createdAt: "2026-11-30T10:05:00.000Z",
  content: turnContent("Bob Martin"),
};

function incoming(deliveryKey: string, content = POST.content): IncomingPost {
  return {
    forumId: "poudlard",
    threadId: "1234",
    kind: content === POST.content ? "created" : "edited",
    postId: POST.postId,
    authorId: POST.author.id,
    authorName: POST.author.name,
    createdAt: POST.createdAt,
    changedAt: POST.createdAt,
    content,
    format: "bbcode",
    deliveryKey,
  };
}

async function activeDuel(): Promise<Harness> {
  const h = await createHarness();
  await h.forum();
  await h.admin("POST", "/duels", DUEL_BODY);
  await h.admin("POST", "/duels/poudlard.1234/commands", { command: "top" });
  return h;
}

describe("repeated deliveries answered from this process's record", () => {
  it("CONTRACT 4.3 a retry, or a new delivery of the same post and content, committed by this process: duplicate without a read", async () => {
    const h = await activeDuel();
    const { store, calls } = counted(h.store);
    const duels = new DuelService({ store, now: () => h.clock.now() });
    const deps = { store, duels, clock: h.clock, rollDice: () => [3, 3] as const };
    // Read as a delivery that waited behind the first one had read it: before the first applied.
    const stale = await h.store.loadForumAndDuel("poudlard", "poudlard.1234", [POST.postId]);
    expect((await intakePost(deps, stale, incoming("generic#msg_1"))).result).toBe("applied");

    calls.length = 0;
    expect((await intakePost(deps, stale, incoming("generic#msg_1"))).result).toBe("duplicate");
    expect((await intakePost(deps, stale, incoming("generic#msg_2"))).result).toBe("duplicate");
    expect(calls).toEqual([]);

    // An edit of the post (other content) is no repeat: it is read and decided.
    const edit = await intakePost(deps, stale, incoming("generic#msg_3", `${POST.content} Bis.`));
    expect(edit.result).not.toBe("duplicate");
    expect(calls).toContain("commit");

    // Another process has no such record: it reads the duel, and the store tells the repeat.
    const other = counted(h.store);
    const elsewhere = {
      ...deps,
      store: other.store,
      duels: new DuelService({ store: other.store, now: () => h.clock.now() }),
    };
    expect((await intakePost(elsewhere, stale, incoming("generic#msg_1"))).result).toBe("duplicate");
    expect(other.calls.length).toBeGreaterThan(0);
  });
});

describe("the record's bounds", () => {
  const commit = (duelId: string, version: number, postId: string, seen: string[]): DuelCommit => ({
    duelId,
    forumId: "poudlard",
    threadId: duelId,
    expectedVersion: version - 1,
    snapshot: { duelId, version, state: initialState, lastKey: "", updatedAt: "2026-12-01T10:00:00.000Z" },
    marksRead: {},
    inputs: [],
    dedupKeys: [],
    deliveries: [{ postId, keys: seen }],
    outbox: [],
    duelists: [],
  });

  it("forgets the least recent duels and posts beyond its bounds; remembers the rest", () => {
    const recent = new RecentDeliveries({ duels: 2, keysPerDuel: 3 });
    recent.committed(commit("a", 1, "p1", ["k1", "k2"]), initialState);
    recent.committed(commit("a", 2, "p2", ["k3", "k4"]), initialState);
    expect(recent.seen("a", "p1", ["k1"])).toBe(false);
    expect(recent.seen("a", "p2", ["x", "k4"])).toBe(true);
    expect(recent.seen("a", "p1", ["k3"])).toBe(false);
    recent.committed(commit("b", 1, "p1", ["k1"]), initialState);
    recent.committed(commit("c", 1, "p1", ["k1"]), initialState);
    expect(recent.latest("a")).toBeUndefined();
    expect(recent.seen("b", "p1", ["k1"])).toBe(true);
    expect(recent.latest("c")?.version).toBe(1);
  });

  it("keeps the latest version when commits are recorded out of order", () => {
    const recent = new RecentDeliveries();
    recent.committed(commit("a", 3, "p1", ["k1"]), initialState);
    recent.committed(commit("a", 2, "p2", ["k2"]), initialState);
    expect(recent.latest("a")?.version).toBe(3);
    expect(recent.seen("a", "p2", ["k2"])).toBe(true);
  });
});
