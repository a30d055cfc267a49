import { afterEach, describe, expect, it } from "vitest";
import {
  createDiscourseNotifier,
  discourseTitle,
} from "../../../shared/adapters/notifiers/discourse-notifier.js";
import { DeliveryError } from "../../../shared/ports/notifier.js";
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
  it("sends a private message to the recipient's username, its short title padded", async () => {
    server = await startLocalServer(reply(200, { id: 1, topic_id: 2 }));
    const hibou = aHibou({ title: "Faute" });
    await createDiscourseNotifier({ http: LOOPBACK_HTTP }).deliver(hibou, channel(`${server.url}/`), {});

    const request = server.requests[0];
    if (!request) throw new Error("no request received");
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/posts.json");
    expect(request.headers["api-key"]).toBe("key-123");
    expect(request.headers["api-username"]).toBe("arbitre-auto");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      title: "Faute — hibou du club de duel",
      raw: hibou.text,
      target_recipients: "minerva",
      archetype: "private_message",
    });
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
