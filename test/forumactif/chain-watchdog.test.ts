import { afterEach, describe, expect, it } from "vitest";
import { relayHandler } from "../../functions/relay/compose.js";
import { ManualClock } from "../../infra/local/clock.js";
import { functionObservability } from "../../shared/aws/observability.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { captureOutput, lines, total } from "../observability/emf.js";
import { auditOf, DUEL_BODY, LONG_RP } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { anotherProcess, createHarness, type Harness, pipelineOn } from "../support/harness.js";

captureOutput();

const ENVIRONMENT = { POWERTOOLS_SERVICE_NAME: "duel-referee-relay", LOG_LEVEL: "INFO" };
/** What the relay's minute rule sends (infra/cdk/constructs/relay-sweep.ts). */
const SWEEP = { sweep: true } as const;
const ALICE = { authorId: "42", authorName: "Alice Dubois" };

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

type Process = Pick<Harness, "relay" | "watchdog">;

/** A process's relay function run on the minute rule's event: the outbox, then the chains. */
function sweep(p: Process, observability = functionObservability("relay", ENVIRONMENT)) {
  return relayHandler(p.relay, observability.log, p.watchdog)(SWEEP);
}

/** A forum read from a fake board every two minutes, its duel started, its first read done at 10:00. */
async function polledDuel(): Promise<{ h: Harness; fake: FakeBoard; duelId: string }> {
  const observability = functionObservability("relay", ENVIRONMENT);
  const h = await createHarness({
    forumactif: { reader: topicReader },
    log: observability.log,
    observability,
  });
  const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  board = fake;
  await h.forum({ source: { type: "forumactif", baseUrl: fake.url, pollEvery: "PT2M" } });
  fake.createTopic({ title: "Duel", topicId: "1234" });
  fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
  const duel = await h.admin("POST", "/duels", DUEL_BODY);
  const duelId = duel.body.id as string;
  await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
  await h.settle();
  return { h, fake, duelId };
}

/** The scheduled reads of the topic's chain (pings aside). */
async function chainReads(h: Harness) {
  const timers = await h.store.dueTimers("2100-01-01T00:00:00.000Z", 50);
  return timers.filter((t) => t.kind === "poll" && t.ref === "chain");
}

/** A read lost for good: its schedule gone, as after Scheduler's retries end in the dead-letter queue. */
async function loseChain(h: Harness): Promise<string> {
  const [chain] = await chainReads(h);
  if (!chain) throw new Error("no chain to lose");
  await h.store.deleteTimer(chain.name);
  return chain.at;
}

async function moveClock(h: Harness, to: string) {
  expect((await h.admin("POST", "/_local/clock", { set: to })).status).toBe(200);
}

const rearmedLines = () => lines().filter((line) => line.message === "poll chain re-armed");

describe("CONTRACT 4.4: a lost chain of reads is re-armed by the sweep, without an admin", () => {
  it("CONTRACT 4.4 a chain whose read was lost is re-armed once overdue: the post made meanwhile is applied and told", async () => {
    const { h, fake, duelId } = await polledDuel();
    expect(await loseChain(h)).toBe("2026-11-30T10:02:00.000Z");
    const post = fake.addPost("1234", {
      ...ALICE,
      html: `${LONG_RP}<br />[duel]<br />Sort : Rictusempra<br />Cible : Bob Martin<br />Zone : torse<br />Pari : 4<br />[/duel]`,
    });
    const reads = fake.topicRequests("1234").length;

    // Overdue one interval and the slack (5 minutes) after the lost read's due time: not before.
    await moveClock(h, "2026-11-30T10:08:59.000Z");
    expect(await sweep(h)).toMatchObject({ done: 0 });
    expect(fake.topicRequests("1234")).toHaveLength(reads);
    expect((await auditOf(h, duelId)).filter((e) => e.type === "turn.played")).toEqual([]);

    await moveClock(h, "2026-11-30T10:09:00.000Z");
    await sweep(h);
    await h.settle();
    const played = (await auditOf(h, duelId)).filter((e) => e.type === "turn.played");
    expect(played).toMatchObject([{ postId: post.postId, duelistId: "42" }]);
    expect(h.delivered.filter((d) => d.kind === "turn.resolved" && d.to === "referee:7")).toHaveLength(1);
    // Re-armed on the grid, as an admin's read does; told by one log line and one metric point.
    expect(await chainReads(h)).toMatchObject([{ duelId, at: "2026-11-30T10:10:00.000Z" }]);
    expect(rearmedLines()).toMatchObject([
      { level: "WARN", duelId, dueAt: "2026-11-30T10:02:00.000Z", result: "read" },
    ]);
    expect(total("PollChainsRearmed", { service: "duel-referee-relay" })).toBe(1);

    // The chain goes on by itself: the next sweeps leave it alone.
    for (const minute of ["10:10", "10:12", "10:14"]) {
      await moveClock(h, `2026-11-30T${minute}:00.000Z`);
      await sweep(h);
    }
    expect(await chainReads(h)).toMatchObject([{ at: "2026-11-30T10:16:00.000Z" }]);
    expect(total("PollChainsRearmed")).toBe(1);
  });

  it("CONTRACT 4.4 a healthy chain is not touched by the sweep: one board read per interval, no re-arm", async () => {
    const { h, fake } = await polledDuel();
    const reads = fake.topicRequests("1234").length;
    for (let i = 1; i <= 6; i++) {
      await h.admin("POST", "/_local/clock", { advance: "PT2M" });
      await sweep(h);
      expect(fake.topicRequests("1234")).toHaveLength(reads + i);
    }
    // Even a read late by minutes (Scheduler slow, a run retried) is late, not lost.
    h.clock.advance("PT6M");
    await sweep(h);
    expect(fake.topicRequests("1234")).toHaveLength(reads + 6);
    await h.settle();
    expect(fake.topicRequests("1234")).toHaveLength(reads + 7);
    expect(await chainReads(h)).toHaveLength(1);
    expect(rearmedLines()).toEqual([]);
    expect(total("PollChainsRearmed")).toBe(0);
  });

  it("CONTRACT 4.4 two sweeps at once re-arm a lost chain once: one read, one chain, one metric point", async () => {
    const { h, fake } = await polledDuel();
    const observability = functionObservability("relay", ENVIRONMENT);
    const other = anotherProcess(h, {
      forumactif: { reader: topicReader },
      log: observability.log,
      observability,
    });
    await loseChain(h);
    const reads = fake.topicRequests("1234").length;
    await moveClock(h, "2026-11-30T10:20:00.000Z");
    await Promise.all([sweep(h), sweep(other, observability)]);
    await Promise.all([h.settle(), other.settle()]);
    expect(fake.topicRequests("1234")).toHaveLength(reads + 1);
    expect(await chainReads(h)).toMatchObject([{ at: "2026-11-30T10:22:00.000Z" }]);
    expect(total("PollChainsRearmed")).toBe(1);
  });

  it("CONTRACT 4.4 without the claim, two re-arms at once still make one chain: the grid names the same next read", async () => {
    const { h, duelId } = await polledDuel();
    await loseChain(h);
    await moveClock(h, "2026-11-30T10:20:00.000Z");
    // The poller's re-arm itself, twice at once, as two sweeps that had both claimed the chain,
    // in two processes whose clocks are a moment apart.
    const other = pipelineOn(h, new ManualClock("2026-11-30T10:20:00.350Z"), {
      forumactif: { reader: topicReader },
    });
    await Promise.all([h.poller?.poll(duelId, "watchdog"), other.poller?.poll(duelId, "watchdog")]);
    await Promise.all([h.settle(), other.settle()]);
    expect(await chainReads(h)).toMatchObject([{ at: "2026-11-30T10:22:00.000Z" }]);

    // Either side of a grid instant, they name two reads for a moment, then the same ones.
    await loseChain(h);
    h.clock.set("2026-11-30T10:21:59.900Z");
    other.clock.set("2026-11-30T10:22:00.100Z");
    await Promise.all([h.poller?.poll(duelId, "watchdog"), other.poller?.poll(duelId, "watchdog")]);
    await other.relay.runDue(); // both schedules made, neither read fired yet
    expect((await chainReads(h)).map((t) => t.at)).toEqual([
      "2026-11-30T10:22:00.000Z",
      "2026-11-30T10:24:00.000Z",
    ]);
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T10:22:30.000Z" });
    expect((await chainReads(h)).map((t) => t.at)).toEqual(["2026-11-30T10:24:00.000Z"]);
  });

  it("CONTRACT 4.4 a sweep racing the chain's own late read leaves one chain, whichever lands first", async () => {
    for (const order of ["sweep first", "read first", "together"] as const) {
      const { h, fake } = await polledDuel();
      // The read due at 10:02 fires late, at 10:09, with the sweep of that minute.
      h.clock.set("2026-11-30T10:09:00.000Z");
      if (order === "sweep first") {
        await sweep(h);
        await h.settle();
      } else if (order === "read first") {
        await h.scheduler.runDue();
        await sweep(h);
        await h.settle();
      } else await Promise.all([sweep(h), h.settle()]);
      await h.settle();
      expect(await chainReads(h), order).toMatchObject([{ at: "2026-11-30T10:10:00.000Z" }]);
      // From there, one read per interval: the two did not make two chains.
      const reads = fake.topicRequests("1234").length;
      for (let i = 1; i <= 3; i++) {
        await h.admin("POST", "/_local/clock", { advance: "PT2M" });
        await sweep(h);
        expect(fake.topicRequests("1234"), order).toHaveLength(reads + i);
      }
      await board?.close();
      board = undefined;
    }
  });

  it("CONTRACT 4.4 a chain ends with its duel: its last read forgets it, and no sweep re-arms it", async () => {
    const { h, fake, duelId } = await polledDuel();
    const ended = await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: null });
    expect(ended.status).toBe(200);
    await h.admin("POST", "/_local/clock", { advance: "PT2M" });
    expect(await chainReads(h)).toEqual([]);
    const reads = fake.topicRequests("1234").length;
    await moveClock(h, "2026-11-30T11:00:00.000Z");
    await sweep(h);
    expect(fake.topicRequests("1234")).toHaveLength(reads);
    expect(
      lines()
        .filter((line) => line.message === "relay run")
        .at(-1),
    ).toMatchObject({
      chainsOverdue: 0,
      chainsRearmed: 0,
    });
    expect(total("PollChainsRearmed")).toBe(0);
  });

  it("CONTRACT 4.4 the sweep costs one query of the overdue chains, none of them listed when none is overdue", async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const count = (h: Harness) =>
      h.client.middlewareStack.add(
        (next, context) => async (args) => {
          sent.push({ name: context.commandName ?? "?", input: args.input as Record<string, unknown> });
          return next(args);
        },
        { step: "initialize" },
      );
    const empty = await createHarness({ forumactif: { reader: topicReader } });
    count(empty);
    expect(await empty.watchdog?.sweep()).toEqual({ overdue: 0, rearmed: 0 });
    expect(sent).toMatchObject([
      {
        name: "QueryCommand",
        input: { IndexName: "gsi1", ExpressionAttributeValues: { ":gpk": { S: "POLLS#chains" } } },
      },
    ]);

    // A watched topic whose chain is healthy costs the same: the query reads the overdue ones only.
    const { h } = await polledDuel();
    await h.admin("POST", "/_local/clock", { advance: "PT2M" });
    sent.length = 0;
    count(h);
    expect(await h.watchdog?.sweep()).toEqual({ overdue: 0, rearmed: 0 });
    expect(sent.map((s) => s.name)).toEqual(["QueryCommand"]);
  });
});
