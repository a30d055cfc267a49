import { Hono } from "hono";
import { ApiError } from "../errors.js";
import { errorTexts } from "../texts/errors.js";
import { requireForum } from "./access.js";
import { mountAdmin } from "./admin/index.js";
import { refuseTokenInUrl, requireAdmin, requireAuth } from "./auth.js";
import { duelPageRoutes } from "./club/duel-routes.js";
import { clubRoutes } from "./club/routes.js";
import type { AppDeps } from "./deps.js";
import { jsonBody } from "./json-body.js";
import type { AuthEnv } from "./principal.js";
import { credentialRoutes } from "./routes/credentials.js";
import { duelRoutes } from "./routes/duels.js";
import { forumactifAdminRoutes, forumactifSnippetRoute } from "./routes/forumactif-admin.js";
import { forumRoutes } from "./routes/forums.js";
import { statusRoutes } from "./routes/status.js";
import { clockBodySchema } from "./schemas.js";
import { mountFallbacks, mountPublicRoutes } from "./webhook-app.js";
import { parseForumId, parseUserId } from "./webhook-schemas.js";

export { MAX_BODY_BYTES } from "./webhook-app.js";

/** Everything behind a token or a desk session, each route within the forums its caller may reach. */
function apiRoutes(deps: AppDeps): Hono<AuthEnv> {
  const api = new Hono<AuthEnv>();
  const auth = requireAuth(deps);
  const noTokenInUrl = refuseTokenInUrl();
  for (const path of ["/forums/*", "/duels/*", "/duels", "/duelists/*", "/status"]) {
    api.use(path, noTokenInUrl, auth);
  }
  // Whatever a forum's path holds (settings, credentials, reads), only its people reach it.
  for (const path of ["/forums/:forumId", "/forums/:forumId/*", "/duelists/:forumId/*"]) {
    api.use(path, async (c, next) => {
      requireForum(c.get("principal"), c.req.param("forumId") ?? "");
      await next();
    });
  }
  api.route("/forums", forumRoutes(deps));
  api.route("/forums", credentialRoutes(deps));
  if (deps.forumactif) api.route("/forums", forumactifAdminRoutes(deps, deps.forumactif));
  api.route("/duels", duelRoutes(deps));
  api.route("/status", statusRoutes(deps));

  api.get("/duelists/:forumId/:userId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const userId = parseUserId(c.req.param("userId"));
    const record = await deps.store.getDuelist(forumId, userId);
    if (!record) throw new ApiError(404, "duelist_not_found", errorTexts.duelist_not_found);
    const now = deps.clock.now().toISOString();
    const bannedUntil = record.bannedUntil && record.bannedUntil > now ? record.bannedUntil : null;
    return c.json({ id: record.userId, forumId: record.forumId, bannedUntil, duels: record.duels });
  });
  return api;
}

/**
 * The whole HTTP API as one Hono app, the same behind API Gateway and on the local server.
 * Webhooks authenticate by signature; everything else but `/healthz` and the API docs needs a
 * token or a desk session, and acts within the forums its role allows (CONTRACT.md 3.1).
 * In AWS, API Gateway sends `/webhooks/*` to the webhook function (`createWebhookApp`, the same
 * routes) and everything else to the HTTP function, which runs this app.
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  mountPublicRoutes(app, deps);
  // The snippet a Forumactif admin pastes: public, it holds no secret (CONTRACT.md 4.4).
  app.route("/forumactif", forumactifSnippetRoute(deps.publicUrl));
  // The club's records are public (CONTRACT.md 8): before the API's `/forums/*`, which needs a token.
  // The duel in the board (CONTRACT.md 9): public when the club is, like the club's records; its
  // assets (`/club/duel.css`, `/club/tour-page.js`) before the club's `/club/{forumId}`.
  app.route("/", duelPageRoutes(deps));
  app.route("/", clubRoutes(deps));
  app.route("/", apiRoutes(deps));
  mountAdmin(app, deps); // /admin pages (own auth: desk session + CSRF), public /openapi.json and /docs

  const local = deps.local;
  if (local) {
    // The local clock moves every duel's deadlines: the operator's, like every other route (CONTRACT.md 7).
    app.use("/_local/*", refuseTokenInUrl(), requireAdmin(deps.adminTokenHash));
    app.get("/_local/clock", (c) => c.json({ now: deps.clock.now().toISOString(), manual: local.manual }));
    app.post("/_local/clock", async (c) => {
      if (!local.manual) throw new ApiError(409, "clock_not_manual", errorTexts.clock_not_manual);
      const move = await jsonBody(c, clockBodySchema);
      return c.json(await local.moveClock(move));
    });
  }

  mountFallbacks(app, deps.log);
  return app;
}
