import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from "@aws-sdk/client-kms";
import type { DataKeys } from "./envelope.js";

/**
 * Data keys from the stack's KMS key: `GenerateDataKey` (AES-256) when a secret is sealed,
 * `Decrypt` (naming the key, so a blob of another key is refused) when one is opened.
 */
export function kmsDataKeys(client: KMSClient, keyId: string): DataKeys {
  return {
    async generate() {
      const answer = await client.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: "AES_256" }));
      if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error("KMS returned no data key");
      return { plaintext: answer.Plaintext, encrypted: answer.CiphertextBlob };
    },
    async decrypt(encrypted) {
      const answer = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: encrypted }));
      if (!answer.Plaintext) throw new Error("KMS returned no plaintext");
      return answer.Plaintext;
    },
  };
}
