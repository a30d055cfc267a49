import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The bench's KMS: a data key's "encrypted" form is the key itself. The bench's apps seal the forums'
 * secrets with `benchDataKeys`, and the functions' cold starts open them through the real KMS client
 * against `startFakeKms` (AWS_ENDPOINT_URL_KMS), which answers `Decrypt` with the blob it is given:
 * the request a cold first turn makes to KMS, without AWS.
 */
export { echoDataKeys as benchDataKeys } from "../infra/cdk/warmup-world.js";

export async function startFakeKms(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      const input = JSON.parse(body || "{}") as { CiphertextBlob?: string; KeyId?: string };
      res.setHeader("content-type", "application/x-amz-json-1.1");
      if (target.endsWith(".Decrypt") && input.CiphertextBlob) {
        res.end(
          JSON.stringify({
            Plaintext: input.CiphertextBlob,
            KeyId: input.KeyId,
            EncryptionAlgorithm: "SYMMETRIC_DEFAULT",
          }),
        );
        return;
      }
      res.statusCode = 400;
      res.end(JSON.stringify({ __type: "UnsupportedOperationException", message: target }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
