import { describe, expect, it } from "vitest";
import { DuelService } from "../../shared/app/duel-service.js";
import type { IncomingPost } from "../../shared/app/incoming-post.js";
import { intakePost } from "../../shared/app/post-intake.js";
import type { DuelCommit } from "../../shared/ports/duel-repository.js";
import type { DuelStore } from "../../shared/ports/duel-store.js";
import { duelSnapshot, openDuel, rng, type ThreadPost, threadPosts } from "../reliability/support.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const THREAD = "4300";
const DUEL = `poudlard.${THREAD}`;

function created(p: ThreadPost): IncomingPost {
  return {
    forumId: "poudlard",
    threadId: p.threadId,
    kind: "created",
    postId: p.postId,
    authorId: p.author.id,
    authorName: p.author.name,
    createdAt: p.createdAt,
    changedAt: p.createdAt,
    content: p.content,
    format: "bbcode",
    deliveryKey: `generic#m-${p.postId}`,
  };
}

/** A post's edit or deletion `minutes` after it was made. */
function changed(p: ThreadPost, kind: "edited" | "deleted", minutes: number): IncomingPost {
  const at = new Date(Date.parse(p.createdAt) + minutes * 60_000).toISOString();
  return {
    ...created(p),
    kind,
    changedAt: at,
    content: kind === "edited" ? `${p.content}\nPost-scriptum.` : "",
    deliveryKey: `generic#m-${p.postId}-${kind}`,
  };
}

/** A harness with the duel open, a service of its own on a store whose commits are counted. */
async function duelWith(options: { maxCommitItems?: number } = {}) {
  const h = await memoryHarness();
  await h.forum();
  await openDuel(h, THREAD);
  const commits: DuelCommit[] = [];
  const store: DuelStore = Object.assign(Object.create(h.store) as DuelStore, {
    commit: async (c: DuelCommit) => {
      await h.store.commit(c);
      commits.push(c);
    },
  });
  const duels = new DuelService({ store, now: () => h.clock.now(), ...options });
  const deps = { store, duels, clock: h.clock, rollDice: () => [3, 3] as const };
  const deliver = async (post: IncomingPost) => (await deliverAll([post]))[0];
  /** Every delivery read first, then all handed to the service in the same turn: they wait together. */
  const deliverAll = async (posts: readonly IncomingPost[]) => {
    const preloads = await Promise.all(
      posts.map((p) => h.store.loadForumAndDuel("poudlard", DUEL, [p.postId])),
    );
    const answers = await Promise.all(
      posts.map((post, i) => {
        const preloaded = preloads[i];
        if (!preloaded) throw new Error("no read");
        return intakePost(deps, preloaded, post);
      }),
    );
    return answers.map((a) => a.result);
  };
  return { h, commits, deliver, deliverAll };
}

/** The outbox as the relay will perform it, without the times of writing nor the API's random ids. */
async function outboxOf(h: MemoryHarness) {
  const entries = await h.store.listOutbox(DUEL);
  return entries
    .map((e) => JSON.stringify({ id: e.id, effect: e.effect }).replace(/r\.[0-9a-f-]{36}#/g, "r.*#"))
    .sort();
}

/** Posts, an edit and a deletion, in the thread's order. */
function thread(): IncomingPost[] {
  const posts = threadPosts(rng(4300), {
    threadId: THREAD,
    firstPostId: 430_000,
    count: 8,
    start: "2026-11-30T10:00:00.000Z",
    gapMinutes: 60,
  });
  const [, second, , fourth] = posts;
  if (!second || !fourth) throw new Error("short thread");
  const inputs = [...posts.map(created), changed(second, "edited", 30), changed(fourth, "deleted", 45)];
  return inputs.sort((a, b) => (a.changedAt < b.changedAt ? -1 : a.changedAt > b.changedAt ? 1 : 0));
}

describe("group commit: posts waiting together, decided as each alone", () => {
  it("CONTRACT 4.3 posts, an edit and a deletion waiting together: one transaction, and the duel, its audit log and its outbox as one by one", async () => {
    const inputs = thread();
    const oneByOne = await duelWith();
    for (const input of inputs) await oneByOne.deliver(input);

    const together = await duelWith();
    const results = await together.deliverAll(inputs);
    expect(together.commits).toHaveLength(1);
    expect(results).toEqual(inputs.map(() => "applied"));
    expect(await duelSnapshot(together.h, DUEL)).toEqual(await duelSnapshot(oneByOne.h, DUEL));
    expect(await outboxOf(together.h)).toEqual(await outboxOf(oneByOne.h));
    // The same versions: one per decision, as one by one.
    expect((await together.h.store.loadDuel(DUEL))?.version).toBe(
      (await oneByOne.h.store.loadDuel(DUEL))?.version,
    );
  });

  it("CONTRACT 4.3 posts waiting together that would overflow one transaction are committed in several, each once", async () => {
    const inputs = thread();
    const oneByOne = await duelWith();
    for (const input of inputs) await oneByOne.deliver(input);

    const small = await duelWith({ maxCommitItems: 30 });
    // Every delivery twice: the copies are answered as duplicates, never applied twice.
    const results = await small.deliverAll([...inputs, ...inputs]);
    expect(small.commits.length).toBeGreaterThan(1);
    expect(results.filter((r) => r === "applied")).toHaveLength(inputs.length);
    expect(results.filter((r) => r === "duplicate")).toHaveLength(inputs.length);
    expect(await duelSnapshot(small.h, DUEL)).toEqual(await duelSnapshot(oneByOne.h, DUEL));
    expect(await outboxOf(small.h)).toEqual(await outboxOf(oneByOne.h));
  });

  it("CONTRACT 4.3 late posts waiting together are replayed once, and the duel ends as in the thread's order", async () => {
    const inputs = thread();
    const oneByOne = await duelWith();
    for (const input of inputs) await oneByOne.deliver(input);

    const late = await duelWith();
    const last = inputs.at(-1);
    if (!last) throw new Error("no input");
    expect(await late.deliver(last)).toBe("applied");
    const rest = await late.deliverAll(inputs.slice(0, -1));
    expect(rest.every((r) => r === "applied")).toBe(true);
    expect(late.commits).toHaveLength(2);
    expect(await duelSnapshot(late.h, DUEL)).toEqual(await duelSnapshot(oneByOne.h, DUEL));
  });

  it("CONTRACT 4.3 a batch whose commit loses to another process that applied one of its posts: decided again, each post applied once", async () => {
    const inputs = thread();
    const oneByOne = await duelWith();
    for (const input of inputs) await oneByOne.deliver(input);

    const h = await memoryHarness();
    await h.forum();
    await openDuel(h, THREAD);
    const elsewhere = new DuelService({ store: h.store, now: () => h.clock.now() });
    const deps = (duels: DuelService) => ({
      store: h.store,
      duels,
      clock: h.clock,
      rollDice: () => [3, 3] as const,
    });
    const stolen = inputs[0];
    if (!stolen) throw new Error("no input");
    let raced = false;
    const outcomes: string[] = [];
    // Between this process's read and its commit, another process applies the batch's first post.
    const store: DuelStore = Object.assign(Object.create(h.store) as DuelStore, {
      commit: async (c: DuelCommit) => {
        if (!raced && c.inputs.length > 1) {
          raced = true;
          const read = await h.store.loadForumAndDuel("poudlard", DUEL, [stolen.postId]);
          outcomes.push((await intakePost(deps(elsewhere), read, stolen)).result);
        }
        await h.store.commit(c);
        outcomes.push(`commit of ${c.inputs.length}`);
      },
    });
    const here = new DuelService({ store, now: () => h.clock.now() });
    const reads = await Promise.all(
      inputs.map((p) => h.store.loadForumAndDuel("poudlard", DUEL, [p.postId])),
    );
    const results = await Promise.all(
      inputs.map((post, i) => {
        const read = reads[i];
        if (!read) throw new Error("no read");
        return intakePost(deps(here), read, post);
      }),
    );
    // Refused as holding a delivery already applied, the batch was read and decided again, whole.
    expect(outcomes).toEqual(["applied", `commit of ${inputs.length - 1}`]);
    expect(results.map((r) => r.result)).toEqual(inputs.map((_, i) => (i === 0 ? "duplicate" : "applied")));
    expect(await duelSnapshot(h, DUEL)).toEqual(await duelSnapshot(oneByOne.h, DUEL));
  });
});
