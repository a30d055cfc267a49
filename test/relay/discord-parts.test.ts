import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { outboxItem } from "../../shared/adapters/dynamodb/items.js";
import { type DiscordMessage, discordMessages } from "../../shared/adapters/notifiers/discord-notifier.js";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { OutboxRelay } from "../../shared/app/relay.js";
import { DeliveryError } from "../../shared/errors.js";
import type { Notifier } from "../../shared/ports/notifier.js";
import type { OutboxEntry } from "../../shared/ports/outbox-store.js";
import type { SchedulerPort } from "../../shared/ports/scheduler.js";
import { aHibou } from "../adapters/notifiers/hibou-fixture.js";
import {
  LOOPBACK_HTTP,
  type LocalServer,
  reply,
  startLocalServer,
} from "../adapters/notifiers/local-server.js";
import { anotherProcess, createHarness, type Harness } from "../support/harness.js";

/** A hibou long enough for three Discord messages, "(1/3)" to "(3/3)". */
const longHibou = aHibou({
  id: "h.parts",
  forumId: "poudlard",
  text: Array.from({ length: 200 }, (_, i) => `Ligne ${i} ${"x".repeat(40)}`).join("\n"),
});

const partOf = (body: string) =>
  (JSON.parse(body) as DiscordMessage).embeds[0].title.match(/\((\d)\/3\)$/)?.[1] ?? "?";

/**
 * A Discord webhook on loopback that stores every message but refuses the `failing` part the first
 * time it comes (a 500: Discord stored nothing); `accepted` lists the parts it stored, in order.
 */
async function fakeDiscord(failing: string): Promise<LocalServer & { readonly accepted: string[] }> {
  const accepted: string[] = [];
  let failed = false;
  const server = await startLocalServer((request, response) => {
    const part = partOf(request.body);
    if (part === failing && !failed) {
      failed = true;
      reply(500)(request, response);
      return;
    }
    accepted.push(part);
    reply(200, { id: String(accepted.length) })(request, response);
  });
  return Object.assign(server, { accepted });
}

const noScheduler: SchedulerPort = { schedule: async () => {}, cancel: async () => {} };

let discord: (LocalServer & { readonly accepted: string[] }) | undefined;
afterEach(async () => {
  await discord?.close();
  discord = undefined;
});

function notifyEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: "n.parts",
    duelId: longHibou.duelId,
    createdAt: "2026-11-30T10:00:00.000Z",
    effect: { type: "notify", hibou: longHibou, channel: 0, channelType: "discord" },
    attempts: 0,
    nextAttemptAt: "2026-11-30T10:00:00.000Z",
    doneAt: null,
    lastError: null,
    failedAt: null,
    ...overrides,
  };
}

/** The forum's Discord channel on the fake, and the entry waiting in the outbox. */
async function setup(entry: OutboxEntry = notifyEntry()) {
  discord = await fakeDiscord("2");
  const h = await createHarness({ allowLoopbackChannels: true });
  expect(
    (
      await h.forum({
        notify: [{ type: "discord", url: `${discord.url}/api/webhooks/1/tok`, serves: ["referees"] }],
      })
    ).status,
  ).toBe(201);
  await h.client.send(new PutItemCommand({ TableName: h.tableName, Item: outboxItem(entry) }));
  return { h, discord };
}

/** A relay in a process of its own (another Lambda container): its own store and its own notifier. */
function relayProcess(h: Harness) {
  return anotherProcess(h, { notifier: createNotifier({ http: LOOPBACK_HTTP }), allowLoopbackChannels: true })
    .relay;
}

async function stored(h: Harness): Promise<OutboxEntry | undefined> {
  return (await h.store.listOutbox(longHibou.duelId)).find((e) => e.id === "n.parts");
}

/** Moves the clock to the entry's next attempt. */
async function untilRetry(h: Harness): Promise<void> {
  const entry = await stored(h);
  if (entry) h.clock.set(entry.nextAttemptAt);
}

describe("a split Discord hibou retried by the outbox relay", () => {
  it("sends three parts (the premise of the tests below)", () => {
    expect(discordMessages(longHibou)).toHaveLength(3);
  });

  it("CONTRACT 3 a retry in another process resumes after the parts Discord accepted: each part once, in order", async () => {
    const { h, discord } = await setup();
    expect(await relayProcess(h).runDue()).toBe(0);
    expect(discord.accepted).toEqual(["1"]);
    expect(await stored(h)).toMatchObject({ attempts: 1, doneAt: null, effect: { progress: 1 } });

    await untilRetry(h);
    expect(await relayProcess(h).runDue()).toBe(1);
    expect(discord.accepted).toEqual(["1", "2", "3"]);
    expect((await stored(h))?.doneAt).not.toBeNull();
  });

  it("CONTRACT 3 a retry by the same relay resumes after the parts Discord accepted", async () => {
    const { h, discord } = await setup();
    const relay = relayProcess(h);
    expect(await relay.runDue()).toBe(0);
    await untilRetry(h);
    expect(await relay.runDue()).toBe(1);
    expect(discord.accepted).toEqual(["1", "2", "3"]);
  });

  it("CONTRACT 3 two relays racing for the entry, at each attempt, deliver each part once", async () => {
    const { h, discord } = await setup();
    const race = async (relays: readonly OutboxRelay[]) =>
      (await Promise.all(relays.map((r) => r.runDue()))).reduce((a, b) => a + b, 0);
    expect(await race([relayProcess(h), relayProcess(h)])).toBe(0);
    expect(discord.accepted).toEqual(["1"]);
    // The retry races in two other processes: neither saw the first attempt.
    await untilRetry(h);
    const retrying = [relayProcess(h), relayProcess(h)];
    expect(await race(retrying)).toBe(1);
    expect(await race(retrying)).toBe(0);
    expect(discord.accepted).toEqual(["1", "2", "3"]);
  });

  it("CONTRACT 3 an entry stored before progress was kept (attempts made, no progress) is delivered from part 1", async () => {
    const { h, discord } = await setup(notifyEntry({ attempts: 2, lastError: "Discord : erreur 503" }));
    const item = (await h.store.listOutbox(longHibou.duelId))[0];
    expect(item?.effect).not.toHaveProperty("progress");
    expect(await relayProcess(h).runDue()).toBe(0);
    await untilRetry(h);
    expect(await relayProcess(h).runDue()).toBe(1);
    expect(discord.accepted).toEqual(["1", "2", "3"]);
  });

  it("CONTRACT 3 a later failure reporting less, or nothing, never rolls the recorded progress back", async () => {
    const { h } = await setup();
    const failures = [
      new DeliveryError("Discord : erreur 500", true).withProgress(2),
      new DeliveryError("Discord : injoignable", true),
      new DeliveryError("Discord : erreur 502", true).withProgress(1),
    ];
    const given: (number | undefined)[] = [];
    const notifier: Notifier = {
      async deliver(_hibou, _channel, _context, progress) {
        given.push(progress);
        const failure = failures.shift();
        if (failure) throw failure;
      },
    };
    const relay = new OutboxRelay({
      store: h.store,
      scheduler: noScheduler,
      notifier,
      now: () => h.clock.now(),
    });
    for (let attempt = 0; attempt < 4; attempt++) {
      await relay.runDue();
      await untilRetry(h);
    }
    expect(given).toEqual([0, 2, 2, 2]);
    expect(await stored(h)).toMatchObject({ attempts: 4, effect: { progress: 2 } });
    expect((await stored(h))?.doneAt).not.toBeNull();
  });
});
