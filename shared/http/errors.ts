import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { $ZodError } from "zod/v4/core";
import { AppError, type ErrorStatus } from "../errors.js";
import { errorTexts } from "../texts/errors.js";
import { refusalShown } from "../texts/refusals.js";
import { zodDetails } from "../validation/zod-details.js";

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

/** An error as it is answered (CONTRACT.md section 2); `retryAfter` in seconds for a 503. */
export interface ErrorAnswer {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
  readonly retryAfter?: number;
}

/**
 * The 503s, safe to retry since nothing was written: storage gets a few seconds to come back; a duel
 * too busy to write (every attempt lost to another writer of the same duel) frees up at once.
 */
const RETRY_LATER: Readonly<Record<string, { readonly seconds: number; readonly message: string }>> = {
  storage_unavailable: { seconds: 5, message: errorTexts.storage_unavailable },
  duel_busy: { seconds: 1, message: errorTexts.duel_busy },
};

/**
 * The one mapping from errors to answers: an {@link AppError} below 500 is answered with its code,
 * message and details; a 503 with its code, its French text and a `Retry-After`; invalid bodies
 * 400; anything else is `undefined`, an internal error whose message is never answered (it may
 * hold internals).
 */
export function errorAnswer(error: Error): ErrorAnswer | undefined {
  if (error instanceof AppError) {
    if (error.status < 500)
      return {
        status: error.status,
        code: error.code,
        message: refusalShown(error.code, error.message),
        details: error.details,
      };
    const later = error.status === 503 ? RETRY_LATER[error.code] : undefined;
    if (later) return { status: 503, code: error.code, message: later.message, retryAfter: later.seconds };
    return undefined;
  }
  // zod core's error class: zod classic's ZodError and zod/mini's errors are both instances.
  if (error instanceof $ZodError)
    return {
      status: 400,
      code: "invalid_body",
      message: errorTexts.invalid_body.request,
      details: zodDetails(error),
    };
  return undefined;
}

/** Whether reading the request failed because its client closed the connection before its end. */
export function abortedByClient(error: Error, c: Context): boolean {
  return (
    c.req.raw.signal.aborted ||
    ((error as { code?: unknown }).code === "ECONNRESET" && error.message === "aborted")
  );
}

/** The JSON API's `onError`: {@link errorAnswer}, hono's own exceptions, else 500 `internal_error`. */
export function onError(log: (line: Record<string, unknown>) => void) {
  return (error: Error, c: Context) => {
    const answer = errorAnswer(error);
    if (answer) {
      if (answer.retryAfter !== undefined) c.header("Retry-After", String(answer.retryAfter));
      return c.json(errorBody(answer.code, answer.message, answer.details), answer.status);
    }
    if (error instanceof HTTPException) {
      return c.json(
        errorBody(
          error.status === 413 ? "payload_too_large" : "http_error",
          error.message || errorTexts.http_error,
        ),
        error.status,
      );
    }
    if (abortedByClient(error, c)) {
      // The client went away mid-body (closed the tab, lost the network): nothing failed here.
      log({ level: "info", msg: "request aborted by its client", method: c.req.method, path: c.req.path });
      return c.json(errorBody("http_error", errorTexts.http_error), 400);
    }
    log({ level: "error", msg: "unhandled error", error: error.message, stack: error.stack });
    return c.json(errorBody("internal_error", errorTexts.internal_error), 500);
  };
}
