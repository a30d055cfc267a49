import { createHmac, timingSafeEqual } from "node:crypto";

// Standard Webhooks (https://www.standardwebhooks.com, spec v1.0.0), symmetric `v1` signatures
// only: what the generic receiver verifies (CONTRACT.md 4.1) and the `webhook` hibou channel signs.
// It replaces the `standardwebhooks` library (1.1.1) and its pure-JS SHA-256 and base64 with
// node:crypto, and behaves as that library does wherever the two meet, down to its leniencies (each
// one is said where it is done); test/http/standard-webhooks.test.ts runs both side by side.

/** The spec shows a secret as `whsec_` + base64 of the key; the prefix is optional. */
const SECRET_PREFIX = "whsec_";

/** The spec leaves the window to the receiver; the libraries take 5 minutes, before and after now. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** The three headers of a delivery: `webhook-signature` is a space-separated list of `v1,<base64>`. */
export type StandardWebhookHeaders = {
  readonly "webhook-id": string;
  readonly "webhook-timestamp": string;
  readonly "webhook-signature": string;
};

/**
 * Why a delivery is refused: the library's words (the route's 401 quotes them), and a secret that
 * yields no key, which made the library's constructor throw before anything was read.
 */
export type StandardWebhookRefusal =
  | "Unusable secret"
  | "Missing required headers"
  | "Invalid Signature Headers"
  | "Message timestamp too old"
  | "Message timestamp too new"
  | "No matching signature found";

/**
 * The HMAC key: the base64-decoded secret, `whsec_` prefix or not; undefined when the secret is not
 * base64 or decodes to nothing. As strict as the library's decoder (@stablelib/base64): standard
 * alphabet only, no whitespace, at least 4 characters, at most two `=` and only at the end. And as
 * lenient: padding may be missing, and a last character left alone (length 4n + 1) is not read.
 */
export function standardWebhookKey(secret: string): Buffer | undefined {
  const base64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const data = base64.replace(/=+$/, "");
  if (base64.length < 4 || base64.length - data.length > 2) return undefined;
  const read = data.length % 4 === 1 ? data.slice(0, -1) : data;
  if (!/^[A-Za-z0-9+/]+$/.test(read)) return undefined;
  return Buffer.from(read, "base64");
}

/** The `v1` signature: base64 (standard, padded) of HMAC-SHA256(key, `{id}.{timestamp}.{body}`), UTF-8. */
function v1Signature(key: Buffer, id: string, timestamp: number, body: string): string {
  return createHmac("sha256", key).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64");
}

/**
 * The headers that sign `body` as message `id` sent at `at` (whole seconds, rounded down). Throws
 * when the secret yields no key (see {@link standardWebhookKey}).
 */
export function signStandardWebhook(
  secret: string,
  id: string,
  at: Date,
  body: string,
): StandardWebhookHeaders {
  const key = standardWebhookKey(secret);
  if (key === undefined) throw new Error("Standard Webhooks secret is not base64 (whsec_…)");
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${v1Signature(key, id, timestamp, body)}`,
  };
}

/** The two texts, compared in constant time (a length apart is no secret: signatures are all 44). */
function sameText(presented: string, expected: string): boolean {
  const given = Buffer.from(presented, "utf8");
  const wanted = Buffer.from(expected, "utf8");
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Why the delivery is refused, or undefined when it is authentic. Checks in the library's order:
 * the secret; the three headers, present and not empty; the timestamp, at most
 * {@link TIMESTAMP_TOLERANCE_SECONDS} from `now` either way; then the body, signed by one of the
 * header's `v1` entries (other versions, such as the asymmetric `v1a`, are skipped).
 *
 * `headers` is looked up by lower-case name (a Fetch `Headers` is case-insensitive, and joins a
 * repeated header with ", ", as the library was given it). The library's leniencies are kept, so
 * that every delivery it accepted is still accepted: the timestamp is read with `parseInt` (leading
 * whitespace, a sign, and anything after the digits pass) and the number read is what is signed
 * (`0123` is signed as `123`); an entry is cut at its first two commas (`v1,<sig>,anything` counts
 * as `v1,<sig>`). The signature is compared as base64 text, so only the canonical encoding matches.
 */
export function standardWebhookRefusal(
  body: string,
  headers: { get(name: string): string | null | undefined },
  secret: string,
  now: number = Date.now(),
): StandardWebhookRefusal | undefined {
  const key = standardWebhookKey(secret);
  if (key === undefined) return "Unusable secret";
  const id = headers.get("webhook-id");
  const timestampHeader = headers.get("webhook-timestamp");
  const signatures = headers.get("webhook-signature");
  if (!id || !timestampHeader || !signatures) return "Missing required headers";
  const timestamp = Number.parseInt(timestampHeader, 10);
  if (Number.isNaN(timestamp)) return "Invalid Signature Headers";
  const nowSeconds = Math.floor(now / 1000);
  if (nowSeconds - timestamp > TIMESTAMP_TOLERANCE_SECONDS) return "Message timestamp too old";
  if (timestamp > nowSeconds + TIMESTAMP_TOLERANCE_SECONDS) return "Message timestamp too new";
  const expected = v1Signature(key, id, timestamp, body);
  for (const entry of signatures.split(" ")) {
    const [version, signature = ""] = entry.split(",");
    if (version === "v1" && sameText(signature, expected)) return undefined;
  }
  return "No matching signature found";
}
