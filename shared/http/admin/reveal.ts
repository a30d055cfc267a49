import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../../errors.js";
import { errorTexts } from "../../texts/errors.js";
import { ADMIN_COOKIE, type AuthDeps } from "../auth.js";
import { hashToken } from "../tokens.js";
import { seal, unseal } from "./reveal-seal.js";

/**
 * A secret a desk action makes (a credential's token, a webhook secret) is shown once, on a GET
 * (POST/Redirect/GET): the POST seals it onto the login session and answers 303 to its page,
 * whose URL names the reveal by a random id, never the secret. That GET takes it off the session
 * atomically; a reload, a second tab or another session asks again (the page is `no-store`) and
 * finds it gone, and says so.
 *
 *   POST /…/credentials ──303──▶ GET /…/credentials?affichage=<id> ──▶ token shown, reveal removed
 *                                 reload: same URL ──────────────────▶ "déjà affiché" notice
 */
const REVEAL_QUERY = "affichage";
const REVEAL_ID = /^[A-Za-z0-9_-]{22}$/;
/** Long enough for a slow redirect, short enough that an abandoned one does not linger. */
const LIFETIME_MS = 5 * 60_000;

/** What the page shows: the secret (and whose or which it is), this once; or that it is gone. */
export type Revealed =
  | { readonly shown: true; readonly label: string; readonly secret: string }
  | { readonly shown: false };

const wallNow = (deps: AuthDeps) => (deps.wallNow ?? (() => new Date()))();

/**
 * The login session a reveal is kept on, checked before the action makes anything: a Bearer token
 * on a desk form has none, and a secret nobody could see must not be made (scripts use the API).
 */
export function revealSession(c: Context): string {
  const id = getCookie(c, ADMIN_COOKIE);
  if (!id) throw new ApiError(400, "desk_session_required", errorTexts.desk_session_required);
  return id;
}

/** Keeps the secret on the session for `page` and answers the 303 to it (at `anchor`, if any). */
export async function revealOnce(
  c: Context,
  deps: AuthDeps,
  session: string,
  page: string,
  shown: { readonly label: string; readonly secret: string },
  anchor = "",
): Promise<Response> {
  const now = wallNow(deps);
  const id = randomBytes(16).toString("base64url");
  // A session ended meanwhile keeps nothing: its page then says the secret is gone, which it is.
  await deps.access.putReveal(
    hashToken(session),
    {
      id,
      page,
      sealed: seal(session, id, JSON.stringify(shown)),
      until: new Date(now.getTime() + LIFETIME_MS).toISOString(),
    },
    now,
  );
  return c.redirect(`${page}?${REVEAL_QUERY}=${id}${anchor}`, 303);
}

/** Caught here rather than thrown: a parse error's message quotes the text, the secret with it. */
function shownOf(plain: string | null): Revealed {
  let value: unknown = null;
  try {
    value = plain === null ? null : JSON.parse(plain);
  } catch {
    return { shown: false };
  }
  if (typeof value !== "object" || value === null) return { shown: false };
  const { label, secret } = value as Record<string, unknown>;
  return typeof label === "string" && typeof secret === "string"
    ? { shown: true, label, secret }
    : { shown: false };
}

/**
 * The reveal this GET of `page` names, taken off the session: null when the URL names none.
 * Whatever it finds, the answer is `no-store`: no cache or history keeps the page.
 */
export async function takeRevealed(c: Context, deps: AuthDeps, page: string): Promise<Revealed | null> {
  const id = c.req.query(REVEAL_QUERY);
  if (id === undefined) return null;
  c.header("Cache-Control", "no-store");
  const session = getCookie(c, ADMIN_COOKIE);
  // A HEAD (a link checker, a prefetch) must not use up what the person came to read.
  if (!session || !REVEAL_ID.test(id) || c.req.method === "HEAD") return { shown: false };
  const reveal = await deps.access.takeReveal(hashToken(session), id, page);
  if (!reveal || Date.parse(reveal.until) <= wallNow(deps).getTime()) return { shown: false };
  return shownOf(unseal(session, id, reveal.sealed));
}
