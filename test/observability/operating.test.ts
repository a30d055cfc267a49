import { randomUUID } from "node:crypto";
import { handle, type LambdaEvent } from "hono/aws-lambda";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { observedHttpHandler } from "../../shared/aws/http-handler.js";
import { functionObservability } from "../../shared/aws/observability.js";
import { genericPayload, openDuel, rng, type ThreadPost, threadPosts } from "../reliability/support.js";
import { memoryHarness } from "../support/harness.js";
import { GENERIC_SECRET } from "../support/requests.js";
import { captureOutput, isEmf, lines, total } from "./emf.js";

captureOutput();

type APIGatewayProxyEventV2 = Extract<LambdaEvent, { routeKey: string; rawPath: string }>;

/** API Gateway's (HTTP API, payload 2.0) event of a signed generic delivery. */
function apiGatewayEvent(post: ThreadPost, deliveryId: string, requestId: string): APIGatewayProxyEventV2 {
  const body = JSON.stringify(genericPayload(post));
  const when = new Date();
  const path = "/webhooks/poudlard/generic";
  return {
    version: "2.0",
    routeKey: "POST /webhooks/{proxy+}",
    rawPath: path,
    rawQueryString: "",
    headers: {
      host: "api.example.com",
      "content-type": "application/json",
      "webhook-id": deliveryId,
      "webhook-timestamp": String(Math.floor(when.getTime() / 1000)),
      "webhook-signature": new Webhook(GENERIC_SECRET).sign(deliveryId, when, body),
    },
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.example.com",
      domainPrefix: "api",
      http: { method: "POST", path, protocol: "HTTP/1.1", sourceIp: "203.0.113.9", userAgent: "forum" },
      requestId,
      routeKey: "POST /webhooks/{proxy+}",
      stage: "$default",
      time: when.toUTCString(),
      timeEpoch: when.getTime(),
      authentication: null,
      authorizer: {},
    },
    body,
    isBase64Encoded: false,
  };
}

const ENVIRONMENT = { POWERTOOLS_SERVICE_NAME: "duel-referee-webhook", LOG_LEVEL: "INFO" };

describe("operating it: logs and EMF metrics of a played duel", () => {
  it("every request line carries its request id, delivery id and forum; the deliveries, turns and hiboux are counted", async () => {
    const observability = functionObservability("webhook", ENVIRONMENT);
    const h = await memoryHarness({ log: observability.log, observability });
    await h.forum();
    await openDuel(h, "9001", { dice: "forum" });
    const handler = observedHttpHandler(handle(h.app), observability);
    const posts = threadPosts(rng(18), {
      threadId: "9001",
      firstPostId: 90_000,
      count: 4,
      start: "2026-11-30T10:00:00.000Z",
      gapMinutes: 30,
    });
    for (const [i, post] of posts.entries()) {
      const answer = await handler(apiGatewayEvent(post, `msg_${i}`, `req-${i}`));
      expect(answer.statusCode).toBe(200);
    }
    // The same delivery again: answered as a duplicate, counted as one, its turns not twice.
    const first = posts[0];
    if (!first) throw new Error("no post");
    expect((await handler(apiGatewayEvent(first, "msg_0", "req-again"))).statusCode).toBe(200);
    await h.settle();

    const requests = lines().filter((line) => line.message === "request");
    expect(requests).toHaveLength(5);
    for (const [i, line] of requests.slice(0, 4).entries()) {
      expect(line).toMatchObject({
        level: "INFO",
        service: "duel-referee-webhook",
        requestId: `req-${i}`,
        deliveryId: `msg_${i}`,
        forumId: "poudlard",
        sender: "generic",
        status: 200,
      });
    }

    expect(total("Deliveries", { Sender: "generic", Result: "applied" })).toBe(4);
    expect(total("Deliveries", { Sender: "generic", Result: "duplicate" })).toBe(1);
    expect(total("Deliveries", { Sender: "api", Result: "applied" })).toBe(1);
    expect(total("TurnsResolved")).toBe(4);
    // The hiboux of the duel, each delivered once, counted under the channel's type (`log`), not its index.
    expect(total("Effects", { Kind: "notify", Channel: "log", Result: "delivered" })).toBe(
      h.delivered.length,
    );
    expect(total("Effects", { Channel: "0" })).toBe(0);
    expect(h.delivered.length).toBeGreaterThan(0);
    const blob = lines().find(isEmf);
    expect(blob?._aws.CloudWatchMetrics[0]?.Namespace).toBe("DuelReferee");
    expect(blob?.service).toBe("duel-referee-webhook");
  });

  it("a hibou that fails for good is counted by channel and once more for its alarm", async () => {
    const observability = functionObservability("relay", {
      ...ENVIRONMENT,
      POWERTOOLS_SERVICE_NAME: "duel-referee-relay",
    });
    const h = await memoryHarness({
      log: observability.log,
      observability,
      notifier: {
        async deliver() {
          throw new (await import("../../shared/errors.js")).DeliveryError("refusé", false);
        },
      },
    });
    await h.forum();
    await openDuel(h, `t-${randomUUID()}`);
    await h.settle();
    expect(total("HibouxFailedForGood")).toBeGreaterThan(0);
    expect(total("Effects", { Kind: "notify", Channel: "log", Result: "failed" })).toBe(
      total("HibouxFailedForGood"),
    );
    const failed = lines().find((line) => line.message === "effect failed");
    expect(failed).toMatchObject({ level: "ERROR", giveUp: true, service: "duel-referee-relay" });
  });

  it("a duelist who lets the deadlines pass: absences and their sanctions are counted, as timer decisions", async () => {
    const observability = functionObservability("timer", {
      ...ENVIRONMENT,
      POWERTOOLS_SERVICE_NAME: "duel-referee-timer",
    });
    const h = await memoryHarness({ log: observability.log, observability });
    await h.forum();
    await openDuel(h, "9200");
    // Nobody posts: each reply window (72 h) ends in an absence, until the duel is decided.
    for (let day = 0; day < 30; day++) {
      h.clock.advance("P1D");
      await h.settle();
    }
    const absences = total("Faults", { Kind: "absence" });
    expect(absences).toBeGreaterThan(0);
    expect(total("Sanctions", { Kind: "absence" })).toBe(absences);
    expect(total("Deliveries", { Sender: "timer", Result: "applied" })).toBeGreaterThanOrEqual(absences);
  });
});
