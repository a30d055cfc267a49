import { Webhook } from "standardwebhooks";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeDuel, auditOf, DUEL_BODY, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { GENERIC_SECRET } from "../support/requests.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const AT = "2026-11-30T10:05:00Z";
const alicePost = (extra: Partial<Parameters<typeof postPayload>[0]> = {}) =>
  postPayload({ postId: "5001", author: ALICE, createdAt: AT, content: turnContent("Bob Martin"), ...extra });

describe("CONTRACT 4.1 generic webhook (Standard Webhooks)", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
  });

  it("CONTRACT 4.3 a signed post.created in a duel thread is applied", async () => {
    const res = await h.generic(alicePost());
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId } });
    expect((await auditOf(h, duelId)).some((e) => e.type === "turn.played" && e.postId === "5001")).toBe(
      true,
    );
    expect((await h.admin("GET", `/duels/${duelId}`)).body.turn).toMatchObject({
      duelistId: "43",
      number: 2,
    });
  });

  it("CONTRACT 4.3 the same delivery again is a duplicate and changes nothing", async () => {
    await h.generic(alicePost(), { id: "msg_same" });
    const before = await auditOf(h, duelId);
    expect((await h.generic(alicePost(), { id: "msg_same" })).body).toEqual({ result: "duplicate", duelId });
    expect(await auditOf(h, duelId)).toEqual(before);
  });

  it("CONTRACT 4.3 the same post and content under a new webhook-id is a duplicate", async () => {
    await h.generic(alicePost(), { id: "msg_first" });
    const before = await auditOf(h, duelId);
    expect((await h.generic(alicePost(), { id: "msg_retry" })).body).toEqual({ result: "duplicate", duelId });
    expect(await auditOf(h, duelId)).toEqual(before);
  });

  it("CONTRACT 4.3 a post in a thread that is not a duel is ignored", async () => {
    const res = await h.generic(alicePost({ threadId: "9999" }));
    expect(res).toEqual({ status: 200, body: { result: "ignored" } });
  });

  it("CONTRACT 2 a bad signature is 401 and changes nothing", async () => {
    const before = await h.admin("GET", `/duels/${duelId}`);
    const other = `whsec_${Buffer.from("another-secret-of-32-bytes-long!").toString("base64")}`;
    const res = await h.generic(alicePost(), { secret: other });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "invalid_signature", message: expect.any(String) });
    const tampered = await h.genericRaw(JSON.stringify(alicePost()), { signature: "v1,AAAA" });
    expect(tampered.status).toBe(401);
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toEqual(before.body);
    expect((await auditOf(h, duelId)).some((e) => e.type.startsWith("post."))).toBe(false);
  });

  it("CONTRACT 2 every refused signature is a 401 `invalid_signature` that says why", async () => {
    const raw = JSON.stringify(alicePost());
    const send = async (headers: Record<string, string>) => {
      const res = await h.app.request("/webhooks/poudlard/generic", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: raw,
      });
      return { status: res.status, error: ((await res.json()) as { error: unknown }).error };
    };
    // Signed by the library, the reference our own verification is held to.
    const signed = (at: Date, secret = GENERIC_SECRET) => ({
      "webhook-id": "msg_why",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign("msg_why", at, raw),
    });
    const { "webhook-id": _id, ...noId } = signed(new Date());
    const refusals = [
      await send(noId),
      await send({ ...signed(new Date()), "webhook-timestamp": "demain" }),
      await send(signed(new Date(Date.now() - 10 * 60_000))),
      await send(signed(new Date(Date.now() + 10 * 60_000))),
      await send({ ...signed(new Date()), "webhook-signature": "v1,AAAA v1a,AAAA" }),
    ];
    // A secret that is not base64 (an `=` inside), as a forum may hold from before the settings
    // refused such secrets (test/http/forums.test.ts): written to the store directly.
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("the forum is set up by beforeEach");
    await h.store.putForum({ ...forum, webhookSecrets: { generic: "whsec_AAAA=AAAAAAAAAAAAAAAAAAAAAA" } });
    refusals.push(await send(signed(new Date())));
    expect(refusals).toEqual(
      [
        "en-tête webhook-id, webhook-timestamp ou webhook-signature manquant",
        "en-tête webhook-timestamp illisible",
        "horodatage de plus de 5 minutes dans le passé",
        "horodatage de plus de 5 minutes dans le futur",
        "aucune signature ne correspond au secret du forum",
        "signature invalide",
      ].map((reason) => ({
        status: 401,
        error: { code: "invalid_signature", message: `Signature refusée : ${reason}.` },
      })),
    );
    expect((await auditOf(h, duelId)).some((e) => e.type.startsWith("post."))).toBe(false);
  });

  it("a process's next delivery of a forum reads the forum once, in its one consistent read", async () => {
    expect((await h.generic(alicePost())).status).toBe(200);
    const reads = vi.spyOn(h.store, "getForum");
    const bob = postPayload({
      postId: "5002",
      author: { id: "43", name: "Bob Martin" },
      createdAt: "2026-11-30T10:06:00Z",
      content: turnContent("Alice Dubois"),
    });
    expect((await h.generic(bob)).body).toEqual({ result: "applied", duelId });
    expect(reads).not.toHaveBeenCalled();
  });

  it("CONTRACT 4.1 a secret changed after a delivery: the old one is refused at once, the new one accepted", async () => {
    expect((await h.generic(alicePost())).status).toBe(200);
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("the forum is set up by beforeEach");
    const fresh = `whsec_${Buffer.from("a new secret of thirty-two bytes").toString("base64")}`;
    await h.store.putForum({ ...forum, webhookSecrets: { ...forum.webhookSecrets, generic: fresh } });
    const bob = postPayload({
      postId: "5002",
      author: { id: "43", name: "Bob Martin" },
      createdAt: "2026-11-30T10:06:00Z",
      content: turnContent("Alice Dubois"),
    });
    const old = await h.generic(bob);
    expect(old.status).toBe(401);
    expect(old.body.error).toMatchObject({ code: "invalid_signature" });
    expect((await auditOf(h, duelId)).some((e) => e.type === "turn.played" && e.postId === "5002")).toBe(
      false,
    );
    expect((await h.generic(bob, { secret: fresh })).body).toEqual({ result: "applied", duelId });
  });

  it("CONTRACT 4.1 a timestamp 10 minutes old is refused (real time, even under a manual clock)", async () => {
    const res = await h.generic(alicePost(), { timestamp: new Date(Date.now() - 10 * 60_000) });
    expect(res.status).toBe(401);
    const ahead = await h.generic(alicePost(), { timestamp: new Date(Date.now() + 10 * 60_000) });
    expect(ahead.status).toBe(401);
  });

  it("CONTRACT 2 an unknown forum is 401", async () => {
    const res = await h.generic(alicePost(), { forumId: "nowhere" });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("CONTRACT 2 malformed JSON with a valid signature is 400", async () => {
    const res = await h.genericRaw('{"type":"post.created","data":');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_json", message: expect.any(String) });
  });

  it("CONTRACT 2 a missing field is 400 with details naming it", async () => {
    const payload = alicePost();
    const { postId: _postId, ...data } = payload.data;
    const res = await h.generic({ ...payload, data });
    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; details: { path: string }[] };
    expect(error.code).toBe("invalid_body");
    expect(error.details.map((d) => d.path)).toContain("data.postId");
    const noContent = await h.generic({ ...payload, data: { ...payload.data, content: undefined } });
    expect(noContent.status).toBe(400);
    expect((noContent.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toContain(
      "data.content",
    );
  });

  it("R-6.3 editing a duelist's post is an action fault", async () => {
    await h.generic(alicePost());
    const edit = postPayload({
      postId: "5001",
      author: ALICE,
      createdAt: AT,
      content: turnContent("Bob Martin", "Incendio"),
      type: "post.edited",
    });
    const res = await h.generic({
      ...edit,
      timestamp: "2026-11-30T10:20:00Z",
      data: { ...edit.data, updatedAt: "2026-11-30T10:20:00Z" },
    });
    expect(res.body).toEqual({ result: "applied", duelId });
    const faults = (await auditOf(h, duelId)).filter((e) => e.type === "fault.action");
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({
      duelistId: "42",
      postId: "5001",
      violations: ["edited"],
      rule: "R-6.3",
    });
  });

  it("R-6.3 deleting a duelist's post is an action fault (a deletion may omit content)", async () => {
    await h.generic(alicePost());
    const res = await h.generic({
      type: "post.deleted",
      timestamp: "2026-11-30T10:30:00Z",
      data: { threadId: "1234", postId: "5001", author: ALICE, createdAt: AT },
    });
    expect(res.body).toEqual({ result: "applied", duelId });
    const audit = await auditOf(h, duelId);
    expect(audit.filter((e) => e.type === "post.tampered")).toMatchObject([
      { postId: "5001", how: "deleted" },
    ]);
    expect(audit.filter((e) => e.type === "fault.action")).toMatchObject([
      { duelistId: "42", violations: ["deleted"] },
    ]);
  });

  it("CONTRACT 4.1 data.updatedAt is when the edit or deletion happened (default: the envelope's timestamp)", async () => {
    await h.generic(alicePost());
    await h.generic(alicePost({ postId: "5002", author: { id: "43", name: "Bob Martin" } }));
    const edit = alicePost({ type: "post.edited", content: turnContent("Bob Martin", "Incendio") });
    await h.generic({
      ...edit,
      timestamp: "2026-11-30T10:40:00Z",
      data: { ...edit.data, updatedAt: "2026-11-30T10:20:00Z" },
    });
    await h.generic({
      type: "post.deleted",
      timestamp: "2026-11-30T10:30:00Z",
      data: { threadId: "1234", postId: "5002", author: { id: "43", name: "Bob Martin" }, createdAt: AT },
    });
    const tampered = (await auditOf(h, duelId)).filter((e) => e.type === "post.tampered");
    expect(tampered.map((e) => [e.postId, e.how, e.at])).toEqual([
      ["5001", "edited", "2026-11-30T10:20:00.000Z"],
      ["5002", "deleted", "2026-11-30T10:30:00.000Z"],
    ]);
  });

  it("CONTRACT 4.1 in forum dice mode the webhook's dice are the turn's dice", async () => {
    const forumDuel = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "4321", dice: "forum" });
    const id = forumDuel.body.id as string;
    await h.admin("POST", `/duels/${id}/commands`, { command: "top" });
    const payload = alicePost({ threadId: "4321", postId: "5101" });
    expect((await h.generic({ ...payload, data: { ...payload.data, dice: [5, 2] } })).body).toEqual({
      result: "applied",
      duelId: id,
    });
    expect((await auditOf(h, id)).find((e) => e.type === "turn.played")).toMatchObject({
      postId: "5101",
      dice: [5, 2],
    });
    const badDie = await h.generic({ ...payload, data: { ...payload.data, postId: "5102", dice: [7, 2] } });
    expect(badDie.status).toBe(400);
  });

  it("CONTRACT 4.1 the raw body is verified and read as JSON whatever the Content-Type", async () => {
    // Senders mislabel bodies (Discourse's form mode keeps a JSON body): the signature covers the
    // bytes, so the receiver reads the raw body and never looks at Content-Type.
    const res = await h.genericRaw(JSON.stringify(alicePost()), { contentType: "text/plain" });
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId } });
  });
});
