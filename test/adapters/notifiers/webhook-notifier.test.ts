import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { createWebhookNotifier } from "../../../shared/adapters/notifiers/webhook-notifier.js";
import { DeliveryError } from "../../../shared/errors.js";
import { aHibou } from "./hibou-fixture.js";
import {
  LOOPBACK_HTTP,
  type LocalServer,
  type RecordedRequest,
  reply,
  startLocalServer,
} from "./local-server.js";

const aSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function signatureHeaders(request: RecordedRequest): Record<string, string> {
  const header = (name: string) => String(request.headers[name]);
  return {
    "webhook-id": header("webhook-id"),
    "webhook-timestamp": header("webhook-timestamp"),
    "webhook-signature": header("webhook-signature"),
  };
}

describe("webhook notifier", () => {
  it("signs per Standard Webhooks with the channel secret; the hibou id is the webhook-id", async () => {
    server = await startLocalServer(reply(200));
    const secret = aSecret();
    const hibou = aHibou();
    await createWebhookNotifier({ http: LOOPBACK_HTTP }).deliver(
      hibou,
      { type: "webhook", url: `${server.url}/in`, secret },
      {},
    );

    const request = server.requests[0];
    if (!request) throw new Error("no request received");
    expect(request.headers["webhook-id"]).toBe(hibou.id);
    const payload = new Webhook(secret).verify(request.body, signatureHeaders(request));
    expect(payload).toEqual({
      type: "hibou.fault.absence",
      timestamp: hibou.createdAt,
      data: {
        id: hibou.id,
        duelId: "duel-42",
        forumId: "poudlard",
        threadId: "1234",
        to: hibou.to,
        kind: "fault.absence",
        title: hibou.title,
        text: hibou.text,
        createdAt: hibou.createdAt,
        eventId: "evt-17",
        rule: "R-6.1",
      },
    });
  });

  it("falls back to the forum's generic secret; another secret does not verify", async () => {
    server = await startLocalServer(reply(204));
    const forumSecret = aSecret();
    await createWebhookNotifier({ http: LOOPBACK_HTTP }).deliver(
      aHibou(),
      { type: "webhook", url: server.url },
      { forumWebhookSecret: forumSecret },
    );
    const request = server.requests[0];
    if (!request) throw new Error("no request received");
    expect(() => new Webhook(forumSecret).verify(request.body, signatureHeaders(request))).not.toThrow();
    expect(() => new Webhook(aSecret()).verify(request.body, signatureHeaders(request))).toThrow();
  });

  it("keeps the webhook-id across retries, so receivers can dedupe", async () => {
    let calls = 0;
    server = await startLocalServer((request, response) => {
      calls += 1;
      reply(calls === 1 ? 503 : 200)(request, response);
    });
    const notifier = createWebhookNotifier({ http: LOOPBACK_HTTP });
    const channel = { type: "webhook" as const, url: server.url, secret: aSecret() };
    await expect(notifier.deliver(aHibou(), channel, {})).rejects.toMatchObject({ retryable: true });
    await notifier.deliver(aHibou(), channel, {});
    expect(server.requests.map((r) => r.headers["webhook-id"])).toEqual(["hibou-01JF3K", "hibou-01JF3K"]);
  });

  it("without any secret, fails for good and sends nothing", async () => {
    server = await startLocalServer(reply(200));
    const error = await createWebhookNotifier({ http: LOOPBACK_HTTP })
      .deliver(aHibou(), { type: "webhook", url: server.url }, {})
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ retryable: false });
    expect(server.requests).toHaveLength(0);
  });
});
