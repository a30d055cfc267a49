import { DeliveryError } from "../../errors.js";
import { decodePage, encodeForm } from "../../forumactif/board-charset.js";
import type { BoardAnswer, BoardRequest, FormPost, SessionFailure } from "../../forumactif/board-session.js";
import type { CookieJar } from "../../forumactif/cookie-jar.js";
import type { FetchLike } from "../../net/guarded-fetch.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { parseRetryAfter } from "./http.js";

const LABEL = "Forumactif";

/** A session step that stopped, as the relay's error: none of these is helped by a retry. */
export function sessionFailure(why: SessionFailure): DeliveryError {
  const texts: Record<SessionFailure, string> = {
    foreign_form: notifierTexts.forumactifForeignForm,
    no_login_form: notifierTexts.forumactifNoLoginForm,
    redirect_loop: notifierTexts.forumactifRedirectLoop,
    login_refused: notifierTexts.forumactifLoginRefused,
  };
  return new DeliveryError(
    texts[why],
    false,
    undefined,
    why === "login_refused" ? "board_blocked" : undefined,
  );
}

/**
 * One request to a Forumactif board's own forms, in an account's session (its cookie jar), with the
 * notifiers' error rules: a timeout, a network error, a 429 (its `Retry-After`) and a 5xx may be
 * retried, another 4xx may not. Redirects are the caller's to follow (on the board only). Shared by
 * the private-message sender and the thread replier.
 */
export function boardRequest(options: {
  readonly send: FetchLike;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly now: () => number;
}): BoardRequest {
  const { send, timeoutMs, userAgent, now } = options;
  return async (jar: CookieJar, url: URL, body?: FormPost): Promise<BoardAnswer> => {
    const headers: Record<string, string> = { "user-agent": userAgent, accept: "text/html" };
    const cookie = jar.header();
    if (cookie !== null) headers.cookie = cookie;
    if (body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    let response: Response;
    let page: { html: string; charset: string };
    try {
      response = await send(url.toString(), {
        method: body === undefined ? "GET" : "POST",
        headers,
        // Sent in the charset of the page that held the form, as a browser on that board sends it.
        ...(body === undefined ? {} : { body: encodeForm(body.fields, body.charset) }),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      page = decodePage(await response.arrayBuffer(), response.headers.get("content-type"));
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new DeliveryError(
        timedOut
          ? notifierTexts.timeout(LABEL, timeoutMs / 1000)
          : notifierTexts.unreachable(LABEL, error instanceof Error ? error.message : String(error)),
        true,
      );
    }
    jar.store(response.headers.getSetCookie(), now());
    const status = response.status;
    if (status === 429) {
      const wait = parseRetryAfter(response.headers.get("retry-after"), now());
      throw new DeliveryError(notifierTexts.rateLimited(LABEL, wait), true, wait);
    }
    if (status >= 500) throw new DeliveryError(notifierTexts.serverError(LABEL, status), true);
    if (status >= 400) throw new DeliveryError(notifierTexts.refused(LABEL, status), false);
    return { status, location: response.headers.get("location"), ...page };
  };
}
