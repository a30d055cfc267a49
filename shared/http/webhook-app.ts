// Hono's smallest preset (its pattern router): a handful of routes; the full app keeps the default.

import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Hono } from "hono/tiny";
import { errorTexts } from "../texts/errors.js";
import type { WebhookDeps } from "./deps.js";
import { errorBody, onError } from "./errors.js";
import { forumactifPingRoutes } from "./routes/forumactif-ping.js";
import { webhookRoutes } from "./routes/webhooks.js";

/** Bodies over this are refused with 413 before they are read (CONTRACT.md section 2). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The answer to a body over {@link MAX_BODY_BYTES}, also given by the local server in front of the app. */
export const PAYLOAD_TOO_LARGE = errorBody("payload_too_large", errorTexts.payload_too_large);

/**
 * What every HTTP app starts with: the body limit, the public `/healthz` and the two webhook
 * receivers, which authenticate by signature (CONTRACT.md 4.1, 4.2).
 */
export function mountPublicRoutes(app: Hono, deps: WebhookDeps): void {
  app.use("*", limitBodies(MAX_BODY_BYTES));
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.route("/webhooks", webhookRoutes(deps));
  if (deps.forumactifPolls) app.route("/webhooks", forumactifPingRoutes(deps, deps.forumactifPolls));
}

/**
 * Hono's body limit, without its cost on a body whose length is declared. Hono's middleware asks
 * for the request's body stream first, which makes `@hono/node-server` build a whole web `Request`
 * and read the body through web streams; a declared length is judged from the header alone, as
 * Hono's middleware judges it, and the body is then read once, straight from the socket. A body
 * without a declared length (chunked) is counted as it arrives by Hono's middleware.
 */
function limitBodies(maxSize: number): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError: (c) => c.json(PAYLOAD_TOO_LARGE, 413) });
  return (c, next) => {
    const { method, headers } = c.req.raw;
    const declared = headers.get("content-length");
    if (method === "GET" || method === "HEAD" || declared === null || headers.has("transfer-encoding")) {
      return counted(c, next);
    }
    return Number.parseInt(declared, 10) > maxSize ? Promise.resolve(c.json(PAYLOAD_TOO_LARGE, 413)) : next();
  };
}

/** What every HTTP app ends with: unknown routes and errors answered the same way. */
export function mountFallbacks(app: Hono, log: WebhookDeps["log"]): void {
  app.notFound((c) => c.json(errorBody("not_found", errorTexts.not_found), 404));
  app.onError(onError(log));
}

/**
 * The webhook receivers alone, with `/healthz`: the webhook function's app. The same routes, body
 * limit and error answers as in `createApp` (shared/http/app.ts), without the admin pages, the
 * admin API or the OpenAPI document, so a forum's delivery never loads them.
 */
export function createWebhookApp(deps: WebhookDeps): Hono {
  const app = new Hono();
  mountPublicRoutes(app, deps);
  mountFallbacks(app, deps.log);
  return app;
}
