import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { freePort } from "../../infra/local/dynamodb-local.js";
import { discourseFixture, discourseSignature } from "../support/discourse.js";
import { DUEL_BODY } from "../support/duels.js";
import { localClient, pipelineOn } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";

describe("CONTRACT 2 storage unavailable", () => {
  let app: ReturnType<typeof pipelineOn>["app"];
  let client: DynamoDBClient;
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" };

  beforeAll(async () => {
    // A loopback port nothing listens on: DynamoDB is down, really (no mock).
    client = localClient({ endpoint: `http://127.0.0.1:${await freePort()}`, maxAttempts: 1 });
    app = pipelineOn({ client, tableName: "down" }, new ManualClock("2026-11-30T10:00:00.000Z")).app;
  });
  afterAll(() => client.destroy());

  async function expect503(res: Response) {
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await res.json()).toMatchObject({
      error: { code: "storage_unavailable", message: expect.any(String) },
    });
  }

  it("CONTRACT 2 reads and registrations answer 503 storage_unavailable (safe to retry)", async () => {
    await expect503(await app.request("/duels/poudlard.1234", { headers: auth }));
    await expect503(
      await app.request("/duels", { method: "POST", headers: auth, body: JSON.stringify(DUEL_BODY) }),
    );
  });

  it("CONTRACT 2 a webhook answers 503, so the forum retries it later", async () => {
    const fixture = discourseFixture("post_created");
    const raw = JSON.stringify(fixture.body);
    const headers = {
      ...fixture.headers,
      "Content-Length": String(Buffer.byteLength(raw)),
      "X-Discourse-Event-Signature": discourseSignature(raw),
    };
    await expect503(
      await app.request("/webhooks/poudlard/discourse", { method: "POST", headers, body: raw }),
    );
  });

  it("CONTRACT 6 /status reports the storage as down, and /healthz stays alive", async () => {
    const res = await app.request("/status", { headers: auth });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: { code: "unhealthy", message: expect.any(String) },
      ok: false,
      storage: { ok: false },
    });
    expect((await app.request("/healthz")).status).toBe(200);
  });
});
