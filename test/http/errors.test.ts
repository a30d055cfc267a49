import { beforeAll, describe, expect, it } from "vitest";
import { discourseFixture, discourseSignature } from "../support/discourse.js";
import { DUEL_BODY, postPayload } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";

/** The error shape of CONTRACT.md section 2, on any non-2xx answer. */
async function expectErrorBody(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
  return body;
}

/** 1.1 MiB of valid JSON: too large before anything is parsed. */
const HUGE = JSON.stringify({
  ...postPayload({
    postId: "1",
    author: { id: "42", name: "Alice" },
    createdAt: "2026-11-30T10:05:00Z",
    content: "x".repeat(1.1 * 1024 * 1024),
  }),
});
const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" };

describe("CONTRACT 2 errors", () => {
  let h: MemoryHarness;
  beforeAll(async () => {
    h = await memoryHarness();
    await h.forum();
  });

  it("CONTRACT 2 a body over 1 MiB to the generic webhook is 413 payload_too_large", async () => {
    const signed = await h.genericRaw(HUGE);
    expect(signed.status).toBe(413);
    expect(signed.body.error).toMatchObject({ code: "payload_too_large", message: expect.any(String) });
  });

  it("CONTRACT 2 a body over 1 MiB to the Discourse webhook is 413, declared length or not", async () => {
    const { "Content-Length": _recorded, ...recorded } = discourseFixture("post_created").headers;
    const headers = { ...recorded, "X-Discourse-Event-Signature": discourseSignature(HUGE) };
    const declared = await h.app.request("/webhooks/poudlard/discourse", {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(HUGE)) },
      body: HUGE,
    });
    await expectErrorBody(declared, 413, "payload_too_large");
    const undeclared = await h.app.request("/webhooks/poudlard/discourse", {
      method: "POST",
      headers,
      body: HUGE,
    });
    await expectErrorBody(undeclared, 413, "payload_too_large");
  });

  it("CONTRACT 2 a body over 1 MiB to POST /duels is 413 before it is parsed", async () => {
    const huge = JSON.stringify({ ...DUEL_BODY, stakes: "x".repeat(1.1 * 1024 * 1024) });
    await expectErrorBody(
      await h.app.request("/duels", { method: "POST", headers: auth, body: huge }),
      413,
      "payload_too_large",
    );
    const notJson = `{${"x".repeat(1.1 * 1024 * 1024)}`;
    await expectErrorBody(
      await h.app.request("/duels", { method: "POST", headers: auth, body: notJson }),
      413,
      "payload_too_large",
    );
  });

  it("CONTRACT 2 a body of exactly 1 MiB is not refused as too large", async () => {
    const padded = JSON.stringify({ ...DUEL_BODY, threadId: "exact", stakes: "" });
    const body = `${padded}${" ".repeat(1024 * 1024 - Buffer.byteLength(padded))}`;
    const res = await h.app.request("/duels", { method: "POST", headers: auth, body });
    expect(res.status).toBe(201);
  });

  it("CONTRACT 2 an unknown route is 404 JSON", async () => {
    await expectErrorBody(await h.app.request("/nowhere"), 404, "not_found");
    await expectErrorBody(await h.app.request("/duels/poudlard.1234/nothing", { headers: auth }), 404);
  });

  it("CONTRACT 2 GET on a POST-only route is a 4xx JSON error", async () => {
    for (const path of [
      "/webhooks/poudlard/generic",
      "/webhooks/poudlard/discourse",
      `/duels/poudlard.1234/commands?token=${ADMIN_TOKEN}`,
    ]) {
      const res = await h.app.request(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      await expectErrorBody(res, res.status);
    }
  });

  it("CONTRACT 2 malformed JSON to the admin API is 400", async () => {
    await expectErrorBody(
      await h.app.request("/duels", { method: "POST", headers: auth, body: "{nope" }),
      400,
      "invalid_json",
    );
    await expectErrorBody(
      await h.app.request("/forums/poudlard", { method: "PUT", headers: auth, body: "" }),
      400,
    );
  });

  it("CONTRACT 2 every refusal carries {error: {code, message}}", async () => {
    await expectErrorBody(await h.app.request("/duels"), 401, "unauthorized");
    await expectErrorBody(await h.app.request("/status", { headers: { Authorization: "Bearer nope" } }), 401);
    await expectErrorBody(
      await h.app.request("/duels/poudlard.404", { headers: auth }),
      404,
      "duel_not_found",
    );
    await expectErrorBody(
      await h.app.request("/duels", { method: "POST", headers: auth, body: "{}" }),
      400,
      "invalid_body",
    );
    const unsigned = await h.app.request("/webhooks/poudlard/generic", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await expectErrorBody(unsigned, 401);
    await expectErrorBody(
      await h.app.request("/webhooks/bad.id/generic", { method: "POST", body: "{}" }),
      400,
    );
  });
});
