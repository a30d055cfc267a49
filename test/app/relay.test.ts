import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { LocalScheduler } from "../../infra/local/local-scheduler.js";
import { outboxItem } from "../../shared/adapters/dynamodb/items.js";
import { backoffMs, OutboxRelay, RELAY_FORUM_MAX_AGE_MS } from "../../shared/app/relay.js";
import { DeliveryError } from "../../shared/errors.js";
import type { Hibou, Notifier } from "../../shared/ports/notifier.js";
import type { OutboxEntry } from "../../shared/ports/outbox-store.js";
import type { SchedulerPort, TimerSpec } from "../../shared/ports/scheduler.js";
import { createHarness } from "../support/harness.js";

const hibou: Hibou = {
  id: "h1",
  duelId: "poudlard.1234",
  forumId: "poudlard",
  threadId: "1234",
  to: { role: "referee", id: "7" },
  kind: "fault.action",
  title: "Faute",
  text: "Texte",
  createdAt: "2026-11-30T10:00:00.000Z",
  eventId: "p.1#0",
  rule: "R-6.3",
};
const timer: TimerSpec = {
  name: "poudlard.1234.reply-deadline.1.x",
  duelId: "poudlard.1234",
  kind: "reply-deadline",
  at: "2026-12-03T10:00:00.000Z",
  ref: "1",
};

function entry(id: string, effect: OutboxEntry["effect"]): OutboxEntry {
  return {
    id,
    duelId: "poudlard.1234",
    createdAt: "2026-11-30T10:00:00.000Z",
    effect,
    attempts: 0,
    nextAttemptAt: "2026-11-30T10:00:00.000Z",
    doneAt: null,
    lastError: null,
    failedAt: null,
  };
}

async function setup(notifier: Notifier, scheduler: SchedulerPort) {
  const h = await createHarness();
  await h.forum();
  const clock = new ManualClock("2026-11-30T10:00:00.000Z");
  const relay = new OutboxRelay({ store: h.store, scheduler, notifier, now: () => clock.now() });
  const put = async (e: OutboxEntry) => {
    await h.client.send(new PutItemCommand({ TableName: h.tableName, Item: outboxItem(e) }));
  };
  return { h, clock, relay, put };
}

const noScheduler: SchedulerPort = { schedule: async () => {}, cancel: async () => {} };

describe("the outbox relay", () => {
  it("retries a failing channel with backoff and Retry-After, and delivers once it answers", async () => {
    const failures = [new DeliveryError("500", true), new DeliveryError("429", true, 30_000)];
    let calls = 0;
    const { h, clock, relay, put } = await setup(
      {
        async deliver() {
          calls++;
          const next = failures.shift();
          if (next) throw next;
        },
      },
      noScheduler,
    );
    await put(entry("n1", { type: "notify", hibou, channel: 0, channelType: "log" }));
    expect(await relay.runDue()).toBe(0);
    let [stored] = await h.store.listOutbox("poudlard.1234");
    expect(stored).toMatchObject({ attempts: 1, doneAt: null, lastError: "500" });
    expect(Date.parse(stored?.nextAttemptAt ?? "") - clock.now().getTime()).toBe(backoffMs(1));
    expect(await relay.runDue()).toBe(0);
    clock.advance("PT3S");
    expect(await relay.runDue()).toBe(0);
    [stored] = await h.store.listOutbox("poudlard.1234");
    expect(Date.parse(stored?.nextAttemptAt ?? "") - clock.now().getTime()).toBe(30_000);
    clock.advance("PT30S");
    expect(await relay.runDue()).toBe(1);
    [stored] = await h.store.listOutbox("poudlard.1234");
    expect(stored).toMatchObject({ attempts: 3, lastError: null });
    expect(stored?.doneAt).not.toBeNull();
    expect(await relay.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it("gives up on a permanent failure and shows it as failed", async () => {
    const { h, relay, put } = await setup(
      {
        async deliver() {
          throw new DeliveryError("403", false);
        },
      },
      noScheduler,
    );
    await put(entry("n2", { type: "notify", hibou, channel: 0, channelType: "log" }));
    await relay.runDue();
    const [stored] = await h.store.listOutbox("poudlard.1234");
    expect(stored?.failedAt).not.toBeNull();
    expect((await h.store.counts()).failedEffects).toBe(1);
  });

  it("two relays at once perform an effect once", async () => {
    let calls = 0;
    const { h, clock, put } = await setup(
      {
        async deliver() {
          calls++;
          await new Promise((r) => setTimeout(r, 20));
        },
      },
      noScheduler,
    );
    const notifier: Notifier = { deliver: async () => void calls++ };
    for (let i = 0; i < 10; i++)
      await put(
        entry(`n${i}`, { type: "notify", hibou: { ...hibou, id: `h${i}` }, channel: 0, channelType: "log" }),
      );
    const relays = [1, 2, 3].map(
      () => new OutboxRelay({ store: h.store, scheduler: noScheduler, notifier, now: () => clock.now() }),
    );
    const done = await Promise.all(relays.map((r) => r.runDue()));
    expect(done.reduce((a, b) => a + b, 0)).toBe(10);
    expect(calls).toBe(10);
  });

  it("CONTRACT 7 a second run of one relay waits for the run in progress: the local clock fires only timers already scheduled", async () => {
    // `POST /_local/clock` settles by running the relay, then the scheduler, while the local stack's
    // background loop runs the same relay: had the settling run lost its claim to the background
    // one and returned at once, the scheduler would fire before the background run had created the
    // reminder it was scheduling, and the reminder would come after its turn was over.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const created: string[] = [];
    const scheduler: SchedulerPort = {
      async schedule(t) {
        await gate;
        created.push(t.name);
      },
      cancel: async () => {},
    };
    const { relay, put } = await setup({ deliver: async () => {} }, scheduler);
    await put(entry("t1", { type: "timers", cancel: [], schedule: [timer] }));
    const background = relay.runDue();
    await new Promise((r) => setTimeout(r, 50));
    let settled = false;
    const settling = relay.runDue().then((done) => {
      settled = true;
      return done;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    release();
    expect(await background).toBe(1);
    expect(await settling).toBe(0);
    expect(created).toEqual([timer.name]);
  });

  it("CONTRACT 7 a run of one relay that fails does not hold up the runs after it", async () => {
    // Runs of one relay take turns: a run that threw (the table unreachable) must still hand the
    // turn on, or every later run of the Lambda's or the local stack's relay would wait for ever.
    const delivered: string[] = [];
    const { h, clock } = await setup({ deliver: async () => {} }, noScheduler);
    let failures = 1;
    const store: typeof h.store = Object.create(h.store);
    store.dueOutbox = async (now, limit) => {
      if (failures-- > 0) throw new Error("ProvisionedThroughputExceededException");
      return h.store.dueOutbox(now, limit);
    };
    const notifier: Notifier = { deliver: async (hb) => void delivered.push(hb.id) };
    const relay = new OutboxRelay({ store, scheduler: noScheduler, notifier, now: () => clock.now() });
    await h.client.send(
      new PutItemCommand({
        TableName: h.tableName,
        Item: outboxItem(entry("n1", { type: "notify", hibou, channel: 0, channelType: "log" })),
      }),
    );
    const failed = relay.runDue();
    const next = relay.runDue();
    await expect(failed).rejects.toThrow("ProvisionedThroughputExceededException");
    expect(await next).toBe(1);
    expect(delivered).toEqual([hibou.id]);
  });

  /** A decision's entry: its timers, then three hiboux. */
  const decision = () =>
    entry("v2.effects", {
      type: "parts",
      parts: [
        { id: "v2.timers", effect: { type: "timers", cancel: [], schedule: [timer] }, doneAt: null },
        ...["h1", "h2", "h3"].map((id) => ({
          id: `${id}.c0`,
          effect: {
            type: "notify" as const,
            hibou: { ...hibou, id },
            channel: 0,
            channelType: "log" as const,
          },
          doneAt: null,
        })),
      ],
    });

  it("CONTRACT 6.1 performs a decision's parts in order, each once, recording each; one claim and one forum read", async () => {
    const delivered: string[] = [];
    const scheduled: string[] = [];
    const { h, clock, put } = await setup({ deliver: async () => {} }, noScheduler);
    const writes: string[] = [];
    let forumReads = 0;
    const store: typeof h.store = Object.create(h.store);
    store.claimOutbox = async (e, expected) => {
      writes.push(`claim ${expected}`);
      return h.store.claimOutbox(e, expected);
    };
    store.recordOutbox = async (e, expected) => {
      writes.push(`${e.doneAt ? "done" : "record"} ${expected}`);
      return h.store.recordOutbox(e, expected);
    };
    store.getForum = async (id) => {
      forumReads++;
      return h.store.getForum(id);
    };
    const relay = new OutboxRelay({
      store,
      scheduler: { schedule: async (t) => void scheduled.push(t.name), cancel: async () => {} },
      notifier: { deliver: async (hb) => void delivered.push(hb.id) },
      now: () => clock.now(),
    });
    await put(decision());
    expect(await relay.runDue()).toBe(1);
    expect(delivered).toEqual(["h1", "h2", "h3"]);
    expect(scheduled).toEqual([timer.name]);
    // The claim, a record after each hibou but the last, and the entry done.
    expect(writes).toEqual(["claim 0", "record 1", "record 1", "done 1"]);
    expect(forumReads).toBe(1);
    const listed = await h.store.listOutbox("poudlard.1234");
    expect(listed.map((e) => [e.id, e.doneAt !== null])).toEqual([
      ["h1.c0", true],
      ["h2.c0", true],
      ["h3.c0", true],
      ["v2.timers", true],
    ]);
    expect(await relay.runDue()).toBe(0);
  });

  it("CONTRACT 6.1 writes only an entry's attempt: its claim, each part done and the entry done are updates that never carry its effect", async () => {
    const { h, relay, put } = await setup({ deliver: async () => {} }, noScheduler);
    await put(decision());
    const writes: { readonly command: string; readonly input: string }[] = [];
    h.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!/^(Get|Query|BatchGet)/.test(context.commandName ?? ""))
          writes.push({ command: context.commandName ?? "", input: JSON.stringify(args.input) });
        return next(args);
      },
      { step: "initialize", name: "relay-writes" },
    );
    expect(await relay.runDue()).toBe(1);
    expect(writes.map((w) => w.command)).toEqual([
      "UpdateItemCommand",
      "UpdateItemCommand",
      "UpdateItemCommand",
      "UpdateItemCommand",
    ]);
    for (const { input } of writes) expect(input).not.toContain(hibou.text);
    const listed = await h.store.listOutbox("poudlard.1234");
    expect(listed.every((e) => e.doneAt !== null && e.lastError === null)).toBe(true);
    expect((await h.store.counts()).pendingEffects).toBe(0);
  });

  it("CONTRACT 6.1 locally, a decision's timer changes are written with the first claim of its entry, and never again", async () => {
    const { h, clock, put } = await setup({ deliver: async () => {} }, noScheduler);
    const fired: string[] = [];
    const scheduler = new LocalScheduler({
      timers: h.store,
      clock,
      fire: async (t) => void fired.push(t.name),
    });
    const relay = new OutboxRelay({
      store: h.store,
      scheduler,
      timersInStore: scheduler,
      notifier: { deliver: async () => {} },
      now: () => clock.now(),
    });
    await put(decision());
    const sent: string[] = [];
    h.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? "");
        return next(args);
      },
      { step: "initialize", name: "relay-requests" },
    );
    expect(await relay.runDue()).toBe(1);
    // The claim and the timers, the record after the first hibou, done; no write of the timers apart.
    expect(sent.filter((c) => !/^(Get|Query|BatchGet)/.test(c))).toEqual([
      "TransactWriteItemsCommand",
      "UpdateItemCommand",
      "UpdateItemCommand",
      "UpdateItemCommand",
    ]);
    expect(await h.store.countTimers()).toBe(1);
    const listed = await h.store.listOutbox("poudlard.1234");
    expect(listed.every((e) => e.doneAt !== null)).toBe(true);
    clock.set(timer.at);
    expect(await scheduler.runDue()).toBe(1);
    expect(fired).toEqual([timer.name]);
  });

  it("CONTRACT 6.1 resumes an entry stored with its parts done inside its effect, as relays before recorded them", async () => {
    const delivered: string[] = [];
    const { h, clock, relay, put } = await setup(
      { deliver: async (hb) => void delivered.push(hb.id) },
      noScheduler,
    );
    const stored = decision();
    if (stored.effect.type !== "parts") throw new Error("a decision is made of parts");
    const [timers, h1, ...rest] = stored.effect.parts;
    if (!timers || !h1) throw new Error("a decision has its timers and hiboux");
    // Claimed once, its timers and first hibou recorded done in the effect, the lease over.
    await put({
      ...stored,
      attempts: 1,
      effect: {
        type: "parts",
        parts: [
          { ...timers, doneAt: "2026-11-30T09:59:00.000Z" },
          { ...h1, doneAt: "2026-11-30T09:59:01.000Z" },
          ...rest,
        ],
      },
      nextAttemptAt: "2026-11-30T09:59:30.000Z",
    });
    expect(await relay.runDue()).toBe(1);
    expect(delivered).toEqual(["h2", "h3"]);
    const listed = await h.store.listOutbox("poudlard.1234");
    expect(listed.map((e) => [e.id, e.doneAt])).toEqual([
      ["h1.c0", "2026-11-30T09:59:01.000Z"],
      ["h2.c0", clock.now().toISOString()],
      ["h3.c0", clock.now().toISOString()],
      ["v2.timers", "2026-11-30T09:59:00.000Z"],
    ]);
  });

  it("CONTRACT 6.1 a relay holding a copy of an entry from before it was done never performs it again", async () => {
    const delivered: string[] = [];
    const { h, clock, relay, put } = await setup(
      { deliver: async (hb) => void delivered.push(hb.id) },
      noScheduler,
    );
    const notify = entry("n1", { type: "notify", hibou, channel: 0, channelType: "log" });
    await put(notify);
    expect(await relay.runDue()).toBe(1);
    // Another relay's copy, read while the entry was claimed (an index that lags, a slow run).
    const claimed = { ...notify, attempts: 1, nextAttemptAt: "2026-11-30T10:01:00.000Z" };
    clock.advance("PT2M");
    const store: typeof h.store = Object.create(h.store);
    store.dueOutbox = async () => [claimed];
    const late = new OutboxRelay({
      store,
      scheduler: noScheduler,
      notifier: { deliver: async (hb) => void delivered.push(hb.id) },
      now: () => clock.now(),
    });
    expect(await late.runDue()).toBe(0);
    expect(delivered).toEqual([hibou.id]);
    const [listed] = await h.store.listOutbox("poudlard.1234");
    expect(listed?.doneAt).not.toBeNull();
    expect((await h.store.counts()).pendingEffects).toBe(0);
  });

  it("CONTRACT 6.1 a relay stopped after a part leaves it done: the next relay resumes after it", async () => {
    const delivered: string[] = [];
    const { h, clock, put } = await setup({ deliver: async () => {} }, noScheduler);
    // The first relay's process stops while it delivers h2 (its delivery never answers).
    const stopped = new OutboxRelay({
      store: h.store,
      scheduler: noScheduler,
      notifier: {
        deliver: async (hb) => {
          if (hb.id === "h2") await new Promise(() => {});
          delivered.push(hb.id);
        },
      },
      now: () => clock.now(),
    });
    await put(decision());
    void stopped.runDue();
    await expect.poll(() => delivered).toEqual(["h1"]);
    await new Promise((r) => setTimeout(r, 100));
    // Until its claim's lease runs out, no other relay takes the entry.
    const next = new OutboxRelay({
      store: h.store,
      scheduler: noScheduler,
      notifier: { deliver: async (hb) => void delivered.push(hb.id) },
      now: () => clock.now(),
    });
    expect(await next.runDue()).toBe(0);
    clock.advance("PT61S");
    expect(await next.runDue()).toBe(1);
    expect(delivered).toEqual(["h1", "h2", "h3"]);
  });

  it("CONTRACT 6.1 a part that fails leaves the entry: it is retried alone, those after it go now, those before never again", async () => {
    const calls: string[] = [];
    const { h, clock, relay, put } = await setup(
      {
        async deliver(hb) {
          calls.push(hb.id);
          if (hb.id === "h2" && calls.filter((c) => c === "h2").length === 1)
            throw new DeliveryError("503", true);
          if (hb.id === "h3") throw new DeliveryError("403", false);
        },
      },
      noScheduler,
    );
    await put(decision());
    // The entry is done once split; h3 went at once and failed for good.
    expect(await relay.runDue()).toBe(1);
    expect(calls).toEqual(["h1", "h2", "h3"]);
    const byId = async () => new Map((await h.store.listOutbox("poudlard.1234")).map((e) => [e.id, e]));
    let listed = await byId();
    expect(listed.get("h1.c0")?.doneAt).not.toBeNull();
    expect(listed.get("v2.timers")?.doneAt).not.toBeNull();
    expect(listed.get("h2.c0")).toMatchObject({
      attempts: 1,
      lastError: "503",
      doneAt: null,
      failedAt: null,
    });
    expect(Date.parse(listed.get("h2.c0")?.nextAttemptAt ?? "") - clock.now().getTime()).toBe(backoffMs(1));
    expect(listed.get("h3.c0")).toMatchObject({ attempts: 1, lastError: "403", doneAt: null });
    expect(listed.get("h3.c0")?.failedAt).not.toBeNull();
    expect((await h.store.counts()).failedEffects).toBe(1);
    clock.advance("PT3S");
    expect(await relay.runDue()).toBe(1);
    listed = await byId();
    expect(listed.get("h2.c0")).toMatchObject({ attempts: 2, lastError: null });
    expect(calls).toEqual(["h1", "h2", "h3", "h2"]);
    clock.advance("PT1H");
    expect(await relay.runDue()).toBe(0);
    expect(calls).toEqual(["h1", "h2", "h3", "h2"]);
  });

  /** An entry of its own: one hibou through the forum's first channel. */
  const notifyEntry = (id: string) =>
    entry(id, { type: "notify", hibou: { ...hibou, id }, channel: 0, channelType: "log" });

  /** A relay whose forum reads are counted, and which keeps the generic secret each delivery was given. */
  function countingRelay(h: Awaited<ReturnType<typeof setup>>["h"], clock: ManualClock, during?: () => void) {
    const secrets: (string | undefined)[] = [];
    const reads = { forum: 0 };
    const store: typeof h.store = Object.create(h.store);
    store.getForum = async (id) => {
      reads.forum++;
      return h.store.getForum(id);
    };
    const relay = new OutboxRelay({
      store,
      scheduler: noScheduler,
      notifier: {
        deliver: async (_hibou, _channel, forum) => {
          secrets.push(forum.forumWebhookSecret);
          during?.();
        },
      },
      now: () => clock.now(),
    });
    return { relay, reads, secrets };
  }

  it("CONTRACT 6.1 reads a forum once for the entries of one run; a change of its settings reaches the next run", async () => {
    const { h, clock, put } = await setup({ deliver: async () => {} }, noScheduler);
    const { relay, reads, secrets } = countingRelay(h, clock);
    for (const id of ["a", "b", "c"]) await put(notifyEntry(id));
    expect(await relay.runDue()).toBe(3);
    expect(reads.forum).toBe(1);

    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("the harness's forum is missing");
    const changed = "whsec_Y2hhbmdlZCBzZWNyZXQgb2YgdGhlIGZvcnVt";
    await h.store.putForum({ ...forum, webhookSecrets: { ...forum.webhookSecrets, generic: changed } });
    await put(notifyEntry("d"));
    expect(await relay.runDue()).toBe(1);
    expect(reads.forum).toBe(2);
    expect(secrets).toEqual([...Array(3).fill(forum.webhookSecrets.generic), changed]);
  });

  it("reads a forum again in a run once its read is RELAY_FORUM_MAX_AGE_MS old", async () => {
    const { h, clock, put } = await setup({ deliver: async () => {} }, noScheduler);
    // The second delivery takes long: the run's clock moves past the bound before the third entry.
    let deliveries = 0;
    const { relay, reads } = countingRelay(h, clock, () => {
      if (++deliveries === 2) clock.advance(`PT${RELAY_FORUM_MAX_AGE_MS / 1000}S`);
    });
    for (const id of ["a", "b", "c"]) await put(notifyEntry(id));
    expect(await relay.runDue()).toBe(3);
    // The first two share one read; the third, after the bound, reads the forum again.
    expect(reads.forum).toBe(2);
  });

  it("asks for due entries again only when its answer was full: a run of fewer makes one query", async () => {
    const { h, clock, put } = await setup({ deliver: async () => {} }, noScheduler);
    let queries = 0;
    const store: typeof h.store = Object.create(h.store);
    store.dueOutbox = async (now, limit) => {
      queries++;
      return h.store.dueOutbox(now, limit);
    };
    const relay = new OutboxRelay({
      store,
      scheduler: noScheduler,
      notifier: { deliver: async () => {} },
      now: () => clock.now(),
    });
    for (const id of ["a", "b", "c"]) await put(notifyEntry(id));
    expect(await relay.runDue(5)).toBe(3);
    expect(queries).toBe(1);
    for (const id of ["d", "e", "f"]) await put(notifyEntry(id));
    // Two full answers, then the last entry.
    expect(await relay.runDue(2)).toBe(3);
    expect(queries).toBe(1 + 2);
  });

  it("a schedule that could not be created is retried until it is", async () => {
    let attempts = 0;
    const created: string[] = [];
    const scheduler: SchedulerPort = {
      async schedule(t) {
        attempts++;
        if (attempts < 3) throw new Error("ThrottlingException");
        created.push(t.name);
      },
      cancel: async () => {},
    };
    const { clock, relay, put } = await setup({ deliver: async () => {} }, scheduler);
    await put(entry("s1", { type: "timers", cancel: [], schedule: [timer] }));
    for (let i = 0; i < 3; i++) {
      await relay.runDue();
      clock.advance("PT1M");
    }
    expect(created).toEqual([timer.name]);
  });
});
