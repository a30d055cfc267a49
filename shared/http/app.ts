import { Hono } from "hono";
import { mountAdmin } from "./admin/index.js";
import { requireAdmin } from "./auth.js";
import type { AppDeps } from "./deps.js";
import { ApiError } from "./errors.js";
import { jsonBody } from "./json-body.js";
import { duelRoutes } from "./routes/duels.js";
import { forumactifAdminRoutes, forumactifSnippetRoute } from "./routes/forumactif-admin.js";
import { forumRoutes } from "./routes/forums.js";
import { statusRoutes } from "./routes/status.js";
import { clockBodySchema } from "./schemas.js";
import { mountFallbacks, mountPublicRoutes } from "./webhook-app.js";

export { MAX_BODY_BYTES } from "./webhook-app.js";

/**
 * The whole HTTP API as one Hono app, the same behind API Gateway and on the local server.
 * Webhooks authenticate by signature; everything else but `/healthz` needs the admin token.
 * In AWS, API Gateway sends `/webhooks/*` to the webhook function (`createWebhookApp`, the same
 * routes) and everything else to the HTTP function, which runs this app.
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const admin = requireAdmin(deps.adminTokenHash);

  mountPublicRoutes(app, deps);

  app.use("/forums/*", admin);
  app.use("/duels/*", admin);
  app.use("/duels", admin);
  app.use("/duelists/*", admin);
  app.use("/status", admin);
  app.route("/forums", forumRoutes(deps));
  if (deps.forumactif) app.route("/forums", forumactifAdminRoutes(deps, deps.forumactif));
  app.route("/forumactif", forumactifSnippetRoute());
  app.route("/duels", duelRoutes(deps));
  app.route("/status", statusRoutes(deps));
  mountAdmin(app, deps); // /admin pages (own auth: login cookie + CSRF), public /openapi.json and /docs

  app.get("/duelists/:forumId/:userId", async (c) => {
    const { forumId, userId } = c.req.param();
    const record = await deps.store.getDuelist(forumId, userId);
    if (!record) throw new ApiError(404, "duelist_not_found", "Aucun duel connu pour ce duelliste.");
    const now = deps.clock.now().toISOString();
    const bannedUntil = record.bannedUntil && record.bannedUntil > now ? record.bannedUntil : null;
    return c.json({ id: record.userId, forumId: record.forumId, bannedUntil, duels: record.duels });
  });

  const local = deps.local;
  if (local) {
    app.get("/_local/clock", (c) => c.json({ now: deps.clock.now().toISOString(), manual: local.manual }));
    app.post("/_local/clock", async (c) => {
      if (!local.manual)
        throw new ApiError(
          409,
          "clock_not_manual",
          "Horloge système : démarrez avec CLOCK=manual pour la déplacer.",
        );
      const move = await jsonBody(c, clockBodySchema);
      return c.json(await local.moveClock(move));
    });
  }

  mountFallbacks(app, deps.log);
  return app;
}
