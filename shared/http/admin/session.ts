import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import { ADMIN_COOKIE, presentedToken, type TokenHash, tokenMatches } from "../auth.js";

/** A random id per browser session: the message the CSRF token is an HMAC of (csrf.ts). */
export const SESSION_COOKIE = "duel_session";
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const LOGIN_LIFETIME_S = 12 * 3600;

export type AdminEnv = { Variables: { sessionId: string; tokenHash: string } };

/** The admin token's hash, whether known at start or read once when first needed (Lambda). */
export async function resolveHash(tokenHash: TokenHash): Promise<string> {
  return typeof tokenHash === "string" ? tokenHash : await tokenHash();
}

/** Behind API Gateway or a proxy the app may see http: the forwarded scheme counts too. */
function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

/** HttpOnly so no script reads it, Strict so no other site's link or form carries it. */
function cookieOptions(c: Context, maxAge?: number): CookieOptions {
  return { path: "/", httpOnly: true, sameSite: "Strict", secure: isHttps(c), ...(maxAge ? { maxAge } : {}) };
}

function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** Gives every visitor a session id (even before login, so the login form has a CSRF token too). */
export function session(): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    let id = getCookie(c, SESSION_COOKIE);
    if (!id || !SESSION_ID.test(id)) {
      id = newSessionId();
      setCookie(c, SESSION_COOKIE, id, cookieOptions(c));
    }
    c.set("sessionId", id);
    await next();
  };
}

/** After login: the admin cookie, and a fresh session id so a planted one is worth nothing. */
export function startLogin(c: Context<AdminEnv>, token: string): void {
  setCookie(c, ADMIN_COOKIE, token, cookieOptions(c, LOGIN_LIFETIME_S));
  setCookie(c, SESSION_COOKIE, newSessionId(), cookieOptions(c));
}

export function endLogin(c: Context<AdminEnv>): void {
  deleteCookie(c, ADMIN_COOKIE, cookieOptions(c));
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

/** Whether the request carries the admin token: Bearer, the login cookie, or `?token=` for scripts. */
export async function isAdmin(c: Context, tokenHash: string): Promise<boolean> {
  const token = presentedToken(
    c.req.header("authorization"),
    getCookie(c, ADMIN_COOKIE),
    c.req.query("token"),
  );
  return token !== null && tokenMatches(token, tokenHash);
}

/** Pages need the admin token; a browser without it is sent to the login form rather than a 401. */
export function requireAdminPage(
  onDenied: (c: Context<AdminEnv>) => Response | Promise<Response>,
): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (!(await isAdmin(c, c.get("tokenHash")))) {
      if (c.req.method === "GET" || c.req.method === "HEAD") return c.redirect("/admin/login", 303);
      return onDenied(c);
    }
    await next();
  };
}

/** Reads the token hash once per request, for the guard and the CSRF token alike. */
export function withTokenHash(tokenHash: TokenHash): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    c.set("tokenHash", await resolveHash(tokenHash));
    await next();
  };
}
