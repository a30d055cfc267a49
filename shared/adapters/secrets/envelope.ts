import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { remember } from "../remember.js";

/**
 * Where data keys come from: KMS in AWS (`kms-data-keys.ts`), a key file on this machine
 * (`local-data-keys.ts`). A data key is 32 random bytes; `encrypted` is what is stored beside the
 * data it sealed, and only `decrypt` turns it back into the key.
 */
export interface DataKeys {
  generate(): Promise<{ readonly plaintext: Uint8Array; readonly encrypted: Uint8Array }>;
  decrypt(encrypted: Uint8Array): Promise<Uint8Array>;
}

/** A sealed value as stored: format version, the encrypted data key, then AES-256-GCM's parts. */
interface Envelope {
  readonly v: 1;
  readonly dk: string;
  readonly iv: string;
  readonly tag: string;
  readonly ct: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const bytes = (text: string) => Buffer.from(text, "base64");

/** How long a data key opened once is kept in memory; a new container asks again. */
export const DATA_KEY_CACHE_MS = 5 * 60_000;
/** Data keys kept at once: one per forum item saved, far more than a container ever sees. */
const DATA_KEY_CACHE_SIZE = 500;
/** Opened values kept at once (a forum's secrets are one value). */
const OPENED_CACHE_SIZE = 500;

/**
 * Envelope encryption of small secrets: each `seal` asks for a fresh data key, encrypts with
 * AES-256-GCM (`context`, e.g. the forum's id, is authenticated data: a sealed value copied to
 * another item does not open there) and stores the encrypted data key beside. `open` asks for the
 * data key's plaintext once, then keeps it for `DATA_KEY_CACHE_MS`, so reading a forum on each
 * post does not call KMS on each post. What it opened is kept as long as its data key would be,
 * by the whole sealed value and its context: the same item read on the next post is not deciphered
 * again, and anything else (another value, an altered one, another context) is opened and checked.
 */
export class SecretSealer {
  private readonly opened = new Map<string, { readonly key: Uint8Array; readonly until: number }>();
  private readonly plaintexts = new Map<string, { readonly text: string; readonly until: number }>();

  constructor(
    private readonly keys: DataKeys,
    private readonly now: () => number = Date.now,
  ) {}

  async seal(plaintext: string, context: string): Promise<string> {
    const { plaintext: key, encrypted } = await this.keys.generate();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    this.remember(b64(encrypted), key);
    const envelope: Envelope = {
      v: 1,
      dk: b64(encrypted),
      iv: b64(iv),
      tag: b64(cipher.getAuthTag()),
      ct: b64(ct),
    };
    return JSON.stringify(envelope);
  }

  /** The plaintext of a sealed value; throws if it was altered or sealed for another context. */
  async open(sealed: string, context: string): Promise<string> {
    // The context's length first: no two pairs of context and value make one key.
    const cacheKey = `${context.length}:${context}${sealed}`;
    const cached = this.plaintexts.get(cacheKey);
    if (cached && cached.until > this.now()) return cached.text;
    const envelope = JSON.parse(sealed) as Envelope;
    if (envelope.v !== 1) throw new Error(`unknown sealed format ${String(envelope.v)}`);
    const { key, until } = await this.dataKey(envelope.dk);
    const decipher = createDecipheriv("aes-256-gcm", key, bytes(envelope.iv));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(bytes(envelope.tag));
    const text = Buffer.concat([decipher.update(bytes(envelope.ct)), decipher.final()]).toString("utf8");
    // Kept no longer than its data key: a key KMS no longer opens stops opening it as soon.
    remember(this.plaintexts, cacheKey, { text, until }, OPENED_CACHE_SIZE);
    return text;
  }

  private async dataKey(encrypted: string): Promise<{ readonly key: Uint8Array; readonly until: number }> {
    const cached = this.opened.get(encrypted);
    if (cached && cached.until > this.now()) return cached;
    return this.remember(encrypted, await this.keys.decrypt(bytes(encrypted)));
  }

  private remember(encrypted: string, key: Uint8Array): { readonly key: Uint8Array; readonly until: number } {
    const entry = { key, until: this.now() + DATA_KEY_CACHE_MS };
    remember(this.opened, encrypted, entry, DATA_KEY_CACHE_SIZE);
    return entry;
  }
}
