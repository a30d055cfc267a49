import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { $ZodError } from "zod/v4/core";
import { DomainError } from "../domain/errors.js";
import { ConcurrencyError, StorageUnavailableError } from "../ports/duel-store.js";
import { InvalidRulesetError } from "../rules/ruleset.js";

/** An error answered as `{"error": {"code", "message", "details"?}}` (CONTRACT.md section 2). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

/** Zod issues as `details`: which field, and what is wrong with it (zod classic's or zod/mini's). */
export function zodDetails(error: $ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/**
 * The one place errors become answers: domain preconditions 4xx, invalid bodies 400, storage down
 * or a duel too busy to write 503 (safe to retry), anything else 500 without its message (it may
 * hold internals).
 */
export function onError(log: (line: Record<string, unknown>) => void) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError)
      return c.json(errorBody(error.code, error.message, error.details), error.status);
    if (error instanceof DomainError)
      return c.json(errorBody(error.code, error.message, error.details), error.status);
    // zod core's error class: zod classic's ZodError and zod/mini's errors are both instances.
    if (error instanceof $ZodError)
      return c.json(errorBody("invalid_body", "Corps de requête invalide.", zodDetails(error)), 400);
    if (error instanceof InvalidRulesetError)
      return c.json(errorBody("invalid_ruleset", error.message, error.issues), 400);
    if (error instanceof StorageUnavailableError) {
      c.header("Retry-After", "5");
      return c.json(errorBody("storage_unavailable", "Stockage indisponible, réessayez."), 503);
    }
    if (error instanceof ConcurrencyError) {
      // Every attempt lost to another writer of the same duel: nothing was written, a retry is safe.
      c.header("Retry-After", "1");
      return c.json(errorBody("duel_busy", "Ce duel change en ce moment, réessayez."), 503);
    }
    if (error instanceof HTTPException) {
      return c.json(
        errorBody(error.status === 413 ? "payload_too_large" : "http_error", error.message || "Erreur HTTP."),
        error.status,
      );
    }
    log({ level: "error", msg: "unhandled error", error: error.message, stack: error.stack });
    return c.json(errorBody("internal_error", "Erreur interne."), 500);
  };
}
