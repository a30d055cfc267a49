import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type DataKeys, SecretSealer } from "./envelope.js";

/** The local master key's file under `DATA_DIR`, created at first start, readable by its owner only. */
export const LOCAL_KEY_FILE = "secrets.key";

/**
 * Data keys wrapped by a 32-byte master key held on this machine, in the same envelope as KMS's:
 * the local stack and the tests run the code path AWS runs. The wrapped key is `iv | tag | ct`.
 */
export function localDataKeys(master: Uint8Array): DataKeys {
  if (master.length !== 32) throw new Error("the local master key must be 32 bytes");
  return {
    async generate() {
      const plaintext = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", master, iv);
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return { plaintext, encrypted: Buffer.concat([iv, cipher.getAuthTag(), ct]) };
    },
    async decrypt(encrypted) {
      const wrapped = Buffer.from(encrypted);
      const decipher = createDecipheriv("aes-256-gcm", master, wrapped.subarray(0, 12));
      decipher.setAuthTag(wrapped.subarray(12, 28));
      return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
    },
  };
}

/**
 * The local master key of `dataDir`: read from its key file, or created there (mode 0600) at first
 * start. `memory` keeps nothing, so its key lives as long as the process.
 */
export function localMasterKey(dataDir: string): Uint8Array {
  if (dataDir === "memory") return randomBytes(32);
  const file = join(dataDir, LOCAL_KEY_FILE);
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two first starts at once never overwrite each other's key.
  try {
    writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  }
}

let ofThisProcess: SecretSealer | undefined;

/** A sealer whose key lives as long as the process: the tests' stores, which nothing outlives. */
export function processSealer(): SecretSealer {
  ofThisProcess ??= new SecretSealer(localDataKeys(randomBytes(32)));
  return ofThisProcess;
}
