import { afterEach, describe, expect, it } from "vitest";
import { createNotifier } from "../../../shared/adapters/notifiers/index.js";
import { aHibou } from "./hibou-fixture.js";
import { LOOPBACK_HTTP, type LocalServer, reply, startLocalServer } from "./local-server.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("createNotifier", () => {
  it("the log channel writes one JSON line about the hibou", async () => {
    const lines: string[] = [];
    await createNotifier({ log: (line) => lines.push(line) }).deliver(
      aHibou(),
      { type: "log" },
      { forumWebhookSecret: "whsec_c2VjcmV0" },
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "") as Record<string, unknown>;
    expect(entry).toMatchObject({
      channel: "log",
      hibouId: "hibou-01JF3K",
      kind: "fault.absence",
      rule: "R-6.1",
    });
    expect(lines[0]).not.toContain("whsec_");
  });

  it("the log channel says the hibou's kind and recipient, never its words, unless texts are asked for", async () => {
    const hibou = aHibou({
      title: "Faute d'absence — secret du titre",
      text: "Texte privé du hibou\u001b[2J\u202e",
      to: { role: "duelist", id: "42", name: "Alice Dubois", username: "alice" },
    });
    const quiet: string[] = [];
    await createNotifier({ log: (line) => quiet.push(line) }).deliver(hibou, { type: "log" }, {});
    const entry = JSON.parse(quiet[0] ?? "") as Record<string, unknown>;
    expect(entry).toMatchObject({ kind: "fault.absence", to: { role: "duelist", id: "42" } });
    expect(quiet[0]).not.toContain("Texte privé");
    expect(quiet[0]).not.toContain("secret du titre");
    expect(quiet[0]).not.toContain("Alice");

    const told: string[] = [];
    await createNotifier({ log: (line) => told.push(line), logTexts: true }).deliver(
      hibou,
      { type: "log" },
      {},
    );
    const full = JSON.parse(told[0] ?? "") as Record<string, unknown>;
    // A terminal's escape sequences and bidi overrides never reach the local console.
    expect(full).toMatchObject({
      title: "Faute d'absence — secret du titre",
      text: "Texte privé du hibou[2J",
    });
  });

  it("the log channel never fails, even when the logger does", async () => {
    const notifier = createNotifier({
      log: () => {
        throw new Error("stdout closed");
      },
    });
    await expect(notifier.deliver(aHibou(), { type: "log" }, {})).resolves.toBeUndefined();
  });

  it("dispatches on the channel type", async () => {
    server = await startLocalServer(reply(204));
    const notifier = createNotifier({ http: LOOPBACK_HTTP });
    await notifier.deliver(aHibou(), { type: "discord", url: `${server.url}/discord` }, {});
    await notifier.deliver(
      aHibou(),
      { type: "discourse", baseUrl: server.url, apiKey: "k", apiUsername: "bot" },
      {},
    );
    expect(server.requests.map((r) => r.url)).toEqual([
      "/discord?wait=true",
      "/topics/private-messages-sent/bot.json",
      "/posts.json",
    ]);
  });
});
