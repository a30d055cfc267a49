import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * The key of a session's reveals: derived from the login cookie's value, which only the browser
 * holds (the table keeps its SHA-256). A copy of the table, or another session, cannot open them.
 */
function keyOf(sessionId: string): Buffer {
  return createHmac("sha256", sessionId).update("duel-desk-reveal").digest();
}

/** AES-256-GCM, bound to the reveal's id so one reveal's box cannot pass for another's. */
export function seal(sessionId: string, revealId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(sessionId), iv);
  cipher.setAAD(Buffer.from(revealId));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed text, or null when this session's key does not open it. */
export function unseal(sessionId: string, revealId: string, sealed: string): string | null {
  const box = Buffer.from(sealed, "base64url");
  if (box.length < 28) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(sessionId), box.subarray(0, 12));
    decipher.setAAD(Buffer.from(revealId));
    decipher.setAuthTag(box.subarray(12, 28));
    return Buffer.concat([decipher.update(box.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
