import { createHash, createHmac, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { firstTurnRequests } from "./first-turn-requests.js";

/**
 * The same two requests as `dynamodb-sdk-handler.ts`, sent without the SDK: DynamoDB's JSON
 * protocol over `node:http(s)`, signed with Signature Version 4 from `node:crypto`. A yardstick for
 * the bench only: the functions use `@aws-sdk/client-dynamodb` (the design card fixes it), and
 * this has none of its retries, error types, endpoint rules or credential refresh.
 */
const endpoint = new URL(
  process.env.AWS_ENDPOINT_URL_DYNAMODB ?? `https://dynamodb.${process.env.AWS_REGION}.amazonaws.com`,
);
const region = process.env.AWS_REGION ?? "";

const sha256 = (data: string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

function signedHeaders(target: string, payload: string): Record<string, string> {
  const amzDate = new Date().toISOString().replace(/[:-]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    "content-type": "application/x-amz-json-1.0",
    host: endpoint.host,
    "x-amz-date": amzDate,
    "x-amz-target": `DynamoDB_20120810.${target}`,
    ...(process.env.AWS_SESSION_TOKEN ? { "x-amz-security-token": process.env.AWS_SESSION_TOKEN } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    "POST",
    "/",
    "",
    ...names.map((n) => `${n}:${headers[n]}`),
    "",
    names.join(";"),
    sha256(payload),
  ];
  const scope = `${day}/${region}/dynamodb/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical.join("\n"))].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${process.env.AWS_SECRET_ACCESS_KEY}`, day), region), "dynamodb"),
    "aws4_request",
  );
  const signature = hmac(key, toSign).toString("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`;
  return headers;
}

function call(target: string, body: unknown): Promise<unknown> {
  const payload = JSON.stringify(body);
  const send = endpoint.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(endpoint, { method: "POST", headers: signedHeaders(target, payload) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`${target}: ${res.statusCode} ${text}`));
        else resolve(JSON.parse(text));
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

export const handler = async () => {
  const requests = firstTurnRequests(process.env.TABLE_NAME ?? "", randomUUID());
  await call("BatchGetItem", requests.batchGet);
  await call("TransactWriteItems", requests.transactWrite);
  return { statusCode: 200 };
};
