import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock, SystemClock } from "../../infra/local/clock.js";
import { LocalScheduler } from "../../infra/local/local-scheduler.js";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { changeTimers, type TimerSpec } from "../../shared/ports/scheduler.js";
import { aTimer, freshStore } from "../adapters/dynamodb/fixtures.js";

const T0 = "2026-12-01T10:00:00.000Z";

let timers: DynamoDbStore;
let table: { client: DynamoDBClient; tableName: string };
let clock: ManualClock;
let fired: string[];
let log: string[];

function scheduler(fire: (timer: TimerSpec) => Promise<void> = async (t) => void fired.push(t.name)) {
  return new LocalScheduler({ timers, clock, fire, log: (message) => log.push(message) });
}

beforeEach(async () => {
  const fresh = await freshStore();
  timers = fresh.store;
  table = { client: fresh.client, tableName: fresh.tableName };
  clock = new ManualClock(T0);
  fired = [];
  log = [];
});

describe("LocalScheduler with a manual clock", () => {
  it("fires nothing until the clock reaches the timer", async () => {
    const local = scheduler();
    local.start();
    await local.schedule(aTimer("deadline", "2026-12-04T10:00:00Z"));

    expect(await local.runDue()).toBe(0);
    clock.advance("PT71H59M");
    expect(await local.runDue()).toBe(0);
    clock.advance("PT1M");
    expect(await local.runDue()).toBe(1);
    expect(fired).toEqual(["deadline"]);
    await local.stop();
  });

  it("fires due timers in time order, once each", async () => {
    const local = scheduler();
    await local.schedule(aTimer("c", "2026-12-03T10:00:00Z"));
    await local.schedule(aTimer("a", "2026-12-01T11:00:00Z"));
    await local.schedule(aTimer("b", "2026-12-02T10:00:00Z"));
    await local.schedule(aTimer("later", "2026-12-09T10:00:00Z"));

    clock.set("2026-12-05T00:00:00Z");
    const [first, second] = await Promise.all([local.runDue(), local.runDue()]);
    expect(first + second).toBe(3);
    expect(fired).toEqual(["a", "b", "c"]);
    expect(await local.runDue()).toBe(0);
    expect(await timers.countTimers()).toBe(1);
  });

  it("stores a timer already due instead of firing it inside schedule", async () => {
    const local = scheduler();
    await local.schedule(aTimer("overdue", "2026-11-01T00:00:00Z"));
    expect(fired).toEqual([]);
    expect(await local.runDue()).toBe(1);
    expect(fired).toEqual(["overdue"]);
  });

  it("fires, in the same run, timers that firings schedule already due", async () => {
    const local: LocalScheduler = scheduler(async (timer) => {
      fired.push(timer.name);
      if (timer.name === "first") await local.schedule(aTimer("follow-up", T0));
    });
    await local.schedule(aTimer("first", T0));
    expect(await local.runDue()).toBe(2);
    expect(fired).toEqual(["first", "follow-up"]);
  });

  it("keeps a timer whose firing failed and retries it on the next run", async () => {
    let failures = 1;
    const local = scheduler(async (timer) => {
      if (timer.name === "flaky" && failures-- > 0) throw new Error("DynamoDB busy");
      fired.push(timer.name);
    });
    await local.schedule(aTimer("flaky", "2026-12-01T09:00:00Z"));
    await local.schedule(aTimer("steady", "2026-12-01T09:30:00Z"));

    expect(await local.runDue()).toBe(1);
    expect(fired).toEqual(["steady"]);
    expect(log).toEqual([expect.stringContaining("flaky")]);
    expect(await timers.countTimers()).toBe(1);

    expect(await local.runDue()).toBe(1);
    expect(fired).toEqual(["steady", "flaky"]);
    expect(await timers.countTimers()).toBe(0);
  });

  it("cancels by name; cancelling a timer that is not there is fine", async () => {
    const local = scheduler();
    await local.schedule(aTimer("doomed", T0));
    await local.cancel({ name: "doomed", duelId: "duel-1" });
    await local.cancel({ name: "doomed", duelId: "duel-1" });
    expect(await local.runDue()).toBe(0);
  });

  it("makes a decision's timer changes in one write, which can be made again: the old ones gone, the new ones due", async () => {
    const local = scheduler();
    await local.schedule(aTimer("deadline.1", "2026-12-02T10:00:00Z"));
    await local.schedule(aTimer("reminder.1", "2026-12-02T09:00:00Z"));
    const sent: string[] = [];
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? "");
        return next(args);
      },
      { step: "initialize", name: "countTimerWrites" },
    );
    const changes = {
      cancel: [
        { name: "deadline.1", duelId: "duel-1" },
        { name: "reminder.1", duelId: "duel-1" },
      ],
      schedule: [aTimer("deadline.2", "2026-12-03T10:00:00Z"), aTimer("reminder.2", "2026-12-03T09:00:00Z")],
    };
    await changeTimers(local, changes);
    expect(sent).toEqual(["BatchWriteItemCommand"]);
    // A relay that stopped before recording the part does it again.
    await changeTimers(local, changes);
    clock.set("2026-12-04T00:00:00Z");
    expect(await local.runDue()).toBe(2);
    expect(fired).toEqual(["reminder.2", "deadline.2"]);
  });

  it("refuses a decision's changes with an invalid instant before writing any", async () => {
    const local = scheduler();
    await local.schedule(aTimer("deadline.1", "2026-12-02T10:00:00Z"));
    await expect(
      local.change({
        cancel: [{ name: "deadline.1", duelId: "duel-1" }],
        schedule: [aTimer("later", "not an instant")],
      }),
    ).rejects.toThrow(RangeError);
    expect(await timers.countTimers()).toBe(1);
  });

  it("keeps timers across a new scheduler on the same table", async () => {
    await scheduler().schedule(aTimer("persistent", "2026-12-02T10:00:00Z"));

    timers = new DynamoDbStore(table);
    clock.advance("P1D");
    const restarted = scheduler();
    expect(await restarted.runDue()).toBe(1);
    expect(fired).toEqual(["persistent"]);
  });
});

describe("LocalScheduler with the system clock", () => {
  it("fires due timers by itself, and stop waits for the run in progress", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const firing = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const local = new LocalScheduler({
      timers,
      clock: new SystemClock(),
      pollMs: 10,
      fire: async (timer) => {
        entered();
        await released;
        fired.push(timer.name);
      },
    });
    await local.schedule(aTimer("now", new Date(Date.now() - 1000).toISOString()));

    local.start();
    await firing;
    const stopped = local.stop();
    release();
    await stopped;
    expect(fired).toEqual(["now"]);
    expect(await timers.countTimers()).toBe(0);
  });
});

describe("LocalScheduler with the system clock, sleeping until the next timer", () => {
  /** A scheduler whose loop would look for due timers once an hour if it knew of none sooner. */
  function sleepy() {
    const queries: string[] = [];
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "QueryCommand") queries.push(context.commandName);
        return next(args);
      },
      { step: "initialize", name: "countTimerQueries" },
    );
    const local = new LocalScheduler({
      timers,
      clock: new SystemClock(),
      pollMs: 3_600_000,
      fire: async (timer) => void fired.push(timer.name),
    });
    return { local, queries };
  }

  it("wakes when the next stored timer is due", async () => {
    const { local } = sleepy();
    await timers.putTimer(aTimer("soon", new Date(Date.now() + 300).toISOString()));
    local.start();
    await expect.poll(() => fired, { timeout: 10_000 }).toEqual(["soon"]);
    await local.stop();
  });

  it("wakes sooner for a timer scheduled through it while it sleeps, one by one or a decision's changes", async () => {
    const { local, queries } = sleepy();
    local.start();
    // Its first run: nothing due, and no next timer.
    await expect.poll(() => queries.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await local.schedule(aTimer("one", new Date(Date.now() + 200).toISOString()));
    await expect.poll(() => fired, { timeout: 10_000 }).toEqual(["one"]);
    await changeTimers(local, {
      cancel: [],
      schedule: [aTimer("two", new Date(Date.now() + 200).toISOString())],
    });
    await expect.poll(() => fired, { timeout: 10_000 }).toEqual(["one", "two"]);
    await local.stop();
    expect(await timers.countTimers()).toBe(0);
  });
});

describe("ManualClock", () => {
  it("moves only when told, by calendar-aware durations", () => {
    const manual = new ManualClock("2026-01-31T12:00:00Z");
    expect(manual.manual).toBe(true);
    expect(manual.now().toISOString()).toBe("2026-01-31T12:00:00.000Z");
    manual.advance("P1M");
    expect(manual.now().toISOString()).toBe("2026-02-28T12:00:00.000Z");
    manual.advance("PT36H");
    expect(manual.now().toISOString()).toBe("2026-03-02T00:00:00.000Z");
    manual.set("2027-06-01T00:00:00Z");
    expect(manual.now().toISOString()).toBe("2027-06-01T00:00:00.000Z");
    expect(() => manual.set("not a date")).toThrow(RangeError);
    expect(new SystemClock().manual).toBe(false);
  });
});
