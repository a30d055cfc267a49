import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { SessionSubject } from "../../ports/access-store.js";
import { ADMIN_COOKIE, type AuthDeps, operatorKey, principalOf, resolveHash } from "../auth.js";
import type { Principal } from "../principal.js";
import { hashToken, newSessionId } from "../tokens.js";

export { resolveHash } from "../auth.js";

/** A random id per browser visit: the message the CSRF token is an HMAC of (csrf.ts). */
export const SESSION_COOKIE = "duel_session";
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const LOGIN_LIFETIME_S = 12 * 3600;

export type AdminEnv = { Variables: { sessionId: string; tokenHash: string; principal: Principal } };

/** Behind API Gateway or a proxy the app may see http: the forwarded scheme counts too. */
function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

/** HttpOnly so no script reads it, Strict so no other site's link or form carries it. */
function cookieOptions(c: Context, maxAge?: number): CookieOptions {
  return { path: "/", httpOnly: true, sameSite: "Strict", secure: isHttps(c), ...(maxAge ? { maxAge } : {}) };
}

/** Gives every visitor a visit id (even before login, so the login form has a CSRF token too). */
export function session(): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    let id = getCookie(c, SESSION_COOKIE);
    if (!id || !SESSION_ID.test(id)) {
      id = randomBytes(32).toString("base64url");
      setCookie(c, SESSION_COOKIE, id, cookieOptions(c));
    }
    c.set("sessionId", id);
    await next();
  };
}

/**
 * After login: a server-side session (CONTRACT.md 3.1) whose random id is the cookie's value, and
 * a fresh visit id so a planted one is worth nothing. The session names the credential, read
 * again on every request: revoking it ends the session.
 */
export async function startLogin(c: Context<AdminEnv>, deps: AuthDeps, principal: Principal): Promise<void> {
  const id = newSessionId();
  const now = (deps.wallNow ?? (() => new Date()))();
  const subject: SessionSubject =
    principal.role === "operator"
      ? { kind: "operator", adminKey: operatorKey(await resolveHash(deps.adminTokenHash)) }
      : { kind: "credential", credentialId: principal.credentialId };
  await deps.access.putSession({
    idHash: hashToken(id),
    subject,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LOGIN_LIFETIME_S * 1000).toISOString(),
  });
  setCookie(c, ADMIN_COOKIE, id, cookieOptions(c, LOGIN_LIFETIME_S));
  setCookie(c, SESSION_COOKIE, randomBytes(32).toString("base64url"), cookieOptions(c));
}

/** Logout: the stored session is deleted, so the cookie is worth nothing even if kept. */
export async function endLogin(c: Context<AdminEnv>, deps: AuthDeps): Promise<void> {
  const id = getCookie(c, ADMIN_COOKIE);
  if (id) await deps.access.deleteSession(hashToken(id));
  deleteCookie(c, ADMIN_COOKIE, cookieOptions(c));
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

/** Who is acting on a page: a Bearer token (scripts) or the desk session. */
export function pagePrincipal(c: Context, deps: AuthDeps): Promise<Principal | null> {
  return principalOf(deps, c.req.header("authorization"), getCookie(c, ADMIN_COOKIE));
}

/** Pages need a login; a browser without one is sent to the login form rather than a 401. */
export function requireLoginPage(
  deps: AuthDeps,
  onDenied: (c: Context<AdminEnv>) => Response | Promise<Response>,
): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const principal = await pagePrincipal(c, deps);
    if (!principal) {
      if (c.req.method === "GET" || c.req.method === "HEAD") return c.redirect("/admin/login", 303);
      return onDenied(c);
    }
    c.set("principal", principal);
    await next();
  };
}

/** Reads the token hash once per request, for the CSRF token. */
export function withTokenHash(deps: AuthDeps): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    c.set("tokenHash", await resolveHash(deps.adminTokenHash));
    await next();
  };
}
