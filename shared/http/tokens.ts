import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { errorTexts } from "../texts/errors.js";

/** SHA-256 of a token, hex: what is kept in memory and stored, never the token itself. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(given, "hex");
  const b = Buffer.from(expected, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of a presented token with the stored hash. */
export function tokenMatches(presented: string, expectedHash: string): boolean {
  return sameHash(hashToken(presented), expectedHash);
}

/**
 * The weakest admin token accepted (CONTRACT.md 3.1): 24 characters with at least 10 different
 * ones, so neither a short word nor `aaaa…` passes. Issued credentials carry 256 random bits.
 */
export const MIN_TOKEN_LENGTH = 24;
const MIN_DISTINCT_CHARACTERS = 10;

/** Why a token chosen by a person is too weak, in French; null when it is strong enough. */
export function tokenWeakness(token: string): string | null {
  if (token.length < MIN_TOKEN_LENGTH) return errorTexts.weakToken.short(MIN_TOKEN_LENGTH, token.length);
  if (new Set(token).size < MIN_DISTINCT_CHARACTERS)
    return errorTexts.weakToken.repetitive(MIN_DISTINCT_CHARACTERS);
  return null;
}

/**
 * An issued credential's token: `arb.<id>.<secret>`. The id names the stored credential, so it is
 * found by a key read (and a failed login is counted against that account); the secret is 32
 * random bytes, compared by hash.
 */
const CREDENTIAL_TOKEN = /^arb\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

export function newCredentialToken(): { id: string; token: string } {
  const id = randomBytes(12).toString("base64url");
  return { id, token: `arb.${id}.${randomBytes(32).toString("base64url")}` };
}

/** The credential id a token names, or null when it is not an issued credential's token. */
export function credentialIdOf(token: string): string | null {
  return CREDENTIAL_TOKEN.exec(token)?.[1] ?? null;
}

/** A new desk session id (the cookie's value): 32 random bytes. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}
