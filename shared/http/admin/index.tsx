import { Hono } from "hono";
import type { AppDeps } from "../deps.js";
import { DocsPage } from "./docs-page.js";
import { renderPage } from "./layout.js";
import { openApiDocument } from "./openapi.js";
import { adminRoutes } from "./routes.js";
import { pageSecurityHeaders } from "./security.js";

/**
 * `/openapi.json` and `/docs` are public on purpose: they describe the shapes CONTRACT.md already
 * publishes, hold no duel data and no secret, and every operation they list still needs its token
 * or signature. Tools (client generators, linters) can then fetch the document without the token.
 */
function apiDocsRoutes() {
  const app = new Hono();
  app.get("/openapi.json", (c) => c.json(openApiDocument()));
  app.get("/docs", pageSecurityHeaders(), (c) => renderPage(c, <DocsPage doc={openApiDocument()} />));
  return app;
}

/** Mounts the referee's pages and the API docs on the app (called once from createApp). */
export function mountAdmin(app: Hono, deps: AppDeps): void {
  app.route("/admin", adminRoutes(deps));
  app.route("/", apiDocsRoutes());
}
