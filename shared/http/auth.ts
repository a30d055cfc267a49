import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "./errors.js";

export const ADMIN_COOKIE = "duel_admin";

/** SHA-256 of a token, hex: what is kept in memory and compared, never the token itself. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time comparison of a presented token with the stored hash. */
export function tokenMatches(presented: string, expectedHash: string): boolean {
  const a = Buffer.from(hashToken(presented), "hex");
  const b = Buffer.from(expectedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin token from `Authorization: Bearer`, the login cookie, or `?token=` (for scripts). */
export function presentedToken(
  header: string | undefined,
  cookie: string | undefined,
  query: string | undefined,
): string | null {
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? cookie ?? query ?? null;
}

/** The admin token's hash, known at start (local) or read once when first needed (Lambda). */
export type TokenHash = string | (() => Promise<string>);

/** Admin and referee API: 401 without the admin token. */
export function requireAdmin(tokenHash: TokenHash): MiddlewareHandler {
  return async (c, next) => {
    const token = presentedToken(
      c.req.header("authorization"),
      getCookie(c, ADMIN_COOKIE),
      c.req.query("token"),
    );
    const expected = typeof tokenHash === "string" ? tokenHash : await tokenHash();
    if (!token || !tokenMatches(token, expected)) {
      throw new ApiError(401, "unauthorized", "Jeton d'administration manquant ou invalide.");
    }
    await next();
  };
}
