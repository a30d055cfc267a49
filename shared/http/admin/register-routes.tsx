import { type Context, Hono } from "hono";
import { registerDuel } from "../../app/register-duel.js";
import { DomainError } from "../../errors.js";
import { registerTexts as t } from "../../texts/desk-register.js";
import { errorTexts } from "../../texts/errors.js";
import { refusalShown } from "../../texts/refusals.js";
import { forumOf, requireForum, requireOwnReferee } from "../access.js";
import type { AppDeps } from "../deps.js";
import { decidedBy } from "../principal.js";
import { forumIdSchema } from "../webhook-schemas.js";
import { csrfToken } from "./csrf.js";
import { renderPage } from "./layout.js";
import { fieldOfRefusal, filledRows, formValues, parseRegisterForm } from "./register-form.js";
import { RegisterPage } from "./register-page.js";
import type { AdminEnv } from "./session.js";

type Ctx = Context<AdminEnv>;
const csrfOf = (c: Ctx) => csrfToken(c.get("tokenHash"), c.get("sessionId"));

/** The forum a form names, if it names a valid id of a forum that exists. */
async function forumNamed(deps: AppDeps, forumId: string) {
  // An id that is not one reads no forum: the schema says so next to the field.
  return forumIdSchema.safeParse(forumId).success ? deps.store.getForum(forumId) : null;
}

/**
 * The desk's twin of `POST /duels` (CONTRACT.md 6): the form's fields made into the API's body,
 * checked by the API's schema, registered by the same function; every refusal shown next to the
 * field it is about. Mounted behind the desk's login and CSRF checks (routes.tsx).
 */
export function registerDuelRoutes(deps: AppDeps) {
  const app = new Hono<AdminEnv>();
  app.get("/duels/new", async (c) => {
    const principal = c.get("principal");
    // A forum's people register in their forum; the operator names the forum.
    const forumId = c.req.query("forum") ?? forumOf(principal) ?? "";
    if (forumId !== "") requireForum(principal, forumId);
    const forum = await forumNamed(deps, forumId);
    // A referee's credential that names its referee registers their own duels: theirs by default.
    const own =
      principal.role === "referee" && forumId === principal.forumId ? principal.refereeId : undefined;
    const only = forum?.referees.length === 1 ? forum.referees[0]?.id : undefined;
    const refereeId = own ?? only;
    // A Forumactif board rolls its own dice (the forum's dice roller): the form starts there.
    const dice = forum?.source ? "forum" : "server";
    const values = { forumId, dice, ...(refereeId ? { refereeId } : {}) };
    return renderPage(c, <RegisterPage csrf={csrfOf(c)} values={values} errors={{}} forum={forum} />);
  });

  app.post("/duels/new", async (c) => {
    const form = await c.req.parseBody();
    const values = formValues(form);
    const principal = c.get("principal");
    requireForum(principal, values.forumId?.trim() ?? "");
    const forum = await forumNamed(deps, values.forumId?.trim() ?? "");
    const refused = (errors: Record<string, string>, status: 400 | 404 | 409) =>
      renderPage(
        c,
        <RegisterPage
          csrf={csrfOf(c)}
          values={values}
          errors={errors}
          forum={forum}
          flash={{ kind: "error", text: t.refused }}
        />,
        status,
      );
    const parsed = parseRegisterForm(form, forum);
    // A forum that does not exist is said at once, with the API's words: the referee's name, left
    // to be read from the forum, would otherwise be the only error shown.
    const forumId = values.forumId?.trim() ?? "";
    if (!forum && forumIdSchema.safeParse(forumId).success)
      return refused(
        { ...(parsed.ok ? {} : parsed.errors), forumId: errorTexts.forumNotFoundNamed(forumId) },
        404,
      );
    if (!parsed.ok) return refused(parsed.errors, 400);
    try {
      requireOwnReferee(principal, parsed.body.referee.id);
      const state = await registerDuel(deps, parsed.body, { who: decidedBy(principal) });
      return c.redirect(`/admin/duels/${encodeURIComponent(state.id)}?fait=registered`, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const where = fieldOfRefusal(error, parsed.body, filledRows(form));
      return refused({ [where]: refusalShown(error.code, error.message) }, error.status);
    }
  });
  return app;
}
