import { afterEach, describe, expect, it } from "vitest";
import {
  createDiscourseNotifier,
  discourseTitle,
} from "../../../shared/adapters/notifiers/discourse-notifier.js";
import { DeliveryError } from "../../../shared/errors.js";
import { aHibou } from "./hibou-fixture.js";
import { LOOPBACK_HTTP, type LocalServer, reply, startLocalServer } from "./local-server.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const channel = (baseUrl: string) =>
  ({ type: "discourse", baseUrl, apiKey: "key-123", apiUsername: "arbitre-auto" }) as const;

describe("discourse notifier", () => {
  it("sends a private message to the recipient's username, its title naming the duel and the recipient", async () => {
    server = await startLocalServer(reply(200, { id: 1, topic_id: 2 }));
    const hibou = aHibou({ title: "Faute" });
    await createDiscourseNotifier({ http: LOOPBACK_HTTP }).deliver(hibou, channel(`${server.url}/`), {});

    const [lookup, request] = server.requests;
    if (!lookup || !request) throw new Error("no request received");
    expect(lookup).toMatchObject({ method: "GET", url: "/topics/private-messages-sent/arbitre-auto.json" });
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/posts.json");
    expect(request.headers["api-key"]).toBe("key-123");
    expect(request.headers["api-username"]).toBe("arbitre-auto");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      title: "Hiboux du duel (sujet 1234) pour Minerva McGonagall",
      raw: `**Faute**\n\n${hibou.text}`,
      target_recipients: "minerva",
      archetype: "private_message",
    });
  });

  it("CONTRACT 3 one conversation per duel and recipient: the next hiboux answer in the PM topic, found again after a cold start", async () => {
    const posts: unknown[] = [];
    server = await startLocalServer((request, response) => {
      const json = (body: unknown) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method === "GET") {
        const topics = posts.some((p) => (p as { title?: string }).title !== undefined)
          ? [{ id: 77, title: "Hiboux du duel (sujet 1234) pour Minerva McGonagall" }]
          : [];
        return json({ topic_list: { topics: [{ id: 5, title: "Autre chose" }, ...topics] } });
      }
      posts.push(JSON.parse(request.body));
      json({ id: posts.length, topic_id: 77 });
    });
    const notifier = createDiscourseNotifier({ http: LOOPBACK_HTTP });
    await notifier.deliver(aHibou({ id: "h1" }), channel(server.url), {});
    await notifier.deliver(aHibou({ id: "h2", title: "Sanction" }), channel(server.url), {});
    // Another duel opens its own conversation; another process finds the first one on Discourse.
    await notifier.deliver(aHibou({ id: "h3", duelId: "duel-43", threadId: "99" }), channel(server.url), {});
    await createDiscourseNotifier({ http: LOOPBACK_HTTP }).deliver(
      aHibou({ id: "h4" }),
      channel(server.url),
      {},
    );
    expect(posts).toMatchObject([
      { archetype: "private_message", target_recipients: "minerva" },
      { topic_id: 77, raw: expect.stringMatching(/^\*\*Sanction\*\*/) },
      { archetype: "private_message", title: "Hiboux du duel (sujet 99) pour Minerva McGonagall" },
      { topic_id: 77 },
    ]);
    expect(posts[1]).not.toHaveProperty("archetype");
    // One lookup per conversation a process does not know yet, none once it knows it.
    expect(server.requests.filter((r) => r.method === "GET")).toHaveLength(3);
  });

  it("without a username, fails for good in French and sends nothing", async () => {
    server = await startLocalServer(reply(200));
    const hibou = aHibou({ to: { role: "duelist", id: "42", name: "Alice Dubois" } });
    const error = await createDiscourseNotifier({ http: LOOPBACK_HTTP })
      .deliver(hibou, channel(server.url), {})
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as DeliveryError).message).toContain("Alice Dubois n'a pas de nom d'utilisateur");
    expect(server.requests).toHaveLength(0);
  });

  it("pads short titles to Discourse's minimum and cuts long ones", () => {
    expect(discourseTitle("Faute").length).toBeGreaterThanOrEqual(15);
    expect(discourseTitle("   ").length).toBeGreaterThanOrEqual(15);
    expect(discourseTitle("Faute d'absence")).toBe("Faute d'absence");
    const long = discourseTitle("x".repeat(400));
    expect(long).toHaveLength(255);
    expect(long.endsWith("…")).toBe(true);
  });

  it("a 422 (validation) is not retryable; a 429 waits as told", async () => {
    server = await startLocalServer(reply(422, { errors: ["Title is too short"] }));
    await expect(
      createDiscourseNotifier({ http: LOOPBACK_HTTP }).deliver(aHibou(), channel(server.url), {}),
    ).rejects.toMatchObject({
      retryable: false,
    });
    await server.close();
    server = await startLocalServer(reply(429, { errors: ["Slow down"] }, { "retry-after": "3" }));
    await expect(
      createDiscourseNotifier({ http: LOOPBACK_HTTP }).deliver(aHibou(), channel(server.url), {}),
    ).rejects.toMatchObject({
      retryable: true,
      retryAfterMs: 3000,
    });
  });
});
