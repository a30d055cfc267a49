import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../errors.js";
import type { AccessStore, Credential } from "../ports/access-store.js";
import { errorTexts } from "../texts/errors.js";
import { type AuthEnv, OPERATOR, type Principal } from "./principal.js";
import { credentialIdOf, hashToken, sameHash, tokenMatches } from "./tokens.js";

export { hashToken, tokenMatches } from "./tokens.js";

/** The desk's login cookie: a random session id (never the token), looked up on every request. */
export const ADMIN_COOKIE = "duel_admin";

/** The admin token's hash, known at start (local) or read once when first needed (Lambda). */
export type TokenHash = string | (() => Promise<string>);

/** What finding who is acting needs. */
export interface AuthDeps {
  readonly adminTokenHash: TokenHash;
  readonly access: AccessStore;
  /** Real time, for sessions' ends and login delays (a manual duel clock does not move them). */
  readonly wallNow?: () => Date;
}

export async function resolveHash(tokenHash: TokenHash): Promise<string> {
  return typeof tokenHash === "string" ? tokenHash : await tokenHash();
}

/** What an operator's session is tied to: rotating the admin token ends every operator session. */
export function operatorKey(adminHash: string): string {
  return hashToken(`desk-session:${adminHash}`);
}

/**
 * Who a token belongs to: the operator (the admin token, no read), or an issued credential, read
 * consistently on every request (never cached: a revoked one fails at once, CONTRACT.md 3.1).
 */
export async function principalOfToken(deps: AuthDeps, token: string): Promise<Principal | null> {
  if (tokenMatches(token, await resolveHash(deps.adminTokenHash))) return OPERATOR;
  const id = credentialIdOf(token);
  if (!id) return null;
  const credential = await deps.access.getCredential(id);
  if (!credential || !tokenMatches(token, credential.tokenHash)) return null;
  return principalOfCredential(credential);
}

/** Who a desk session belongs to, if it is still open and what it was opened for still holds. */
export async function principalOfSession(deps: AuthDeps, sessionId: string): Promise<Principal | null> {
  const session = await deps.access.getSession(hashToken(sessionId));
  const now = (deps.wallNow ?? (() => new Date()))();
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null;
  if (session.subject.kind === "operator") {
    const current = operatorKey(await resolveHash(deps.adminTokenHash));
    return sameHash(session.subject.adminKey, current) ? OPERATOR : null;
  }
  const credential = await deps.access.getCredential(session.subject.credentialId);
  if (!credential) return null;
  return principalOfCredential(credential);
}

/** The bearer token of a request, if any. */
export function bearerOf(header: string | undefined): string | null {
  return header?.match(/^Bearer\s+(.+)$/i)?.[1] ?? null;
}

/** Who is acting: the Bearer token, else the desk session's cookie; null when neither holds. */
export async function principalOf(
  deps: AuthDeps,
  authorization: string | undefined,
  sessionCookie: string | undefined,
): Promise<Principal | null> {
  const bearer = bearerOf(authorization);
  if (bearer !== null) return principalOfToken(deps, bearer);
  return sessionCookie ? principalOfSession(deps, sessionCookie) : null;
}

/** The API: 401 without a valid token or session; the principal is then on the context. */
export function requireAuth(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const principal = await principalOf(deps, c.req.header("authorization"), getCookie(c, ADMIN_COOKIE));
    if (!principal) throw new ApiError(401, "unauthorized", errorTexts.unauthorized.token);
    c.set("principal", principal);
    await next();
  };
}

/** `?token=` is never read, and refused plainly so a script that relied on it learns why. */
export function refuseTokenInUrl(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.query("token") !== undefined) throw new ApiError(400, "token_in_url", errorTexts.token_in_url);
    await next();
  };
}

/**
 * Operator only, by Bearer token (no read): for what no forum's people may do, such as moving the
 * local clock. Forum-scoped routes use `requireAuth` and the checks of `access.ts` instead.
 */
export function requireAdmin(tokenHash: TokenHash): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerOf(c.req.header("authorization"));
    if (!token || !tokenMatches(token, await resolveHash(tokenHash))) {
      throw new ApiError(401, "unauthorized", errorTexts.unauthorized.operator);
    }
    await next();
  };
}

/** The principal a credential stands for (CONTRACT.md 3.1). */
function principalOfCredential(credential: Credential): Principal {
  return {
    role: credential.role,
    name: credential.name,
    forumId: credential.forumId,
    credentialId: credential.id,
    ...(credential.refereeId ? { refereeId: credential.refereeId } : {}),
  };
}
