import { type Context, Hono } from "hono";
import "../../validation/french-messages.js";
import { ApiError } from "../../errors.js";
import { credentialTexts as t } from "../../texts/desk-credentials.js";
import { errorTexts } from "../../texts/errors.js";
import { requireForumAdmin } from "../access.js";
import { issueCredential, listForumCredentials, revokeCredential } from "../credential-actions.js";
import type { AppDeps } from "../deps.js";
import { credentialBodySchema } from "../schemas.js";
import { forumIdSchema } from "../webhook-schemas.js";
import { CredentialPage } from "./credential-page.js";
import { csrfToken } from "./csrf.js";
import { type Flash, renderPage } from "./layout.js";
import { type Revealed, revealOnce, revealSession, takeRevealed } from "./reveal.js";
import type { AdminEnv } from "./session.js";

type Ctx = Context<AdminEnv>;
const csrfOf = (c: Ctx) => csrfToken(c.get("tokenHash"), c.get("sessionId"));
const pathOf = (forumId: string) => `/admin/forums/${forumId}/credentials`;

/** The form's fields as `POST /forums/{id}/credentials` takes them; an empty referee is none. */
function bodyOf(form: Record<string, unknown>) {
  const field = (name: string) => (typeof form[name] === "string" ? String(form[name]) : "");
  const refereeId = field("refereeId").trim();
  return {
    values: { name: field("name"), role: field("role"), refereeId },
    body: { name: field("name"), role: field("role"), ...(refereeId ? { refereeId } : {}) },
  };
}

/**
 * The desk's "Personnes et jetons" (CONTRACT.md 3.1): the API's credentials routes as forms, with
 * the same functions (credential-actions.ts) and so the same checks and French refusals. Mounted
 * behind the desk's login and CSRF checks (routes.tsx).
 */
export function credentialDeskRoutes(deps: AppDeps) {
  const app = new Hono<AdminEnv>();

  const page = async (
    c: Ctx,
    forumId: string,
    extra: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      revealed?: Revealed | null;
      flash?: Flash | null;
      status?: 200 | 400;
    } = {},
  ) => {
    const principal = c.get("principal");
    const credentials = await listForumCredentials(deps, principal, forumId);
    return renderPage(
      c,
      <CredentialPage
        forumId={forumId}
        forum={await deps.store.getForum(forumId)}
        credentials={credentials}
        mayIssueAdmins={principal.role === "operator"}
        csrf={csrfOf(c)}
        values={extra.values ?? {}}
        errors={extra.errors ?? {}}
        revealed={extra.revealed ?? null}
        flash={extra.flash ?? null}
      />,
      extra.status ?? 200,
    );
  };

  const forumIdOf = (c: Ctx): string => {
    const parsed = forumIdSchema.safeParse(c.req.param("forumId") ?? "");
    if (!parsed.success) throw new ApiError(404, "forum_not_found", errorTexts.forum_not_found);
    return parsed.data;
  };

  app.get("/forums/:forumId/credentials", async (c) => {
    const forumId = forumIdOf(c);
    // Who may not see the page does not use up the token it would show.
    requireForumAdmin(c.get("principal"), forumId);
    return page(c, forumId, {
      revealed: await takeRevealed(c, deps, pathOf(forumId)),
      flash: c.req.query("fait") === "revoked" ? { kind: "ok", text: t.revoked } : null,
    });
  });

  app.post("/forums/:forumId/credentials", async (c) => {
    const forumId = forumIdOf(c);
    const session = revealSession(c);
    const { values, body } = bodyOf(await c.req.parseBody());
    const refused = (errors: Record<string, string>) =>
      page(c, forumId, { values, errors, flash: { kind: "error", text: t.refused }, status: 400 });
    const parsed = credentialBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "form");
        errors[field] ??= field === "name" ? t.badName : field === "role" ? t.badRole : issue.message;
      }
      return refused(errors);
    }
    try {
      const { credential, token } = await issueCredential(deps, c.get("principal"), forumId, parsed.data);
      // Shown on the GET it redirects to, never on this answer: a reload must not issue another.
      return revealOnce(c, deps, session, pathOf(forumId), { label: credential.name, secret: token });
    } catch (error) {
      // A referee the forum does not declare is said next to its field; a refusal of role or
      // forum (403, 404) is the desk's error page, as the API's answer would be.
      if (error instanceof ApiError && error.code === "unknown_referee")
        return refused({ refereeId: error.message });
      throw error;
    }
  });

  app.post("/forums/:forumId/credentials/:credentialId/revoke", async (c) => {
    const forumId = forumIdOf(c);
    const principal = c.get("principal");
    const revoked = await revokeCredential(deps, principal, forumId, c.req.param("credentialId"));
    // Whoever gave up their own credential has no session left: back to the login form.
    if (principal.role !== "operator" && principal.credentialId === revoked.id)
      return c.redirect("/admin/login", 303);
    return c.redirect(`${pathOf(forumId)}?fait=revoked`, 303);
  });

  return app;
}
