import { Hono } from "hono/tiny";
import { duelIdOf } from "../../app/incoming-post.js";
import { pingTopic } from "../../app/topic-ping.js";
import { ApiError } from "../../errors.js";
import type { PollStore } from "../../ports/poll-store.js";
import { errorTexts } from "../../texts/errors.js";
import { addressKey } from "../admin/login-throttle.js";
import type { WebhookDeps } from "../deps.js";
import { parseJsonText } from "../json-body.js";
import { PingLimiter } from "../ping-limiter.js";
import { parseForumId } from "../webhook-schemas.js";

/**
 * `POST /webhooks/{forumId}/forumactif/ping` (CONTRACT.md 4.4): a board's page says a topic may
 * have changed. It carries no content and no authority (no secret: it comes from readers'
 * browsers), so all it does is bring the topic's next read forward, once a minute at most: a
 * forged ping costs one read. Any content type is taken (a browser's `sendBeacon` sends text/plain).
 * Every accepted ping answers the same, watched topic or not (`PingLimiter` says why).
 */
export function forumactifPingRoutes(
  deps: WebhookDeps,
  polls: PollStore,
  limiter: PingLimiter = new PingLimiter(),
) {
  const app = new Hono();
  app.post("/:forumId/forumactif/ping", async (c) => {
    const forumId = parseForumId(c.req.param("forumId") ?? "");
    const body = parseJsonText(await c.req.text());
    const topicId =
      typeof body === "object" && body !== null ? (body as Record<string, unknown>).topicId : undefined;
    const topic = typeof topicId === "number" ? String(topicId) : topicId;
    if (typeof topic !== "string" || !/^\d{1,12}$/.test(topic))
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.topicId, [
        { path: "topicId", message: errorTexts.invalid_body.topicIdDetail },
      ]);
    const caller = addressKey(c);
    const wait = limiter.wait(forumId, topic, caller);
    if (wait > 0) {
      c.header("Retry-After", String(Math.ceil(wait / 1000)));
      throw new ApiError(429, "too_many_pings", errorTexts.too_many_pings);
    }
    limiter.charge(caller);
    const key = duelIdOf(forumId, topic);
    // Scheduled or not, the answer is the same: which topics are watched is not a stranger's to know.
    const outcome = await pingTopic({ store: deps.store, polls, clock: deps.clock }, forumId, key);
    // Only a forum that reads a board is remembered: made-up forum ids cost their caller alone.
    if (outcome !== "no-board") limiter.pinged(forumId, topic);
    return c.json({ result: "accepted" }, 202);
  });
  return app;
}
