import { DeliveryError } from "../../errors.js";
import { type FetchLike, guardedFetch } from "../../net/guarded-fetch.js";
import { notifierTexts } from "../../texts/notifiers.js";
import type { DestinationPolicy } from "../../validation/channel-urls.js";

/** How the notifiers talk HTTP. */
export interface HttpOptions {
  /**
   * The transport. By default one that connects only to public hosts, checked on every address the
   * name resolves to (`shared/net/guarded-fetch.ts`); a fetch given here is used as it is.
   */
  readonly fetch?: FetchLike;
  /** Where the default transport may connect: public hosts only unless loopback is allowed. */
  readonly destinations?: DestinationPolicy;
  /** Per request, connection to last byte. Default 10 s. */
  readonly timeoutMs?: number;
}

/** One outgoing JSON POST; `label` names the service in error messages (never the URL: it may hold a token). */
export interface JsonPost {
  readonly label: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
  /** Sees an accepted answer's headers (Discord's rate-limit headers pace the next message). */
  readonly accepted?: (headers: Headers) => void;
}

/** The default timeout of a delivery request. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * POSTs `request` and resolves on a 2xx with the answer's body (Discourse's new topic id).
 * Otherwise throws a DeliveryError: a network error, a
 * timeout, a 5xx or a 429 is retryable (a 429 with the server's delay), any other status is not.
 */
export async function postJson(request: JsonPost, options: HttpOptions = {}): Promise<string> {
  const send = options.fetch ?? guardedFetch(options.destinations);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  let body: string;
  try {
    response = await send(request.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...request.headers },
      body: request.body,
      // A redirect answers 3xx and fails for good: a signed POST should not wander elsewhere.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read to the end even on success, so the connection goes back to the pool.
    body = await response.text();
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    throw networkError(request.label, error, timeoutMs);
  }
  if (response.ok) {
    request.accepted?.(response.headers);
    return body;
  }
  const status = response.status;
  if (status === 429) {
    const retryAfterMs =
      parseRetryAfter(response.headers.get("retry-after"), Date.now()) ?? bodyRetryAfter(body);
    throw new DeliveryError(notifierTexts.rateLimited(request.label, retryAfterMs), true, retryAfterMs);
  }
  if (status >= 500) throw new DeliveryError(notifierTexts.serverError(request.label, status), true);
  // The status only: the receiver's answer is not ours to store and show (CONTRACT.md section 3).
  throw new DeliveryError(notifierTexts.refused(request.label, status), false);
}

function networkError(label: string, error: unknown, timeoutMs: number): DeliveryError {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new DeliveryError(notifierTexts.timeout(label, timeoutMs / 1000), true);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new DeliveryError(notifierTexts.unreachable(label, reason), true);
}

/**
 * Reads a `Retry-After` header (RFC 9110): delay-seconds or an HTTP date, relative to `nowMs`.
 * Returns milliseconds, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  // Discord sends fractional seconds; the RFC only integers. Accept both.
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Discord's `{"retry_after": seconds}` or Discourse's `{"extras": {"wait_seconds": n}}`. */
function bodyRetryAfter(body: string): number | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const seconds =
    "retry_after" in parsed
      ? parsed.retry_after
      : "extras" in parsed && typeof parsed.extras === "object" && parsed.extras !== null
        ? "wait_seconds" in parsed.extras
          ? parsed.extras.wait_seconds
          : undefined
        : undefined;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0
    ? Math.ceil(seconds * 1000)
    : undefined;
}
