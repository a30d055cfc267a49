import { Hono } from "hono";
import * as z from "zod";
import { requireForumAdmin, requireOperator } from "../access.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors.js";
import { jsonBody } from "../json-body.js";
import type { AuthEnv } from "../principal.js";
import { hashToken, newCredentialToken } from "../tokens.js";
import { parseForumId } from "../webhook-schemas.js";

/** `POST /forums/{forumId}/credentials` (CONTRACT.md 3.1). */
export const credentialBodySchema = z.object({
  role: z.enum(["forum-admin", "referee"]),
  name: z.string().trim().min(1).max(200),
  refereeId: z.string().min(1).max(128).optional(),
});

const CREDENTIAL_ID = /^[A-Za-z0-9_-]{16}$/;

/**
 * A forum's credentials: issued by the operator or the forum's admin (a forum admin issues
 * referees; forum admins are the operator's to issue), shown once, stored hashed, revoked at once.
 */
export function credentialRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>();

  app.post("/:forumId/credentials", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const principal = c.get("principal");
    requireForumAdmin(principal, forumId);
    const body = await jsonBody(c, credentialBodySchema);
    if (body.role === "forum-admin") requireOperator(principal);
    const forum = await deps.store.getForum(forumId);
    if (!forum) throw new ApiError(404, "forum_not_found", "Forum inconnu.");
    if (body.refereeId !== undefined && !forum.referees.some((r) => r.id === body.refereeId)) {
      throw new ApiError(
        400,
        "unknown_referee",
        "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
      );
    }
    const { id, token } = newCredentialToken();
    await deps.access.putCredential({
      id,
      forumId,
      role: body.role,
      name: body.name,
      ...(body.refereeId ? { refereeId: body.refereeId } : {}),
      tokenHash: hashToken(token),
      createdAt: deps.clock.now().toISOString(),
    });
    deps.log({ level: "info", msg: "credential issued", forumId, credentialId: id, role: body.role });
    return c.json({ id, forumId, role: body.role, name: body.name, token }, 201);
  });

  // Who holds a credential for the forum, never the token nor its hash.
  app.get("/:forumId/credentials", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    requireForumAdmin(c.get("principal"), forumId);
    const credentials = await deps.access.listCredentials(forumId);
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
    const principal = c.get("principal");
    requireForumAdmin(principal, forumId);
    const credentialId = c.req.param("credentialId");
    const credential = CREDENTIAL_ID.test(credentialId)
      ? await deps.access.getCredential(credentialId)
      : null;
    // Another forum's credential is not found here: its existence is not this forum's business.
    if (!credential || credential.forumId !== forumId)
      throw new ApiError(404, "credential_not_found", "Identifiant inconnu pour ce forum.");
    // Forum admins are the operator's to revoke, but one may give up their own.
    if (
      credential.role === "forum-admin" &&
      principal.role !== "operator" &&
      principal.credentialId !== credential.id
    )
      requireOperator(principal);
    await deps.access.deleteCredential(credential.id);
    deps.log({ level: "info", msg: "credential revoked", forumId, credentialId: credential.id });
    return c.body(null, 204);
  });

  return app;
}
