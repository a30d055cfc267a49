import { beforeEach, describe, expect, it } from "vitest";
import { createWebhookApp, MAX_BODY_BYTES } from "../../shared/http/webhook-app.js";
import { activeDuel, auditOf, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { requests } from "../support/requests.js";

const ALICE = { id: "42", name: "Alice Dubois" };

/**
 * The webhook function's app (functions/webhook): the same receivers as `createApp`, on the same
 * store and decider, and nothing of the admin side.
 */
describe("createWebhookApp", () => {
  let h: MemoryHarness;
  let duelId: string;
  let app: ReturnType<typeof createWebhookApp>;
  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
    app = createWebhookApp({
      store: h.store,
      duels: h.duels,
      clock: h.clock,
      rollDice: () => [3, 3],
      log: () => {},
    });
  });

  const deliver = (payload: unknown, id = "msg_webhook_app") =>
    requests(app).genericRaw(JSON.stringify(payload), { id });

  it("applies a signed post as the whole app does, and answers a repeat as a duplicate", async () => {
    const post = postPayload({
      postId: "5001",
      author: ALICE,
      createdAt: "2026-11-30T10:05:00Z",
      content: turnContent("Bob Martin"),
    });
    expect(await deliver(post)).toEqual({ status: 200, body: { result: "applied", duelId } });
    expect((await auditOf(h, duelId)).some((e) => e.type === "turn.played" && e.postId === "5001")).toBe(
      true,
    );
    // The same delivery through the whole app: one delivery, whichever function received it first.
    const again = await h.generic(post, { id: "msg_webhook_app" });
    expect(again.body).toEqual({ result: "duplicate", duelId });
  });

  it("refuses a bad signature and an oversized body as the whole app does", async () => {
    const res = await app.request("/webhooks/poudlard/generic", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "x",
        "webhook-timestamp": "1",
        "webhook-signature": "v1,AAAA",
      },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_signature");
    const big = await app.request("/webhooks/poudlard/generic", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(MAX_BODY_BYTES + 1),
    });
    expect(big.status).toBe(413);
  });

  it("answers /healthz, and 404 to everything of the admin side", async () => {
    expect(await (await app.request("/healthz")).json()).toEqual({ ok: true });
    for (const path of [
      "/forums/poudlard",
      `/duels/${duelId}`,
      "/status",
      "/admin",
      "/openapi.json",
      "/docs",
    ]) {
      const res = await app.request(path, { headers: { Authorization: "Bearer test-admin-token" } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Route inconnue." } });
    }
  });
});
