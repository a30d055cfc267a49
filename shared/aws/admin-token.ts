import { hashToken, tokenWeakness } from "../http/tokens.js";

/**
 * The admin token's hash, read once from its Parameter Store SecureString (`GetParameter` with
 * decryption) through the AWS Parameters and Secrets Lambda Extension (a local HTTP endpoint with its
 * own cache), so the function needs no SSM SDK and the token never sits in an environment variable.
 * Only its hash is kept in memory, for the container's life; a failed read is tried again on the
 * next request.
 */
export function adminTokenHashFromParameter(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): () => Promise<string> {
  let cached: Promise<string> | null = null;
  const load = async (): Promise<string> => {
    const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? "2773";
    const query = new URLSearchParams({ name, withDecryption: "true" });
    const response = await fetch(`http://localhost:${port}/systemsmanager/parameters/get?${query}`, {
      headers: { "X-Aws-Parameters-Secrets-Token": env.AWS_SESSION_TOKEN ?? "" },
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(`admin token parameter ${name} unreadable: HTTP ${response.status}`);
    const body = (await response.json()) as { Parameter?: { Type?: string; Value?: string } };
    const parameter = body.Parameter;
    // A plain String parameter would hold the token in clear: refused, so the mistake is seen at once.
    if (parameter?.Type !== "SecureString")
      throw new Error(`admin token parameter ${name} is not a SecureString`);
    const token = parameter.Value?.trim();
    if (!token) throw new Error(`admin token parameter ${name} is empty`);
    // A token set by hand must be as strong as a generated one (CONTRACT.md 3.1).
    if (tokenWeakness(token)) throw new Error("admin token parameter is too weak (24+ varied characters)");
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
