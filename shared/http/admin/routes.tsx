import { type Context, Hono } from "hono";
import { liftBan } from "../../app/ban-lift.js";
import { runRefereeCommand } from "../../app/referee-command.js";
import type { ErrorStatus } from "../../errors.js";
import { commandTexts, formTexts, ui } from "../../texts/desk.js";
import { registerTexts } from "../../texts/desk-register.js";
import { requireForum, requireForumAdmin } from "../access.js";
import { refuseTokenInUrl } from "../auth.js";
import { rulesPath } from "../club/rules-path.js";
import type { AppDeps } from "../deps.js";
import { abortedByClient, errorAnswer } from "../errors.js";
import { decidedBy } from "../principal.js";
import { isDuelId, parseDuelId, parseForumId, parseUserId } from "../webhook-schemas.js";
import { parseCommandForm } from "./command-form.js";
import { credentialDeskRoutes } from "./credential-routes.js";
import { csrfProtection, csrfToken } from "./csrf.js";
import { DashboardPage, loadDashboard } from "./dashboard.js";
import { DuelPage, loadDuelPage } from "./duel-page.js";
import { forumSettingsRoutes } from "./forum-routes.js";
import { type Flash, renderPage } from "./layout.js";
import { mountLogin } from "./login.js";
import { ErrorPage } from "./pages.js";
import { REFRESH_JS } from "./refresh.js";
import { registerDuelRoutes } from "./register-routes.js";
import { pageSecurityHeaders } from "./security.js";
import { type AdminEnv, requireLoginPage, session, withTokenHash } from "./session.js";
import { STYLE_CSS } from "./style.js";

type Ctx = Context<AdminEnv>;
const csrfOf = (c: Ctx) => csrfToken(c.get("tokenHash"), c.get("sessionId"));
const duelPath = (duelId: string) => `/admin/duels/${encodeURIComponent(duelId)}`;

/** The message a redirect's `?fait=` names: only known values, never text from the URL. */
function flashOf(done: string | undefined): Flash | null {
  if (done === "duplicate") return { kind: "ok", text: formTexts.duplicate };
  if (done === "ban-lifted") return { kind: "ok", text: ui.dashboard.banLifted };
  if (done === "registered") return { kind: "ok", text: registerTexts.done };
  const command = Object.entries(commandTexts).find(([name]) => name === done)?.[1];
  return command ? { kind: "ok", text: command.done } : null;
}

/** The referee's pages under `/admin` (CONTRACT.md section 6), French, server-rendered. */
export function adminRoutes(deps: AppDeps) {
  const app = new Hono<AdminEnv>();
  app.use("*", pageSecurityHeaders());
  app.get("/style.css", (c) =>
    c.body(STYLE_CSS, 200, {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );
  app.get("/refresh.js", (c) =>
    c.body(REFRESH_JS, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );
  app.use("*", refuseTokenInUrl(), withTokenHash(deps), session());
  app.use(
    "*",
    csrfProtection((c, why) =>
      renderPage(
        c,
        <ErrorPage message={why === "origin" ? ui.errors.crossOrigin : ui.errors.forbidden} />,
        403,
      ),
    ),
  );

  mountLogin(app, deps, csrfOf);

  app.use(
    "*",
    requireLoginPage(deps, (c) => renderPage(c, <ErrorPage message={ui.errors.unauthorized} />, 401)),
  );

  app.get("/", async (c) =>
    renderPage(
      c,
      <DashboardPage
        data={await loadDashboard(deps, c.get("principal"))}
        csrf={csrfOf(c)}
        flash={flashOf(c.req.query("fait"))}
      />,
    ),
  );
  app.route("/", registerDuelRoutes(deps));
  app.route("/", forumSettingsRoutes(deps));
  app.route("/", credentialDeskRoutes(deps));
  // The rules moved to the public French page; an old bookmark lands there (its fragment kept).
  app.get("/rules", (c) => c.redirect(rulesPath(), 301));

  const showDuel = async (c: Ctx, duelId: string, flash: Flash | null, status: 200 | ErrorStatus = 200) => {
    // An id no duel can have is not looked up (a key over DynamoDB's limit would fail the read).
    const data = isDuelId(duelId) ? await loadDuelPage(deps, c.get("principal"), duelId) : null;
    if (!data) return renderPage(c, <ErrorPage message={ui.errors.notFound} csrf={csrfOf(c)} />, 404);
    const publicOrigin = deps.publicUrl ? new URL(deps.publicUrl).origin : new URL(c.req.url).origin;
    return renderPage(
      c,
      <DuelPage data={data} csrf={csrfOf(c)} flash={flash} publicOrigin={publicOrigin} />,
      status,
    );
  };
  app.get("/duels/:duelId", (c) => showDuel(c, c.req.param("duelId"), flashOf(c.req.query("fait"))));

  // The form's twin of `POST /duels/{id}/commands`: same schema, same function, then back to the page.
  app.post("/duels/:duelId/commands", async (c) => {
    const duelId = c.req.param("duelId");
    const form = await c.req.parseBody();
    const parsed = parseCommandForm(form);
    if (!parsed.ok)
      return showDuel(c, duelId, { kind: "error", text: ui.errors.refused(parsed.message) }, 400);
    const key = typeof form.idempotencyKey === "string" ? form.idempotencyKey : undefined;
    try {
      const principal = c.get("principal");
      const done = await runRefereeCommand(deps, {
        duelId: parseDuelId(duelId),
        body: parsed.body,
        who: decidedBy(principal),
        authorize: (forumId) => requireForum(principal, forumId),
        idempotencyKey: key,
      });
      const flash = done.result === "duplicate" ? "duplicate" : parsed.body.command;
      return c.redirect(`${duelPath(duelId)}?fait=${flash}`, 303);
    } catch (error) {
      // The API's mapping: a refusal is shown on the duel's page with the API's status; another
      // forum's duel (403) gets the 403 page, and a 5xx the desk's error page (`onError` below).
      const answer = error instanceof Error ? errorAnswer(error) : undefined;
      if (!answer || answer.status >= 500 || answer.status === 403) throw error;
      return showDuel(c, duelId, { kind: "error", text: ui.errors.refused(answer.message) }, answer.status);
    }
  });

  // The form's twin of `DELETE /forums/{forumId}/bans/{duelistId}`: a forum admin or the operator.
  app.post("/forums/:forumId/bans/:duelistId/lift", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const duelistId = parseUserId(c.req.param("duelistId"));
    const principal = c.get("principal");
    requireForumAdmin(principal, forumId);
    const form = await c.req.parseBody();
    const reason = typeof form.reason === "string" ? form.reason.trim().slice(0, 2000) : "";
    if (!reason) {
      const data = await loadDashboard(deps, principal);
      const flash = { kind: "error" as const, text: ui.errors.refused(ui.errors.reasonRequired) };
      return renderPage(c, <DashboardPage data={data} csrf={csrfOf(c)} flash={flash} />, 400);
    }
    await liftBan(deps, { forumId, duelistId, reason, who: decidedBy(principal) });
    return c.redirect("/admin?fait=ban-lifted", 303);
  });

  app.onError((error, c) => {
    // The API's mapping; a 503 (storage down, a duel too busy to write) keeps the desk's own words.
    const answer = errorAnswer(error);
    if (answer && answer.status < 500)
      return renderPage(c, <ErrorPage message={answer.message} />, answer.status);
    if (answer) return renderPage(c, <ErrorPage message={ui.errors.storage} />, 503);
    if (abortedByClient(error, c)) {
      deps.log({
        level: "info",
        msg: "request aborted by its client",
        method: c.req.method,
        path: c.req.path,
      });
      return c.body(null, 400);
    }
    deps.log({ level: "error", msg: "admin page error", error: error.message, stack: error.stack });
    return renderPage(c, <ErrorPage message={ui.errors.internal} />, 500);
  });
  return app;
}
