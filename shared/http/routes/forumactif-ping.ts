import { Hono } from "hono/tiny";
import { duelIdOf } from "../../app/incoming-post.js";
import { ApiError } from "../../errors.js";
import { pingTopic } from "../../forumactif/ping.js";
import type { PollStore } from "../../ports/poll-store.js";
import { errorTexts } from "../../texts/errors.js";
import type { WebhookDeps } from "../deps.js";
import { parseJsonText } from "../json-body.js";
import { parseForumId } from "../webhook-schemas.js";

/** Least time between two pings of one topic that are acted on, per process. */
const PING_EVERY_MS = 10_000;
/** Topics remembered by the limiter at most, so a flood of made-up ids cannot fill the memory. */
const MAX_REMEMBERED = 5000;

/**
 * `POST /webhooks/{forumId}/forumactif/ping` (CONTRACT.md 4.4): a board's page says a topic may
 * have changed. It carries no content and no authority (no secret: it comes from readers'
 * browsers), so all it does is bring the topic's next read forward, once a minute at most: a
 * forged ping costs one read. Any content type is taken (a browser's `sendBeacon` sends text/plain).
 */
export function forumactifPingRoutes(deps: WebhookDeps, polls: PollStore, now: () => number = Date.now) {
  const app = new Hono();
  const recent = new Map<string, number>();
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
    const key = duelIdOf(forumId, topic);
    const last = recent.get(key);
    if (last !== undefined && now() - last < PING_EVERY_MS) {
      c.header("Retry-After", String(Math.ceil(PING_EVERY_MS / 1000)));
      throw new ApiError(429, "too_many_pings", errorTexts.too_many_pings);
    }
    if (recent.size >= MAX_REMEMBERED) recent.clear();
    recent.set(key, now());
    const watched = await pingTopic({ store: deps.store, polls, clock: deps.clock }, forumId, key);
    return c.json({ result: watched ? "scheduled" : "ignored" }, watched ? 202 : 200);
  });
  return app;
}
