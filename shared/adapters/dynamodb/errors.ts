import { StorageUnavailableError } from "../../errors.js";

/**
 * Errors by name, not `instanceof`: a second SDK copy in a bundle breaks `instanceof`, the name
 * does not change.
 */
function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return nameOf(error) === "ConditionalCheckFailedException";
}

/** The per-item reasons of a cancelled transaction, in the order of its items; null if not one. */
export function cancellationCodes(error: unknown): (string | undefined)[] | null {
  if (nameOf(error) !== "TransactionCanceledException") return null;
  const reasons = (error as { CancellationReasons?: readonly { Code?: string }[] }).CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code);
}

/** Connection-level failures Node reports by `code`: DynamoDB down, unreachable or hanging up. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Service answers that mean "not now": the caller can safely retry later (503). */
const UNAVAILABLE_NAMES = new Set([
  "TimeoutError",
  "RequestTimeout",
  "RequestTimeoutException",
  "ServiceUnavailable",
  "ServiceUnavailableException",
  "InternalServerError",
  "InternalFailure",
  "ThrottlingException",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
]);

/** Whether the error says storage cannot be reached right now (network, timeout, 5xx, throttling). */
export function isUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    if (UNAVAILABLE_NAMES.has(current.name)) return true;
    const status = (current as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (typeof status === "number" && status >= 500) return true;
    if (current instanceof AggregateError && current.errors.some(isUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The mapping every store method applies to what it did not handle itself: storage that cannot
 * be reached becomes StorageUnavailableError (503, safe to retry); anything else is a bug or a
 * misconfiguration and goes up unchanged.
 */
export function storageError(error: unknown): unknown {
  return isUnavailable(error) ? new StorageUnavailableError(error) : error;
}

/** Runs one storage call, applying the common mapping. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storageError(error);
  }
}
