/**
 * The AWS SDK's credentials in the Lambda bundles: the execution role's, which Lambda always puts in
 * the environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`).
 *
 * infra/cdk/bundling.ts aliases `@aws-sdk/credential-provider-node` to this module, so the SDK
 * clients' default `credentialDefaultProvider` is this one in what is deployed. The SDK's default
 * chain reads these same variables first (its `fromEnv`), and in Lambda they are always set, so
 * its other links — SSO, ini files and `credential_process`, web identity, ECS and EC2 metadata —
 * never run there; yet the client imports them statically, with the STS, SSO and sign-in clients
 * they use, which every bundle and cold start paid (bench/README.md). Anywhere else (tests, the
 * local stack, scripts) the SDK keeps its default chain: this module is used by the bundles only.
 *
 * It imports nothing, so the alias adds no dependency of its own.
 */

export const ENV_KEY = "AWS_ACCESS_KEY_ID";
export const ENV_SECRET = "AWS_SECRET_ACCESS_KEY";
export const ENV_SESSION = "AWS_SESSION_TOKEN";
export const ENV_EXPIRATION = "AWS_CREDENTIAL_EXPIRATION";

/** The SDK's `AwsCredentialIdentity` (@smithy/types), the fields this provider can fill. */
export interface EnvCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  readonly expiration?: Date;
}

/** A credential provider: the SDK calls it before signing each request. */
export type EnvCredentialProvider = () => Promise<EnvCredentials>;

/**
 * Reads the credentials from the environment at each call (a few property reads, against a request
 * to AWS), so a provider never holds credentials the environment no longer has.
 */
export function fromLambdaEnvironment(env: NodeJS.ProcessEnv = process.env): EnvCredentialProvider {
  return async () => {
    const accessKeyId = env[ENV_KEY];
    const secretAccessKey = env[ENV_SECRET];
    if (!accessKeyId || !secretAccessKey) {
      throw new Error(
        `no AWS credentials: ${ENV_KEY} and ${ENV_SECRET} are not set (Lambda sets them; ` +
          "this bundle reads no other source)",
      );
    }
    const sessionToken = env[ENV_SESSION];
    const expiration = env[ENV_EXPIRATION];
    return {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken ? { sessionToken } : {}),
      ...(expiration ? { expiration: new Date(expiration) } : {}),
    };
  };
}

/**
 * What `@aws-sdk/credential-provider-node` exports and the clients' runtime config calls (with the
 * client's config, which an environment provider has no use for).
 */
export const defaultProvider = (_init?: unknown): EnvCredentialProvider => fromLambdaEnvironment();
