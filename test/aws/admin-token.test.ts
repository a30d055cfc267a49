import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminTokenHashFromParameter } from "../../shared/aws/admin-token.js";
import { hashToken } from "../../shared/http/tokens.js";

/**
 * CONTRACT 3.1 (the operator's token, kept hashed): the HTTP function reads the token from its
 * Parameter Store SecureString through the Parameters and Secrets extension's local endpoint. The
 * extension is played here by a loopback server answering as it does (GetParameter's JSON).
 */
const TOKEN = "Xq7vR2mK9pL4sT8wZ3nB6yC1dF5gH0jQ";
const NAME = "/DuelReferee/admin-token";

let server: Server;
let port: string;
let answer: { status: number; body: unknown };
const requests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = String((server.address() as AddressInfo).port);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: { Parameter: { Name: NAME, Type: "SecureString", Value: `${TOKEN}\n` } } };
});

const env = () => ({ PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: port, AWS_SESSION_TOKEN: "session" });

describe("the admin token from Parameter Store (CONTRACT 3.1)", () => {
  it("asks the extension for the parameter decrypted, with the session token, and keeps only its hash", async () => {
    const read = adminTokenHashFromParameter(NAME, env());
    expect(await read()).toBe(hashToken(TOKEN));
    const [request] = requests;
    const url = new URL(request?.url ?? "", "http://localhost");
    expect(url.pathname).toBe("/systemsmanager/parameters/get");
    expect(url.searchParams.get("name")).toBe(NAME);
    expect(url.searchParams.get("withDecryption")).toBe("true");
    expect(request?.headers["x-aws-parameters-secrets-token"]).toBe("session");
  });

  it("reads it once per container, and again after a failed read", async () => {
    const read = adminTokenHashFromParameter(NAME, env());
    answer = { status: 400, body: { message: "ParameterNotFound" } };
    await expect(read()).rejects.toThrow(/unreadable: HTTP 400/);
    answer = { status: 200, body: { Parameter: { Type: "SecureString", Value: TOKEN } } };
    await read();
    await read();
    expect(requests).toHaveLength(2);
  });

  it("refuses a plain String parameter, an empty one and a weak token", async () => {
    answer = { status: 200, body: { Parameter: { Type: "String", Value: TOKEN } } };
    await expect(adminTokenHashFromParameter(NAME, env())()).rejects.toThrow(/not a SecureString/);
    answer = { status: 200, body: { Parameter: { Type: "SecureString", Value: " " } } };
    await expect(adminTokenHashFromParameter(NAME, env())()).rejects.toThrow(/empty/);
    answer = { status: 200, body: { Parameter: { Type: "SecureString", Value: "secret" } } };
    await expect(adminTokenHashFromParameter(NAME, env())()).rejects.toThrow(/too weak/);
  });
});
