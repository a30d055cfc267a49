import { Hono } from "hono";
import { requireForumAdmin } from "../access.js";
import { issueCredential, listForumCredentials, revokeCredential } from "../credential-actions.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../json-body.js";
import type { AuthEnv } from "../principal.js";
import { credentialBodySchema } from "../schemas.js";
import { parseForumId } from "../webhook-schemas.js";

/**
 * A forum's credentials: issued by the operator or the forum's admin (a forum admin issues
 * referees; forum admins are the operator's to issue), shown once, stored hashed, revoked at once.
 * The rules live in credential-actions.ts, shared with the desk.
 */
export function credentialRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>();

  app.post("/:forumId/credentials", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const principal = c.get("principal");
    // The role is checked before the body, as before: a referee learns nothing from a bad body.
    requireForumAdmin(principal, forumId);
    const body = await jsonBody(c, credentialBodySchema);
    const { credential, token } = await issueCredential(deps, principal, forumId, body);
    return c.json({ id: credential.id, forumId, role: credential.role, name: credential.name, token }, 201);
  });

  // Who holds a credential for the forum, never the token nor its hash.
  app.get("/:forumId/credentials", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const credentials = await listForumCredentials(deps, c.get("principal"), forumId);
    return c.json({
      forumId,
      credentials: credentials.map((k) => ({
        id: k.id,
        role: k.role,
        name: k.name,
        ...(k.refereeId ? { refereeId: k.refereeId } : {}),
        createdAt: k.createdAt,
      })),
    });
  });

  app.delete("/:forumId/credentials/:credentialId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    await revokeCredential(deps, c.get("principal"), forumId, c.req.param("credentialId"));
    return c.body(null, 204);
  });

  return app;
}
