import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import { texts } from "../../shared/texts/hiboux.js";
import {
  arrivals,
  DUEL,
  duel,
  endOf,
  type MakeHarness,
  moveTo,
  playInOrder,
  type Scenario,
  scenario,
  threadOf,
} from "./order-scenario.js";
import {
  afterTheFile,
  deliverGeneric,
  duelSnapshot,
  openDuel,
  recordedHarness,
  recordedMemoryHarness,
  release,
  report,
  rng,
  SEED,
  since,
  threadPosts,
} from "./support.js";

afterTheFile("order");

/** Random duels per run (RELIABILITY_ORDER_RUNS=… for a longer hunt). */
const NUM_RUNS = Number(process.env.RELIABILITY_ORDER_RUNS ?? 15);
/** Verdicts whose change the referee must hear about (CONTRACT.md 4.3). */
const VERDICTS = new Set([
  "turn.played",
  "points.lost",
  "fault.action",
  "fault.absence",
  "sanction.applied",
  "correction.opened",
  "correction.expired",
  "duelist.out",
  "duelist.disqualified",
  "duel.finished",
]);

const totals = { runs: 0, posts: 0, late: 0, revisions: 0, revisedHiboux: 0, absencesUndone: 0, ms: 0 };

/** The verdict events of an input, without ids, to tell whether a revision changed a verdict. */
function verdicts(events: readonly DuelEvent[]): string {
  return JSON.stringify(events.filter((e) => VERDICTS.has(e.type)).map(({ id: _, ...rest }) => rest));
}

async function check(s: Scenario, make: MakeHarness): Promise<void> {
  const started = performance.now();
  const posts = threadOf(s);
  const inOrder = await playInOrder(s, make);

  // The arrival order: deadlines fire in between, late posts take their place.
  const shuffled = await duel(make);
  let newest = "";
  for (const { post, at } of arrivals(s, posts)) {
    await moveTo(shuffled, at);
    const inputs = await shuffled.store.listInputs(DUEL);
    const outbox = new Set((await shuffled.store.listOutbox(DUEL)).map((e) => e.id));
    const absent = (await duelSnapshot(shuffled, DUEL)).view.duelists as { absenceFaults: number }[];

    expect((await deliverGeneric(shuffled, post, `m-${post.postId}`)).status).toBe(200);
    if (post.createdAt < newest) totals.late++;
    if (post.createdAt > newest) newest = post.createdAt;

    const after = new Map((await shuffled.store.listInputs(DUEL)).map((i) => [i.inputId, i.events]));
    const changed = inputs.filter((i) => verdicts(i.events) !== verdicts(after.get(i.inputId) ?? []));
    const revised = (await shuffled.store.listOutbox(DUEL)).filter(
      (e) =>
        !outbox.has(e.id) &&
        e.effect.type === "notify" &&
        e.effect.hibou.kind === "verdict.revised" &&
        e.effect.hibou.to.role === "referee",
    );
    totals.revisions += changed.length;
    totals.revisedHiboux += revised.length;
    // A verdict that changed is announced to the referee as revised.
    if (changed.length > 0) expect(revised.length, `after ${post.postId}`).toBeGreaterThan(0);
    const now = (await duelSnapshot(shuffled, DUEL)).view.duelists as { absenceFaults: number }[];
    now.forEach((d, i) => {
      if (d.absenceFaults < (absent[i]?.absenceFaults ?? 0)) totals.absencesUndone++;
    });
  }
  await moveTo(shuffled, endOf(s));

  const expected = (await duelSnapshot(inOrder, DUEL)).view;
  expect((await duelSnapshot(shuffled, DUEL)).view).toEqual(expected);
  expect((await duelSnapshot(shuffled, DUEL)).marks).toEqual((await duelSnapshot(inOrder, DUEL)).marks);
  await release(inOrder);
  await release(shuffled);
  totals.runs++;
  totals.posts += posts.length;
  totals.ms += since(started);
}

/** Alice posts in time; it arrives after her deadline fired (absence), then Bob's reply arrives. */
const lateInTime: Scenario = {
  posts: [
    { gap: 60, author: "next", kind: "valid", spell: 0, dice: [4, 2], delay: 80 * 60 },
    { gap: 120, author: "next", kind: "valid", spell: 3, dice: [5, 1], delay: 0 },
    { gap: 74 * 60, author: "next", kind: "valid", spell: 4, dice: [2, 6], delay: 10 },
  ],
  order: [0, 1, 2],
  tail: 60,
};

/**
 * Found by this property: Alice's in-time post arrived after her deadlines had fired and the
 * duel had ended on her third absence. It used to be `ignored` (the duel was over); now it takes
 * its place, the absence and the end are undone, and the duel goes on to end later, as in the thread.
 */
const endedBeforeItArrived: Scenario = {
  posts: [
    { gap: 4909, author: "same", kind: "valid", spell: 3, dice: [1, 2], delay: 0 },
    { gap: 2233, author: "next", kind: "short", spell: 3, dice: [2, 3], delay: 9 },
    { gap: 4776, author: "same", kind: "valid", spell: 0, dice: [6, 6], delay: 4797 },
    { gap: 160, author: "next", kind: "valid", spell: 1, dice: [1, 6], delay: 4790 },
  ],
  order: [1, 0, 2, 3],
  tail: 4997,
};

/**
 * Found by this property too: Bob's and Alice's posts arrived while the duel had ended (on absences
 * that Alice's late first post then undid). They used to be dropped as `ignored`, so the reopened
 * duel went on without them; now every post of the thread is kept for the replay.
 */
const postedWhileEnded: Scenario = {
  posts: [
    { gap: 1710, author: "same", kind: "valid", spell: 1, dice: [3, 2], delay: 2638 },
    { gap: 5391, author: "next", kind: "valid", spell: 4, dice: [1, 2], delay: 0 },
    { gap: 4591, author: "same", kind: "valid", spell: 6, dice: [5, 3], delay: 0 },
    { gap: 5753, author: "next", kind: "short", spell: 6, dice: [2, 6], delay: 1022 },
    { gap: 159, author: "next", kind: "valid", spell: 8, dice: [1, 3], delay: 0 },
  ],
  order: [2, 1, 4, 3, 0],
  tail: 3419,
};

/**
 * Found by this property on 30 November 2026 (seed 1657250201): the last post arrived first and the
 * others after its deadline; the final replay left Bob's deadline in the past, and the test stopped
 * without firing it (a scheduler fires a timer already due at once). The test now fires what is due
 * at every step, and the scenario stays as an example.
 */
const windowThenLateDeadline: Scenario = {
  posts: [
    { gap: 3122, author: "next", kind: "short", spell: 1, dice: [3, 2], delay: 0 },
    { gap: 5341, author: "next", kind: "valid", spell: 2, dice: [4, 3], delay: 0 },
    { gap: 4429, author: "same", kind: "valid", spell: 4, dice: [5, 5], delay: 3 },
    { gap: 3811, author: "next", kind: "valid", spell: 5, dice: [3, 1], delay: 4639 },
  ],
  order: [3, 2, 0, 1],
  tail: 0,
};

/** The scenarios this property found or that show its cases: every run plays them first. */
const FOUND = [lateInTime, endedBeforeItArrived, postedWhileEnded, windowThenLateDeadline];

describe("CONTRACT 4.3 the thread's order, whatever the arrival order", () => {
  it(
    "CONTRACT 4.3 any arrival order, deadlines firing in between, ends as the thread's order; changed verdicts reach the referee as revised",
    async () => {
      // On the memory store, which passes the DynamoDB store's contract suite: the question is the
      // decider's and the services', and each run costs two duels played post by post.
      await fc.assert(
        fc.asyncProperty(scenario, (s) => check(s, recordedMemoryHarness)),
        {
          numRuns: NUM_RUNS,
          examples: FOUND.map((s) => [s]),
          // No shrinking: a counterexample is a handful of posts already. The seed and the scenario
          // are in the failure message.
          endOnFailure: true,
          // The suite's seed: fixed by default so CI is reproducible, RELIABILITY_SEED=random explores.
          seed: SEED,
        },
      );
      expect(totals.absencesUndone).toBeGreaterThan(0);
      report("order", totals);
    },
    Math.max(300_000, NUM_RUNS * 20_000),
  );

  // One of them on DynamoDB Local too: the duel that ends, reopens and replays every post it kept
  // writes the most through the DynamoDB adapter (inputs rewritten, marks, outbox).
  it("CONTRACT 4.3 an arrival order it found, played again on DynamoDB Local, ends as the thread's order", async () => {
    await check(postedWhileEnded, recordedHarness);
  }, 120_000);
});

describe("CONTRACT 4.3 a post overtaken by a whole duel", () => {
  /** Three channels: every hibou is sent three times, so revised verdicts weigh three times more. */
  const notify = [{ type: "log" }, { type: "log" }, { type: "log" }];

  /**
   * A duel of 26 posts played in the thread's order, and the same duel with its first post
   * delivered last: what the late post wrote to the outbox, and which inputs it changed.
   */
  async function overtakenByTheDuel(
    threadId: string,
    firstPostId: number,
    options: { maxCommitItems?: number },
  ) {
    const posts = threadPosts(rng(SEED + 6), {
      threadId,
      firstPostId,
      count: 26,
      start: "2026-11-30T10:00:00.000Z",
      gapMinutes: 45,
    });
    const inOrder = await recordedHarness();
    await inOrder.forum({ notify });
    await openDuel(inOrder, threadId, { dice: "forum" });
    for (const p of posts) await deliverGeneric(inOrder, p, `m-${p.postId}`);

    const late = await recordedHarness(options);
    await late.forum({ notify });
    const duelId = await openDuel(late, threadId, { dice: "forum" });
    const [first, ...rest] = posts;
    if (!first) throw new Error("no posts");
    for (const p of rest) expect((await deliverGeneric(late, p, `m-${p.postId}`)).status).toBe(200);
    const before = new Set((await late.store.listOutbox(duelId)).map((e) => e.id));
    const told = new Map((await late.store.listInputs(duelId)).map((i) => [i.inputId, i.events]));
    expect(await deliverGeneric(late, first, `m-${first.postId}`)).toEqual({
      status: 200,
      body: { result: "applied", duelId },
    });
    expect(await duelSnapshot(late, duelId)).toEqual(await duelSnapshot(inOrder, duelId));
    const added = (await late.store.listOutbox(duelId)).filter((e) => !before.has(e.id));
    // A revised hibou's id ends with the version that revised it (`.r<version>`).
    const revised = added.flatMap((e) =>
      e.effect.type === "notify" && /\.r\d+$/.test(e.effect.hibou.id) ? [e.effect.hibou] : [],
    );
    const changed = (await late.store.listInputs(duelId)).filter((i) => {
      const previous = told.get(i.inputId);
      return previous && JSON.stringify(previous) !== JSON.stringify(i.events);
    });
    return { overtakenBy: rest.length, added, revised, changed };
  }

  it("CONTRACT 4.3 every verdict the late post changed is told again as it now stands, on each of the forum's three channels", async () => {
    const { overtakenBy, added, revised, changed } = await overtakenByTheDuel("4310", 43_100, {});
    expect(changed.length).toBeGreaterThan(1);
    // The referee hears each changed input again, once per channel; no summary stands in for them.
    const toReferee = revised.filter((h) => h.to.role === "referee");
    expect(toReferee.filter((h) => h.kind === "verdict.revised")).toHaveLength(
      changed.length * notify.length,
    );
    expect(toReferee.filter((h) => h.title === texts.revised.noticeTitle)).toEqual([]);
    // Each changed input's referee notice names the event it now decides.
    const events = new Set(changed.flatMap((i) => i.events.map((e) => e.id)));
    expect(toReferee.every((h) => events.has(h.eventId))).toBe(true);
    expect(revised.some((h) => h.to.role === "duelist")).toBe(true);
    report("order overtaken by a whole duel", {
      overtakenBy,
      channels: notify.length,
      inputsChanged: changed.length,
      outboxEntriesOfTheLatePost: added.length,
      revisedHiboux: revised.length,
    });
  });

  it("CONTRACT 4.3 still fits in one transaction when the verdicts would not: one revised notice for the referee and one for each duelist", async () => {
    // A transaction of 33 items stands for a duel long enough to fill DynamoDB's 100: the late
    // post's own items (its snapshot, input and mark, the inputs it rewrote) leave room for one
    // entry of parts, where every revised verdict on three channels needs more.
    const { revised, changed } = await overtakenByTheDuel("4311", 43_200, { maxCommitItems: 33 });
    expect(changed.length).toBeGreaterThan(1);
    const roles = revised.map((h) => h.to.role);
    expect(roles.filter((role) => role === "referee")).toHaveLength(3);
    expect(roles.filter((role) => role === "duelist")).toHaveLength(6);
    expect(revised.filter((h) => h.to.role === "referee").map((h) => h.title)).toEqual(
      notify.map(() => texts.revised.noticeTitle),
    );
  });
});

describe("CONTRACT 4.3 a deletion delivered before its post", () => {
  it("R-6.3 still counts: the post takes its place, then its deletion, as in the thread", async () => {
    const [post] = threadPosts(rng(SEED + 7), {
      threadId: "4320",
      firstPostId: 43_200,
      count: 1,
      start: "2026-11-30T10:00:00.000Z",
      gapMinutes: 5,
    });
    if (!post) throw new Error("no post");
    const deletion = {
      type: "post.deleted",
      timestamp: "2026-11-30T10:30:00.000Z",
      data: { threadId: post.threadId, postId: post.postId, author: post.author, createdAt: post.createdAt },
    };
    const inOrder = await recordedHarness();
    await inOrder.forum();
    const duelId = await openDuel(inOrder, post.threadId, { dice: "forum" });
    await deliverGeneric(inOrder, post, "m-post");
    expect((await inOrder.generic(deletion, { id: "m-del" })).body.result).toBe("applied");

    const reversed = await recordedHarness();
    await reversed.forum();
    await openDuel(reversed, post.threadId, { dice: "forum" });
    expect((await reversed.generic(deletion, { id: "m-del" })).body.result).toBe("ignored");
    expect((await deliverGeneric(reversed, post, "m-post")).body.result).toBe("applied");
    const got = await duelSnapshot(reversed, duelId);
    expect(got.events.filter((e) => e.type === "fault.action")).toMatchObject([{ violations: ["deleted"] }]);
    expect(got).toEqual(await duelSnapshot(inOrder, duelId));
  });
});
