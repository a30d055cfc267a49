import { describe, expect, it } from "vitest";
import { LocalScheduler } from "../../infra/local/local-scheduler.js";
import { backoffMs, OutboxRelay } from "../../shared/app/relay.js";
import { fireTimer } from "../../shared/app/timer-service.js";
import type { SchedulerPort, TimerSpec } from "../../shared/ports/scheduler.js";
import type { Harness } from "../support/harness.js";
import {
  ALICE,
  afterTheFile,
  BOB,
  captureLog,
  deliverGeneric,
  duelSnapshot,
  openDuel,
  recordedHarness,
  report,
  rng,
  threadPosts,
} from "./support.js";

afterTheFile("timers");

const T0 = "2026-11-30T10:00:00.000Z";
const DEADLINE = "2026-12-03T10:00:00.000Z";
const figures = { firings: 0, changedNothing: 0 };

async function activeDuel(threadId = "4400"): Promise<{ h: Harness; duelId: string }> {
  const h = await recordedHarness({ start: T0 });
  await h.forum();
  const duelId = await openDuel(h, threadId);
  await h.settle();
  return { h, duelId };
}

/** The local scheduler's open timers of a duel (it keeps them in the table). */
async function timersOf(h: Harness, duelId: string): Promise<TimerSpec[]> {
  return (await h.store.dueTimers("9999-12-31T00:00:00.000Z", 100)).filter((t) => t.duelId === duelId);
}

/** Fires `timer` again and checks the duel did not move: same version, same log. */
async function firesForNothing(h: Harness, duelId: string, timer: TimerSpec): Promise<void> {
  const before = await h.store.loadDuel(duelId);
  const log = await duelSnapshot(h, duelId);
  const outcome = await fireTimer(h.duels, timer);
  figures.firings++;
  expect(outcome.result).toBe("duplicate");
  expect((await h.store.loadDuel(duelId))?.version).toBe(before?.version);
  expect(await duelSnapshot(h, duelId)).toEqual(log);
  figures.changedNothing++;
}

describe("timers: late, repeated or stale firings", () => {
  it("R-6.2 a deadline fired again, and again hours later, is the same one absence", async () => {
    const { h, duelId } = await activeDuel();
    const [deadline] = (await timersOf(h, duelId)).filter((t) => t.kind === "reply-deadline");
    if (!deadline) throw new Error("no reply deadline scheduled");
    expect(deadline.at).toBe(DEADLINE);
    await h.admin("POST", "/_local/clock", { set: DEADLINE });
    expect((await duelSnapshot(h, duelId)).view.duelists).toMatchObject([{ absenceFaults: 1 }, {}]);
    await firesForNothing(h, duelId, deadline);
    h.clock.advance("PT6H");
    await firesForNothing(h, duelId, deadline);
    await firesForNothing(h, duelId, deadline);
  });

  it("R-6.2 a deadline that fires hours late decides what it would have decided on time", async () => {
    const onTime = await activeDuel();
    await onTime.h.admin("POST", "/_local/clock", { set: DEADLINE });
    await onTime.h.admin("POST", "/_local/clock", { set: "2026-12-03T17:00:00.000Z" });

    // The scheduler was down for seven hours: the deadline fires at 17:00, as do the others due.
    const late = await activeDuel();
    await late.h.admin("POST", "/_local/clock", { set: "2026-12-03T17:00:00.000Z" });
    const got = await duelSnapshot(late.h, late.duelId);
    expect(got).toEqual(await duelSnapshot(onTime.h, onTime.duelId));
    // The next turn runs from the deadline, not from the late firing.
    expect(got.view.turn).toMatchObject({ duelistId: BOB.id, deadline: "2026-12-06T10:00:00.000Z" });
    figures.firings++;
    figures.changedNothing++;
  });

  it("R-6.2 a deadline or reminder that fires after the turn was played changes nothing", async () => {
    const { h, duelId } = await activeDuel();
    const stale = await timersOf(h, duelId);
    expect(stale.map((t) => t.kind).sort()).toEqual(["reminder", "reply-deadline"]);
    const [post] = threadPosts(rng(1), {
      threadId: "4400",
      firstPostId: 44_000,
      count: 1,
      start: T0,
      gapMinutes: 600,
    });
    if (!post) throw new Error("no post");
    expect(post.author).toEqual(ALICE);
    expect((await deliverGeneric(h, post, "m-turn-1")).body.result).toBe("applied");
    await h.settle();
    // The relay cancelled them; a scheduler may still fire one that was already on its way.
    expect((await timersOf(h, duelId)).map((t) => t.name)).not.toContain(stale[0]?.name);
    h.clock.set("2026-12-03T12:00:00.000Z");
    for (const timer of stale) await firesForNothing(h, duelId, timer);
  });

  it("R-6.1 a schedule that could not be created is retried by the relay until it is, and then fires", async () => {
    const { h, duelId } = await (async () => {
      const harness = await recordedHarness({ start: T0 });
      await harness.forum();
      // Not settled: the top's timers are still to be scheduled, by the relay below.
      return { h: harness, duelId: await openDuel(harness, "4500") };
    })();
    const scheduler = new LocalScheduler({
      timers: h.store,
      clock: h.clock,
      fire: async (t) => void (await fireTimer(h.duels, t)),
      log: (message, error) => captureLog({ message, error: String(error) }),
    });
    let attempts = 0;
    let refusals = 0;
    const refused = new Map<string, number>();
    const flaky: SchedulerPort = {
      async schedule(timer) {
        attempts++;
        // EventBridge Scheduler throttles, or the network drops: each timer is refused three times.
        const times = refused.get(timer.name) ?? 0;
        if (times < 3) {
          refused.set(timer.name, times + 1);
          refusals++;
          throw new Error("ThrottlingException: Rate exceeded");
        }
        await scheduler.schedule(timer);
      },
      cancel: (timer) => scheduler.cancel(timer),
    };
    const relay = new OutboxRelay({
      store: h.store,
      scheduler: flaky,
      notifier: { deliver: async () => {} },
      now: () => h.clock.now(),
      log: captureLog,
    });
    const waits: number[] = [];
    for (let round = 1; round <= 10 && (await timersOf(h, duelId)).length < 2; round++) {
      await relay.runDue();
      const pending = (await h.store.listOutbox(duelId)).filter(
        (e) => e.effect.type === "timers" && !e.doneAt,
      );
      const next = Math.min(...pending.map((e) => Date.parse(e.nextAttemptAt)));
      if (Number.isFinite(next)) {
        waits.push(next - h.clock.now().getTime());
        h.clock.set(new Date(next).toISOString());
      }
    }
    expect((await timersOf(h, duelId)).map((t) => t.kind).sort()).toEqual(["reminder", "reply-deadline"]);
    expect(refusals).toBe(6);
    // Both timers are one outbox entry: each retry creates again what the last one created
    // (idempotent), so the deadline is asked 7 times (3 refused) and the reminder 4 (3 refused).
    expect(attempts).toBe(11);
    expect(waits.slice(0, 3)).toEqual([backoffMs(1), backoffMs(2), backoffMs(3)]);
    const schedules = (await h.store.listOutbox(duelId)).filter((e) => e.effect.type === "timers");
    expect(schedules.every((e) => e.doneAt !== null && e.failedAt === null)).toBe(true);

    h.clock.set(DEADLINE);
    expect(await scheduler.runDue()).toBe(2);
    expect((await duelSnapshot(h, duelId)).view.duelists).toMatchObject([{ absenceFaults: 1 }, {}]);
    report("timers schedule retried", {
      scheduleRefusals: refusals,
      scheduleAttempts: attempts,
      waitsMs: waits.join("/"),
      timersCreated: 2,
      firedAtDeadline: 2,
    });
  });
});

describe("timers figures", () => {
  it("prints them", () => {
    report("timers repeated late stale", figures);
    expect(figures.changedNothing).toBe(figures.firings);
  });
});
