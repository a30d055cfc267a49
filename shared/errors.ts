/**
 * Every error the service raises on purpose, in one taxonomy: a stable snake_case `code`
 * (CONTRACT.md section 2), the HTTP `status` an answer carries, and the `cause` it wraps, if any.
 * `shared/http/errors.ts` is the one place that turns them into answers: below 500 the code and the
 * message are answered as they are; 503 answers the code with its French text (`errorTexts`) and a
 * `Retry-After`; 500 is an internal error whose message is logged, never answered.
 */
import { errorTexts } from "./texts/errors.js";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/** The one base shape; each subclass below only fixes its code, status and the data it carries. */
export class AppError<Code extends string = string> extends Error {
  /** What is wrong, field by field, answered beside the message (e.g. zod issues). */
  readonly details: unknown;

  constructor(
    readonly code: Code,
    message: string,
    readonly status: ErrorStatus,
    options: { readonly details?: unknown; readonly cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
  }
}

/** A broken precondition of a command, decided by the domain: a French message for the referee. */
export class DomainError extends AppError {
  override readonly name = "DomainError";
  declare readonly status: 400 | 404 | 409;
  constructor(code: string, message: string, status: 400 | 404 | 409 = 409, details?: unknown) {
    super(code, message, status, { details });
  }
}

/** A request the edge refuses before any decision (auth, body, size, unknown forum…). */
export class ApiError extends AppError {
  override readonly name = "ApiError";
  constructor(status: ErrorStatus, code: string, message: string, details?: unknown) {
    super(code, message, status, { details });
  }
}

/** A forum's ruleset is invalid; the message and `issues` name each bad field. */
export class InvalidRulesetError extends AppError<"invalid_ruleset"> {
  override readonly name = "InvalidRulesetError";
  constructor(readonly issues: { path: string; message: string }[]) {
    super("invalid_ruleset", errorTexts.invalid_ruleset(issues), 400, { details: issues });
  }
}

/** The version read is stale: reload and decide again (answered 503 `duel_busy` once retries are spent). */
export class ConcurrencyError extends AppError<"duel_busy"> {
  override readonly name = "ConcurrencyError";
  constructor(readonly duelId: string) {
    super("duel_busy", `duel ${duelId} changed since it was read`, 503);
  }
}

/** Storage cannot be reached; answered 503 (safe to retry). */
export class StorageUnavailableError extends AppError<"storage_unavailable"> {
  override readonly name = "StorageUnavailableError";
  constructor(cause: unknown) {
    super("storage_unavailable", "storage unavailable", 503, { cause });
  }
}

/** A dedup key was already written: this delivery was applied before (its callers answer `duplicate`). */
export class DuplicateError extends AppError<"already_applied"> {
  override readonly name = "DuplicateError";
  constructor(readonly key: string) {
    super("already_applied", `already applied: ${key}`, 500);
  }
}

/**
 * `EDESTINATIONREFUSED` is a refused host: it travels through node's socket as an errno code would
 * (`guarded-fetch.ts`), so it is spelled as one.
 */
export type DeliveryErrorCode =
  | "delivery_failed"
  | "EDESTINATIONREFUSED"
  /**
   * A board's flood control made the bot wait (CONTRACT.md 4.4): nothing was sent, it is sent again
   * after `retryAfterMs`, and such waits never use up the relay's attempts (never dropped).
   */
  | "board_flood"
  /**
   * A board refused a write in a way no wait helps (a captcha, the bot's login refused, an unknown
   * recipient): told at once to the forum's admin (CONTRACT.md 4.4).
   */
  | "board_blocked";

/**
 * A hibou's delivery that failed (the relay retries it, no request waits on it). `retryable` says
 * whether trying again may help (timeouts, 5xx, 429); `retryAfterMs` carries a server's `Retry-After`.
 * `progress` says how far a delivery made of several requests got before it failed, in the
 * channel's own unit (Discord: the parts it accepted): the relay keeps it for the retry, which
 * resumes there instead of sending again what the receiver already has.
 */
export class DeliveryError extends AppError<DeliveryErrorCode> {
  override readonly name = "DeliveryError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    code: DeliveryErrorCode = "delivery_failed",
    readonly progress?: number,
  ) {
    super(code, message, 500);
  }

  /** The same failure, once `progress` of the delivery was accepted. */
  withProgress(progress: number): DeliveryError {
    return new DeliveryError(this.message, this.retryable, this.retryAfterMs, this.code, progress);
  }
}

export type BoardFetchErrorCode =
  | "network"
  | "rate_limited"
  /** Not asked at all: the host still rests after its 429 or 5xx (`retryAfterMs` tells how long). */
  | "host_resting"
  | "server_error"
  | "http_error"
  | "too_large"
  | "refused_host"
  | "login_refused";

/** A Forumactif board that could not be read this time: the poll changes nothing and is retried. */
export class BoardFetchError extends AppError<BoardFetchErrorCode> {
  override readonly name = "BoardFetchError";
  constructor(
    code: BoardFetchErrorCode,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(code, message, 500);
  }
}

/** Why a Forumactif page could not be read whole. */
export type ForumactifPageErrorCode =
  | "not_forumactif"
  | "maintenance"
  | "login_required"
  | "not_found"
  /** A page of the board that is no topic page (its portal, its index, a section). */
  | "not_a_topic"
  | "unknown_template"
  | "incomplete_page"
  | "too_complex"
  | "not_a_topic_id";

/**
 * A page that is not a topic page read whole: the poller must change nothing and retry.
 * `message` is English (logs); the referee-facing French text is in `shared/texts/hiboux.ts`.
 */
export class ForumactifPageError extends AppError<ForumactifPageErrorCode> {
  override readonly name = "ForumactifPageError";
  constructor(code: ForumactifPageErrorCode, message: string) {
    super(code, message, 500);
  }
}
