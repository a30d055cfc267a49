import type * as z from "zod";
import { ApiError } from "../errors.js";
import type { AccessStore, Credential } from "../ports/access-store.js";
import type { Clock } from "../ports/clock.js";
import type { ForumStore } from "../ports/forum-store.js";
import { errorTexts } from "../texts/errors.js";
import { requireForumAdmin, requireOperator } from "./access.js";
import type { Principal } from "./principal.js";
import type { credentialBodySchema } from "./schemas.js";
import { hashToken, newCredentialToken } from "./tokens.js";

/** What issuing and revoking need: the API and the desk give the same. */
export interface CredentialDeps {
  readonly store: Pick<ForumStore, "getForum">;
  readonly access: AccessStore;
  readonly clock: Clock;
  readonly log: (entry: Record<string, unknown>) => void;
}

export type CredentialBody = z.output<typeof credentialBodySchema>;

const CREDENTIAL_ID = /^[A-Za-z0-9_-]{16}$/;

/**
 * Issues a credential for the forum (CONTRACT.md 3.1), for the API and the desk alike: a forum
 * admin issues referees, forum admins are the operator's; the token is returned once, stored hashed.
 */
export async function issueCredential(
  deps: CredentialDeps,
  principal: Principal,
  forumId: string,
  body: CredentialBody,
): Promise<{ credential: Credential; token: string }> {
  requireForumAdmin(principal, forumId);
  if (body.role === "forum-admin") requireOperator(principal);
  const forum = await deps.store.getForum(forumId);
  if (!forum) throw new ApiError(404, "forum_not_found", errorTexts.forum_not_found);
  if (body.refereeId !== undefined && !forum.referees.some((r) => r.id === body.refereeId)) {
    throw new ApiError(400, "unknown_referee", errorTexts.unknown_referee);
  }
  const { id, token } = newCredentialToken();
  const credential: Credential = {
    id,
    forumId,
    role: body.role,
    name: body.name,
    ...(body.refereeId ? { refereeId: body.refereeId } : {}),
    tokenHash: hashToken(token),
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.access.putCredential(credential);
  deps.log({ level: "info", msg: "credential issued", forumId, credentialId: id, role: body.role });
  return { credential, token };
}

/** A forum's credentials, oldest first, for its admin or the operator. */
export async function listForumCredentials(
  deps: CredentialDeps,
  principal: Principal,
  forumId: string,
): Promise<Credential[]> {
  requireForumAdmin(principal, forumId);
  return deps.access.listCredentials(forumId);
}

/**
 * Revokes one of the forum's credentials at once: the sessions opened with it read it again on
 * their next request and find nothing. Forum admins are the operator's to revoke, but one may give
 * up their own.
 */
export async function revokeCredential(
  deps: CredentialDeps,
  principal: Principal,
  forumId: string,
  credentialId: string,
): Promise<Credential> {
  requireForumAdmin(principal, forumId);
  const credential = CREDENTIAL_ID.test(credentialId) ? await deps.access.getCredential(credentialId) : null;
  // Another forum's credential is not found here: its existence is not this forum's business.
  if (!credential || credential.forumId !== forumId)
    throw new ApiError(404, "credential_not_found", errorTexts.credential_not_found);
  if (
    credential.role === "forum-admin" &&
    principal.role !== "operator" &&
    principal.credentialId !== credential.id
  )
    requireOperator(principal);
  await deps.access.deleteCredential(credential.id);
  deps.log({ level: "info", msg: "credential revoked", forumId, credentialId: credential.id });
  return credential;
}
