import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import type { AdminEnv } from "./session.js";

/** The hidden form field every admin form carries. */
export const CSRF_FIELD = "_csrf";

/**
 * The session's CSRF token: an HMAC of its session id keyed by the admin token's hash. Nothing is
 * stored: the server recomputes it, and a site that could plant a session cookie still cannot
 * compute the token without the secret (OWASP's signed double-submit cookie).
 */
export function csrfToken(tokenHash: string, sessionId: string): string {
  return createHmac("sha256", tokenHash).update(`duel-admin-csrf:${sessionId}`).digest("base64url");
}

function sameToken(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const originCheck = csrf();

/**
 * Two checks on every POST: Hono's `csrf()` (the browser's Origin or Sec-Fetch-Site says the form
 * came from this origin) and the HMAC token (the form was rendered for this session). The first
 * relies on headers a proxy may rewrite, the second on a secret a cross-site page cannot read;
 * a forged form has to beat both. The SameSite=Strict cookie is a third line, not the only one.
 */
export function csrfProtection(
  onForbidden: (c: Context<AdminEnv>, why: "origin" | "token") => Response | Promise<Response>,
): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    let sameOrigin = true;
    await originCheck(c, async () => {}).catch(() => {
      sameOrigin = false;
    });
    if (!sameOrigin) return onForbidden(c, "origin");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const presented = form[CSRF_FIELD];
    if (
      typeof presented !== "string" ||
      !sameToken(presented, csrfToken(c.get("tokenHash"), c.get("sessionId")))
    ) {
      return onForbidden(c, "token");
    }
    await next();
  };
}
