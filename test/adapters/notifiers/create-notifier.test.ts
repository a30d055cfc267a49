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
    // A terminal's escape sequences and bidi overrides never reach the local console.
    expect(told[0]).toContain("Faute d'absence — secret du titre");
    expect(told[0]).toContain("Texte privé du hibou[2J");
    expect(told[0]).not.toContain("\u001b");
    expect(told[0]).not.toContain("\u202e");
  });

  it("CONTRACT 1 the local terminal shows a hibou as it reads: who it is for, its title, its text line by line", async () => {
    const told: string[] = [];
    await createNotifier({ log: (line) => told.push(line), logTexts: true }).deliver(
      aHibou({
        to: { role: "duelist", id: "42", name: "Alice Dubois" },
        title: "À toi de jouer",
        text: "Bob Martin t'a attaqué.\nTu as 72 heures pour répondre.",
      }),
      { type: "log" },
      {},
    );
    const lines = (told[0] ?? "").split("\n");
    expect(lines[0]).toContain("Hibou pour Alice Dubois (duelliste)");
    expect(lines).toContain("  À toi de jouer");
    expect(lines).toContain("  Bob Martin t'a attaqué.");
    expect(lines).toContain("  Tu as 72 heures pour répondre.");
    expect(told[0]).not.toContain("\\n");
    expect(told[0]).not.toContain('"text"');
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
