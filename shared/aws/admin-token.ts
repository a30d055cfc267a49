import { hashToken, tokenWeakness } from "../http/tokens.js";

/**
 * The admin token's hash, read once from Secrets Manager through the AWS Parameters and
 * Secrets Lambda Extension (a local HTTP endpoint with its own cache), so the function needs
 * no Secrets Manager SDK and the token never sits in an environment variable. Only its hash is
 * kept in memory.
 */
export function adminTokenHashFromSecret(
  secretId: string,
  env: NodeJS.ProcessEnv = process.env,
): () => Promise<string> {
  let cached: Promise<string> | null = null;
  const load = async (): Promise<string> => {
    const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? "2773";
    const response = await fetch(
      `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
      {
        headers: { "X-Aws-Parameters-Secrets-Token": env.AWS_SESSION_TOKEN ?? "" },
        signal: AbortSignal.timeout(3000),
      },
    );
    if (!response.ok) throw new Error(`admin token secret unreadable: HTTP ${response.status}`);
    const body = (await response.json()) as { SecretString?: string };
    if (!body.SecretString) throw new Error("admin token secret is empty");
    const token = body.SecretString.trim();
    // A secret set by hand must be as strong as a generated one (CONTRACT.md 3.1).
    if (tokenWeakness(token)) throw new Error("admin token secret is too weak (24+ varied characters)");
    return hashToken(token);
  };
  return () => {
    cached ??= load().catch((error) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}
