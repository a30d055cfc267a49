import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { escapeDiscord } from "../../../shared/adapters/escape.js";
import {
  createDiscordNotifier,
  DISCORD_LIMITS,
  type DiscordMessage,
  discordMessage,
  discordMessages,
  kindColour,
} from "../../../shared/adapters/notifiers/discord-notifier.js";
import { aHibou } from "./hibou-fixture.js";
import { LOOPBACK_HTTP, type LocalServer, reply, startLocalServer } from "./local-server.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectWithinLimits(message: DiscordMessage): void {
  expect(message.content.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
  expect(message.embeds.length).toBeLessThanOrEqual(10);
  const [embed] = message.embeds;
  expect(embed.title.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedTitle);
  expect(embed.description.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedDescription);
  expect(embed.footer.text.length).toBeLessThanOrEqual(DISCORD_LIMITS.footerText);
  const total = embed.title.length + embed.description.length + embed.footer.text.length;
  expect(total).toBeLessThanOrEqual(DISCORD_LIMITS.embedTotal);
}

describe("discord notifier", () => {
  it("CONTRACT 3 the footer names the duel's thread by its title where known, shortened", () => {
    const footer = (threadTitle?: string) =>
      discordMessage(
        aHibou({
          duel: { name: "Alice Dubois contre Bob Martin", ...(threadTitle ? { threadTitle } : {}) },
        }),
      ).embeds[0].footer.text;
    expect(footer("Duel au parc")).toContain("Hiboux du duel « Duel au parc » (sujet ");
    expect(footer()).toContain("Hiboux du duel (sujet ");
    expect(footer("Le grand duel de fin d'année à la tour d'astronomie, après le banquet")).toContain(
      "« Le grand duel de fin d'année à la tour… »",
    );
  });

  it("CONTRACT 3 splits a 10,000-character text into messages within Discord's limits, asks Discord to wait, pings no one", async () => {
    server = await startLocalServer(reply(200, { id: "1" }));
    const lines = Array.from({ length: 200 }, (_, i) => `Ligne ${i} ${"x".repeat(40)}`);
    const hibou = aHibou({ title: "T".repeat(1000), text: `@everyone ${lines.join("\n")}` });
    await createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(
      hibou,
      { type: "discord", url: `${server.url}/api/webhooks/1/tok` },
      {},
    );

    expect(server.requests.length).toBe(3);
    const messages = server.requests.map((r) => JSON.parse(r.body) as DiscordMessage);
    for (const [i, message] of messages.entries()) {
      expect(server.requests[i]?.url).toBe("/api/webhooks/1/tok?wait=true");
      expectWithinLimits(message);
      expect(message.allowed_mentions).toEqual({ parse: [] });
      expect(message.embeds[0].title.endsWith(`(${i + 1}/3)`)).toBe(true);
      expect(message.embeds[0].timestamp).toBe("2026-12-03T10:00:00.000Z");
      expect(message.embeds[0].footer.text).toContain("R-6.1");
      // CONTRACT 3: the duel named as its Discourse conversation names it, by its thread.
      expect(message.embeds[0].footer.text).toContain(`Hiboux du duel (sujet ${hibou.threadId})`);
      expect(message.content).toBe("Hibou pour l'arbitre Minerva McGonagall");
    }
    // Nothing cut: the parts put back together are the whole text (escaped), split at line breaks.
    expect(messages.map((m) => m.embeds[0].description).join("\n")).toBe(escapeDiscord(hibou.text));
    expect(messages[0]?.embeds[0].description.startsWith("\\@everyone")).toBe(true);
  });

  it("CONTRACT 3 a text past five messages is cut in the last one, never lost silently", () => {
    const messages = discordMessages(aHibou({ text: "y".repeat(30_000) }));
    expect(messages).toHaveLength(5);
    for (const message of messages) expectWithinLimits(message);
    expect(messages[4]?.embeds[0].description.endsWith("…")).toBe(true);
  });

  it("CONTRACT 3 a 5xx from Discord under wait=true leaves the hibou undelivered (retryable)", async () => {
    server = await startLocalServer(reply(503));
    const error = await createDiscordNotifier({ http: LOOPBACK_HTTP })
      .deliver(aHibou(), { type: "discord", url: `${server.url}/api/webhooks/1/tok` }, {})
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ retryable: true });
    expect(server.requests[0]?.url).toBe("/api/webhooks/1/tok?wait=true");
  });

  it("keeps a short hibou whole, coloured by its kind family", () => {
    const hibou = aHibou();
    const [embed] = discordMessage(hibou).embeds;
    expect(embed.title).toBe(hibou.title);
    expect(embed.description).toBe(hibou.text);
    expect(embed.color).toBe(kindColour("fault.action"));
    expect(kindColour("something.new")).not.toBe(kindColour("fault.absence"));
  });

  it("stays within the limits whatever the text", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.string({ unit: "grapheme", maxLength: 8000 }),
        (title, text) => {
          expectWithinLimits(discordMessage(aHibou({ title, text })));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("asks Discord to wait when configured, keeping the URL's own query", async () => {
    server = await startLocalServer(reply(200, { id: "1" }));
    await createDiscordNotifier({ wait: true, http: LOOPBACK_HTTP }).deliver(
      aHibou(),
      { type: "discord", url: `${server.url}/api/webhooks/1/tok?thread_id=9` },
      {},
    );
    expect(server.requests[0]?.url).toBe("/api/webhooks/1/tok?thread_id=9&wait=true");
  });

  it("a 429 carries Discord's delay", async () => {
    server = await startLocalServer(reply(429, { retry_after: 0.5, global: false }, { "retry-after": "1" }));
    await expect(
      createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(
        aHibou(),
        { type: "discord", url: server.url },
        {},
      ),
    ).rejects.toMatchObject({ retryable: true, retryAfterMs: 1000 });
  });

  /** A text that makes three Discord messages. */
  const longHibou = () =>
    aHibou({
      id: "h.split",
      text: Array.from({ length: 200 }, (_, i) => `Ligne ${i} ${"x".repeat(40)}`).join("\n"),
    });
  const partOf = (body: string) =>
    (JSON.parse(body) as DiscordMessage).embeds[0].title.match(/\((\d)\/3\)$/)?.[1];

  it("CONTRACT 3 an empty rate-limit bucket pauses for X-RateLimit-Reset-After before the next part", async () => {
    server = await startLocalServer(
      reply(200, { id: "1" }, { "x-ratelimit-remaining": "0", "x-ratelimit-reset-after": "0.25" }),
    );
    const pauses: number[] = [];
    const notifier = createDiscordNotifier({
      http: LOOPBACK_HTTP,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    await notifier.deliver(longHibou(), { type: "discord", url: `${server.url}/api/webhooks/1/tok` }, {});
    expect(server.requests.map((r) => partOf(r.body))).toEqual(["1", "2", "3"]);
    // Between parts only: nothing waits after the last one.
    expect(pauses).toEqual([250, 250]);
  });

  it("CONTRACT 3 a bucket with room left sends the parts without pausing", async () => {
    server = await startLocalServer(
      reply(200, { id: "1" }, { "x-ratelimit-remaining": "4", "x-ratelimit-reset-after": "1" }),
    );
    const pauses: number[] = [];
    const notifier = createDiscordNotifier({
      http: LOOPBACK_HTTP,
      sleep: async (ms) => void pauses.push(ms),
    });
    await notifier.deliver(longHibou(), { type: "discord", url: `${server.url}/api/webhooks/1/tok` }, {});
    expect(server.requests).toHaveLength(3);
    expect(pauses).toEqual([]);
  });

  it("CONTRACT 3 a split hibou failing part-way reports the parts Discord accepted, and its retry starts after them", async () => {
    let calls = 0;
    server = await startLocalServer((request, response) => {
      calls += 1;
      // The second part fails once; every other request is stored.
      (calls === 2 ? reply(500) : reply(200, { id: String(calls) }))(request, response);
    });
    const channel = { type: "discord", url: `${server.url}/api/webhooks/1/tok` } as const;
    await expect(
      createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(longHibou(), channel, {}),
    ).rejects.toMatchObject({ retryable: true, progress: 1 });
    // The retry, by another notifier (another process), is given the progress the relay kept.
    await createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(longHibou(), channel, {}, 1);
    expect(server.requests.map((r) => partOf(r.body))).toEqual(["1", "2", "2", "3"]);
    // Nothing is remembered in the process: the same hibou without progress is sent whole.
    await createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(longHibou(), channel, {});
    expect(server.requests.slice(4).map((r) => partOf(r.body))).toEqual(["1", "2", "3"]);
  });

  it("CONTRACT 3 a failure on the first part reports nothing accepted", async () => {
    server = await startLocalServer(reply(503));
    await expect(
      createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(
        longHibou(),
        {
          type: "discord",
          url: `${server.url}/api/webhooks/1/tok`,
        },
        {},
      ),
    ).rejects.toMatchObject({ retryable: true, progress: 0 });
  });

  it("CONTRACT 3 a long reset is left to the relay's retry, which resumes after the accepted part", async () => {
    let calls = 0;
    server = await startLocalServer((request, response) => {
      calls += 1;
      const headers: Record<string, string> =
        calls === 1 ? { "x-ratelimit-remaining": "0", "x-ratelimit-reset-after": "30" } : {};
      reply(200, { id: String(calls) }, headers)(request, response);
    });
    const notifier = createDiscordNotifier({ http: LOOPBACK_HTTP, sleep: async () => {} });
    const channel = { type: "discord", url: `${server.url}/api/webhooks/1/tok` } as const;
    await expect(notifier.deliver(longHibou(), channel, {})).rejects.toMatchObject({
      retryable: true,
      retryAfterMs: 30_000,
      progress: 1,
    });
    await notifier.deliver(longHibou(), channel, {}, 1);
    expect(server.requests.map((r) => partOf(r.body))).toEqual(["1", "2", "3"]);
  });
});
