import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  createDiscordNotifier,
  DISCORD_LIMITS,
  type DiscordMessage,
  discordMessage,
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
  it("posts one embed within Discord's limits for a 10,000-character text, pinging no one", async () => {
    server = await startLocalServer(reply(204));
    const hibou = aHibou({ title: "T".repeat(1000), text: `@everyone ${"x".repeat(10_000)}` });
    await createDiscordNotifier({ http: LOOPBACK_HTTP }).deliver(
      hibou,
      { type: "discord", url: `${server.url}/api/webhooks/1/tok` },
      {},
    );

    const request = server.requests[0];
    if (!request) throw new Error("no request received");
    expect(request.url).toBe("/api/webhooks/1/tok");
    const message = JSON.parse(request.body) as DiscordMessage;
    expectWithinLimits(message);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    const [embed] = message.embeds;
    expect(embed.description.endsWith("…")).toBe(true);
    expect(embed.title.endsWith("…")).toBe(true);
    expect(embed.timestamp).toBe("2026-12-03T10:00:00.000Z");
    expect(embed.footer.text).toContain("R-6.1");
    expect(message.content).toBe("Hibou pour l'arbitre Minerva McGonagall");
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
});
