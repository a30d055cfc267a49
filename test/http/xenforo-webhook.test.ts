import { beforeEach, describe, expect, it } from "vitest";
import { auditOf, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";
import {
  sendXenForo,
  XENFORO_DUEL,
  XENFORO_SECRET,
  xenforoFixture,
  xenforoPostBody,
} from "./xenforo-support.js";

const insert = xenforoFixture("post-insert.json");

describe("CONTRACT 4.5 XenForo 2.3 webhook", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness({ start: "2026-03-14T19:00:00.000Z" });
    await h.forum({
      webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET, xenforo: XENFORO_SECRET },
    });
    duelId = (await h.admin("POST", "/duels", XENFORO_DUEL)).body.id as string;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
  });

  const turnsPlayed = async () => (await auditOf(h, duelId)).filter((e) => e.type === "turn.played");

  it("CONTRACT 4.5 a post inserted, in XenForo's JSON (\\u00e9, \\/, nested Thread, BBCode), is the duelist's turn", async () => {
    expect(insert).toContain("l\\u00e8ve");
    expect(insert).toContain("https:\\/\\/www.pre-au-lard.fr");
    expect(await sendXenForo(h, insert)).toEqual({ status: 200, body: { result: "applied", duelId } });
    const audit = await auditOf(h, duelId);
    expect(audit.find((e) => e.type === "post.recorded")).toMatchObject({
      postId: "98765",
      authorId: "1289",
      at: "2026-03-14T19:41:07.000Z",
    });
    expect(await turnsPlayed()).toMatchObject([
      { postId: "98765", duelistId: "1289", spellId: expect.any(String), targetId: "1290", valid: true },
    ]);
  });

  it("CONTRACT 4.5 the same post form-encoded (form_params) is read the same, and is the same delivery", async () => {
    const form = xenforoFixture("post-insert.form");
    expect(form).toContain("data%5BThread%5D%5Btitle%5D=Duel+%3A+Luna+contre+Pansy");
    expect(await sendXenForo(h, form)).toEqual({ status: 200, body: { result: "applied", duelId } });
    expect(await turnsPlayed()).toMatchObject([{ postId: "98765", duelistId: "1289", valid: true }]);
    expect((await sendXenForo(h, insert)).body).toEqual({ result: "duplicate", duelId });
  });

  it("CONTRACT 4.5 a missing or wrong secret is refused with 401 and changes nothing", async () => {
    const before = (await auditOf(h, duelId)).length;
    const missing = await sendXenForo(h, insert, { secret: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: { code: "invalid_secret" } });
    const wrong = await sendXenForo(h, insert, { secret: `${XENFORO_SECRET}x` });
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: "invalid_secret" } } });
    // An unknown forum is answered exactly as a wrong secret: forum ids cannot be guessed (CONTRACT 4.1).
    const unknown = await sendXenForo(h, insert, { forumId: "ailleurs" });
    expect(unknown).toEqual(wrong);
    expect((await auditOf(h, duelId)).length).toBe(before);
  });

  it("CONTRACT 4.5 a forum without a XenForo secret refuses every XenForo delivery", async () => {
    await h.forum();
    expect(await sendXenForo(h, insert)).toMatchObject({
      status: 401,
      body: { error: { code: "invalid_secret" } },
    });
  });

  it("CONTRACT 4.5 the clear-text secret is refused when a proxy says the request came over HTTP", async () => {
    const res = await sendXenForo(h, insert, { headers: { "X-Forwarded-Proto": "http" } });
    expect(res).toMatchObject({ status: 403, body: { error: { code: "https_required" } } });
    expect(await turnsPlayed()).toEqual([]);
    const https = await sendXenForo(h, insert, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.body).toEqual({ result: "applied", duelId });
  });

  it("CONTRACT 4.3 a retried delivery (same bytes) and a save for a reaction (same message) are duplicates", async () => {
    await sendXenForo(h, insert);
    expect((await sendXenForo(h, insert)).body).toEqual({ result: "duplicate", duelId });
    const reaction = xenforoFixture("post-update-reaction.json");
    expect((await sendXenForo(h, reaction)).body).toEqual({ result: "duplicate", duelId });
    expect(await turnsPlayed()).toHaveLength(1);
    expect((await auditOf(h, duelId)).filter((e) => e.type === "fault.action")).toEqual([]);
  });

  it("R-6.3 an update that changes the message is an edit: one action fault, once", async () => {
    await sendXenForo(h, insert);
    const edit = xenforoFixture("post-update-edit.json");
    expect((await sendXenForo(h, edit)).body).toEqual({ result: "applied", duelId });
    expect((await sendXenForo(h, edit)).body).toEqual({ result: "duplicate", duelId });
    const faults = (await auditOf(h, duelId)).filter(
      (e) => e.type === "post.tampered" || e.type === "fault.action",
    );
    expect(faults).toMatchObject([
      { type: "post.tampered", postId: "98765", how: "edited" },
      { type: "fault.action", duelistId: "1289", violations: ["edited"], rule: "R-6.3" },
    ]);
  });

  it("R-6.3 a soft deletion (update, message_state deleted) then the hard delete are ONE deletion", async () => {
    await sendXenForo(h, insert);
    expect((await sendXenForo(h, xenforoFixture("post-update-soft-delete.json"))).body).toEqual({
      result: "applied",
      duelId,
    });
    expect((await sendXenForo(h, xenforoFixture("post-delete.json"))).body).toEqual({
      result: "duplicate",
      duelId,
    });
    const faults = (await auditOf(h, duelId)).filter((e) => e.type === "post.tampered");
    expect(faults).toMatchObject([{ postId: "98765", how: "deleted" }]);
  });

  it("CONTRACT 4.5 a deleted thread deletes its posts; deleted again, nothing changes", async () => {
    await sendXenForo(h, insert);
    const pansy = xenforoPostBody({
      postId: 98770,
      userId: 1290,
      username: "Pansy Parkinson",
      postDate: 1773520000,
      message: turnContent("Luna Lovegood"),
    });
    expect((await sendXenForo(h, pansy)).body).toEqual({ result: "applied", duelId });
    h.clock.set("2026-03-15T08:00:00.000Z");
    const thread = xenforoFixture("thread-delete.json");
    expect((await sendXenForo(h, thread)).body).toEqual({ result: "applied", duelId });
    const deleted = (await auditOf(h, duelId)).filter((e) => e.type === "post.tampered");
    expect(deleted).toMatchObject([
      { postId: "98765", duelistId: "1289", how: "deleted" },
      { postId: "98770", duelistId: "1290", how: "deleted" },
    ]);
    expect((await sendXenForo(h, thread)).body).toEqual({ result: "duplicate", duelId });
    expect((await auditOf(h, duelId)).filter((e) => e.type === "post.tampered")).toHaveLength(2);
  });

  it("CONTRACT 4.5 other content types, other events and threads that are not duels are ignored", async () => {
    const user = JSON.stringify({
      content_type: "user",
      event: "insert",
      content_id: 5,
      data: { user_id: 5 },
    });
    expect(await sendXenForo(h, user)).toEqual({ status: 200, body: { result: "ignored" } });
    const thread = xenforoFixture("thread-delete.json").replace('"event":"delete"', '"event":"insert"');
    expect((await sendXenForo(h, thread)).body).toEqual({ result: "ignored" });
    const elsewhere = xenforoPostBody({
      postId: 1,
      threadId: 999,
      userId: 1289,
      username: "Luna Lovegood",
      postDate: 1773517267,
      message: "Bonjour",
    });
    expect((await sendXenForo(h, elsewhere)).body).toEqual({ result: "ignored" });
  });

  it("CONTRACT 4.5 a body that is not XenForo's is refused with 400 once the secret is right", async () => {
    const res = await sendXenForo(
      h,
      JSON.stringify({
        content_type: "post",
        event: "insert",
        content_id: 1,
        data: { post_id: 1, thread_id: 4410 },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: "invalid_body" } });
  });
});
