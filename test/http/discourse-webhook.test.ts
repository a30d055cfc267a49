import { beforeEach, describe, expect, it } from "vitest";
import { DISCOURSE_DUEL, discourseFixture, sendDiscourse, withPost } from "../support/discourse.js";
import { auditOf, duelistOf } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const created = discourseFixture("post_created");
const edited = discourseFixture("post_edited");
const destroyed = discourseFixture("post_destroyed");
const byAuthor = discourseFixture("post_destroyed-by-author");
/** What Discourse sends first when an author deletes their own post: an edit to the stub. */
const byAuthorEdit = withPost(
  byAuthor,
  {},
  { "X-Discourse-Event": "post_edited", "X-Discourse-Event-Id": "48250" },
);

describe("CONTRACT 4.2 Discourse webhook, recorded payloads", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness({ start: "2026-03-14T20:00:00.000Z" });
    await h.forum();
    duelId = (await h.admin("POST", "/duels", DISCOURSE_DUEL)).body.id as string;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
  });

  const tampering = async () =>
    (await auditOf(h, duelId)).filter((e) => e.type === "post.tampered" || e.type === "fault.action");

  it("CONTRACT 4.2 post_created is applied; with no [duel] block its fields are missing (R-6.7)", async () => {
    const res = await sendDiscourse(h, created);
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId } });
    const audit = await auditOf(h, duelId);
    expect(audit.find((e) => e.type === "post.recorded")).toMatchObject({
      postId: "23517",
      authorId: "311",
      username: "drago_malefoy",
    });
    const opened = audit.find((e) => e.type === "correction.opened");
    expect(opened).toMatchObject({
      postId: "23517",
      duelistId: "311",
      rule: "R-6.7",
      until: "2026-03-14T21:11:07.318Z",
    });
    expect(opened?.missing).toEqual(expect.arrayContaining(["words", "pari"]));
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body.pending).toMatchObject([{ postId: "23517", duelistId: "311" }]);
  });

  it("R-6.3 post_edited of the duelist's post is one action fault", async () => {
    await sendDiscourse(h, created);
    expect((await sendDiscourse(h, edited)).body).toEqual({ result: "applied", duelId });
    expect(await tampering()).toMatchObject([
      { type: "post.tampered", postId: "23517", how: "edited" },
      { type: "fault.action", duelistId: "311", postId: "23517", violations: ["edited"], rule: "R-6.3" },
    ]);
  });

  it("R-6.3 post_destroyed by a moderator counts as a deletion", async () => {
    await sendDiscourse(h, created);
    expect((await sendDiscourse(h, destroyed)).body).toEqual({ result: "applied", duelId });
    expect(await tampering()).toMatchObject([
      { type: "post.tampered", postId: "23517", how: "deleted" },
      { type: "fault.action", duelistId: "311", violations: ["deleted"] },
    ]);
  });

  it("R-6.3 deleted by its author: the stub edit and the destroy are ONE deletion and ONE fault", async () => {
    await sendDiscourse(h, created);
    expect((await sendDiscourse(h, byAuthorEdit)).body).toEqual({ result: "applied", duelId });
    expect((await sendDiscourse(h, byAuthor)).body).toEqual({ result: "duplicate", duelId });
    // Later Discourse's destroy_stubs job trashes the stub: still the same deletion.
    const trashed = withPost(
      byAuthor,
      { deleted_at: "2026-03-15T21:03:55.170Z" },
      { "X-Discourse-Event-Id": "48999" },
    );
    expect((await sendDiscourse(h, trashed)).body).toEqual({ result: "duplicate", duelId });
    expect(await tampering()).toMatchObject([
      { type: "post.tampered", postId: "23517", how: "deleted" },
      { type: "fault.action", duelistId: "311", violations: ["deleted"] },
    ]);
    expect(await duelistOf(h, duelId, "311")).toMatchObject({ actionFaults: 1 });
  });

  it("CONTRACT 4.2 the unsigned X-Discourse-Event never decides: a signed body resent under another event changes nothing", async () => {
    await sendDiscourse(h, created);
    const before = await auditOf(h, duelId);
    const resent = (event: string, id: string) =>
      sendDiscourse(h, created, { headers: { "X-Discourse-Event": event, "X-Discourse-Event-Id": id } });
    // A captured post_created body, its signature intact, under post_destroyed: no deletion, no fault.
    expect(await resent("post_destroyed", "66001")).toEqual({ status: 200, body: { result: "ignored" } });
    expect(await resent("post_edited", "66002")).toEqual({
      status: 200,
      body: { result: "duplicate", duelId },
    });
    expect(await resent("post_recovered", "66003")).toEqual({
      status: 200,
      body: { result: "duplicate", duelId },
    });
    // A moderator's deletion under post_created or post_recovered is not one either.
    for (const [event, id] of [
      ["post_created", "66004"],
      ["post_recovered", "66005"],
    ] as const) {
      const res = await sendDiscourse(h, destroyed, {
        headers: { "X-Discourse-Event": event, "X-Discourse-Event-Id": id },
      });
      expect(res).toEqual({ status: 200, body: { result: "ignored" } });
    }
    expect(await auditOf(h, duelId)).toEqual(before);
    expect(await duelistOf(h, duelId, "311")).toMatchObject({ actionFaults: 0 });
  });

  it("CONTRACT 4.2 R-6.3 the body tells an edit from a creation: a known post with other content is an edit, whatever the header", async () => {
    // A post never seen, sent as an edit: the post as it stands, recorded, no fault.
    const first = await sendDiscourse(h, created, { headers: { "X-Discourse-Event": "post_edited" } });
    expect(first.body).toEqual({ result: "applied", duelId });
    expect(await tampering()).toEqual([]);
    // Its edited body under post_created: the body is an edit, one fault.
    const again = await sendDiscourse(h, edited, { headers: { "X-Discourse-Event": "post_created" } });
    expect(again.body).toEqual({ result: "applied", duelId });
    expect(await tampering()).toMatchObject([
      { type: "post.tampered", postId: "23517", how: "edited" },
      { type: "fault.action", duelistId: "311", violations: ["edited"], rule: "R-6.3" },
    ]);
  });

  it("CONTRACT 4.2 post_recovered, as Discourse sends it (deleted_at back to null), restores nothing and faults no one again", async () => {
    await sendDiscourse(h, created);
    await sendDiscourse(h, destroyed);
    const before = await auditOf(h, duelId);
    // The captured post_recovered (Discourse 2025.12): the post's live body, deleted_at null, user_deleted false.
    const recovered = withPost(
      destroyed,
      { deleted_at: null, user_deleted: false, raw: created.body.post.raw, version: 1 },
      { "X-Discourse-Event": "post_recovered", "X-Discourse-Event-Id": "48260" },
    );
    expect((await sendDiscourse(h, recovered)).body).toEqual({ result: "duplicate", duelId });
    expect(await auditOf(h, duelId)).toEqual(before);
    expect(await duelistOf(h, duelId, "311")).toMatchObject({ actionFaults: 1 });
    // A recovered post the duel never saw is a post of the thread: recorded as it stands.
    const unseen = withPost(
      recovered,
      { id: 23530, user_id: 312, username: "hermione_granger", name: "Hermione Granger", raw: "Hermione." },
      { "X-Discourse-Event-Id": "48261" },
    );
    expect((await sendDiscourse(h, unseen)).body).toEqual({ result: "applied", duelId });
    const recorded = (await auditOf(h, duelId)).filter((e) => e.type === "post.recorded");
    expect(recorded.map((e) => e.postId)).toEqual(["23517", "23530"]);
  });

  it("CONTRACT 4.3 a retry of the same body under a new X-Discourse-Event-Id is a duplicate", async () => {
    await sendDiscourse(h, created);
    const before = await auditOf(h, duelId);
    const retry = await sendDiscourse(h, created, { headers: { "X-Discourse-Event-Id": "48214" } });
    expect(retry).toEqual({ status: 200, body: { result: "duplicate", duelId } });
    const redelivery = await sendDiscourse(h, created);
    expect(redelivery.body).toEqual({ result: "duplicate", duelId });
    expect(await auditOf(h, duelId)).toEqual(before);
  });

  it("CONTRACT 4.3 without X-Discourse-Event-Id, deliveries are told apart by post and content", async () => {
    const { "X-Discourse-Event-Id": _id, ...headers } = created.headers;
    const anonymous = { ...created, headers };
    expect((await sendDiscourse(h, anonymous)).body).toEqual({ result: "applied", duelId });
    const reply = withPost(anonymous, {
      id: 23518,
      user_id: 312,
      username: "hermione_granger",
      name: "Hermione Granger",
      raw: "Hermione lève sa baguette.",
    });
    expect((await sendDiscourse(h, reply)).body).toEqual({ result: "applied", duelId });
    expect((await sendDiscourse(h, anonymous)).body).toEqual({ result: "duplicate", duelId });
  });

  it("CONTRACT 4.2 ping and topic_created are answered 200 ignored", async () => {
    const ping = await sendDiscourse(h, created, {
      raw: '{"ping":"OK"}',
      headers: { "X-Discourse-Event": "ping", "X-Discourse-Event-Type": "ping", "X-Discourse-Event-Id": "1" },
    });
    expect(ping).toEqual({ status: 200, body: { result: "ignored" } });
    const topic = await sendDiscourse(h, created, {
      raw: JSON.stringify({ topic: { id: 1842, title: "Duel Drago/Hermione" } }),
      headers: {
        "X-Discourse-Event": "topic_created",
        "X-Discourse-Event-Type": "topic",
        "X-Discourse-Event-Id": "2",
      },
    });
    expect(topic).toEqual({ status: 200, body: { result: "ignored" } });
  });

  it("CONTRACT 2 a wrong signature is 401 and changes nothing", async () => {
    const res = await sendDiscourse(h, created, { secret: "not-the-discourse-secret" });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "invalid_signature", message: expect.any(String) });
    const unsigned = await sendDiscourse(h, created, { headers: { "X-Discourse-Event-Signature": "" } });
    expect(unsigned.status).toBe(401);
    expect((await sendDiscourse(h, created, { forumId: "nowhere" })).status).toBe(401);
    expect((await auditOf(h, duelId)).some((e) => e.type === "post.recorded")).toBe(false);
  });

  it("WEBHOOKS 0.2 headers lower-cased as API Gateway delivers them still work", async () => {
    const res = await sendDiscourse(h, created, { lowercase: true });
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId } });
  });

  it("WEBHOOKS 1 a hook set to form content type still sends JSON: the raw body is read as JSON", async () => {
    const res = await sendDiscourse(h, created, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId } });
  });
});
