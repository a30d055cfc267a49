import { describe, expect, it } from "vitest";
import { defaultProvider, fromLambdaEnvironment } from "../../shared/aws/lambda-credentials.js";

describe("the Lambda bundles' credential provider", () => {
  it("reads the role's credentials from the environment, session token included", async () => {
    const provider = fromLambdaEnvironment({
      AWS_ACCESS_KEY_ID: "ASIAEXAMPLE",
      AWS_SECRET_ACCESS_KEY: "secret",
      AWS_SESSION_TOKEN: "token",
    });
    expect(await provider()).toEqual({
      accessKeyId: "ASIAEXAMPLE",
      secretAccessKey: "secret",
      sessionToken: "token",
    });
  });

  it("gives an expiration when the environment has one", async () => {
    const provider = fromLambdaEnvironment({
      AWS_ACCESS_KEY_ID: "a",
      AWS_SECRET_ACCESS_KEY: "b",
      AWS_CREDENTIAL_EXPIRATION: "2026-12-01T12:00:00Z",
    });
    expect(await provider()).toEqual({
      accessKeyId: "a",
      secretAccessKey: "b",
      expiration: new Date("2026-12-01T12:00:00Z"),
    });
  });

  it("reads them anew at each call", async () => {
    const env: NodeJS.ProcessEnv = { AWS_ACCESS_KEY_ID: "first", AWS_SECRET_ACCESS_KEY: "s" };
    const provider = fromLambdaEnvironment(env);
    expect((await provider()).accessKeyId).toBe("first");
    env.AWS_ACCESS_KEY_ID = "second";
    expect((await provider()).accessKeyId).toBe("second");
  });

  it("fails, saying why, when they are missing", async () => {
    await expect(fromLambdaEnvironment({ AWS_ACCESS_KEY_ID: "a" })()).rejects.toThrow(
      /no AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set/,
    );
  });

  it("is what the SDK's clients call: defaultProvider(config) gives a provider of process.env", async () => {
    const saved = { ...process.env };
    try {
      process.env.AWS_ACCESS_KEY_ID = "from-process";
      process.env.AWS_SECRET_ACCESS_KEY = "s";
      delete process.env.AWS_SESSION_TOKEN;
      delete process.env.AWS_CREDENTIAL_EXPIRATION;
      expect(await defaultProvider({ region: "eu-west-3" })()).toEqual({
        accessKeyId: "from-process",
        secretAccessKey: "s",
      });
    } finally {
      process.env = saved;
    }
  });
});
