import { DeliveryError } from "../../errors.js";
import { guardedFetch } from "../../net/guarded-fetch.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { type HttpOptions, postJson } from "../notifiers/http.js";

export type { HttpOptions } from "../notifiers/http.js";

const LOOKUP_ANSWER_BYTES = 4 * 1024 * 1024;

/** A POST with the notifiers' error rules (5xx, 429 and network errors retryable, the rest not). */
export async function post(
  label: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  options: HttpOptions = {},
): Promise<void> {
  await postJson({ label, url, headers, body }, options);
}

/** A GET of JSON, for looking a reply up; any failure is a retryable DeliveryError. */
export async function getJson(
  label: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  options: HttpOptions = {},
): Promise<unknown> {
  // A thread's posts weigh more than a notifier's answer: read whole, from checked addresses only.
  const send = options.fetch ?? guardedFetch(options.destinations, undefined, LOOKUP_ANSWER_BYTES);
  let response: Response;
  let text: string;
  try {
    response = await send(url, {
      method: "GET",
      headers: { accept: "application/json", ...headers },
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DeliveryError(notifierTexts.unreachable(label, reason), true);
  }
  if (!response.ok) throw new DeliveryError(notifierTexts.serverError(label, response.status), true);
  try {
    return JSON.parse(text);
  } catch {
    throw new DeliveryError(notifierTexts.serverError(label, response.status), true);
  }
}

/** A field of a JSON object, or undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
