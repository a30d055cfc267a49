import { beforeEach, describe, expect, it } from "vitest";
import { auditOf, DUEL_BODY, LONG_RP, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };
const T = "2026-11-30T10:00:00.000Z";

describe("CONTRACT 4.3 a post and a referee's decision at the same instant", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness({ start: T });
    await h.forum();
    duelId = (await h.admin("POST", "/duels", DUEL_BODY)).body.id as string;
  });

  it("CONTRACT 4.3 a spell posted at the top's instant, arriving after it, plays the first turn (no R-1.3 disqualification), also once replayed", async () => {
    expect((await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" })).status).toBe(200);
    const turn = await h.generic(
      postPayload({ postId: "8001", author: ALICE, createdAt: T, content: turnContent("Bob Martin") }),
    );
    expect(turn.body).toEqual({ result: "applied", duelId });
    const check = async () => {
      const audit = await auditOf(h, duelId);
      expect(audit.some((e) => e.type === "duelist.disqualified")).toBe(false);
      expect(audit.find((e) => e.type === "turn.played")).toMatchObject({ postId: "8001", duelistId: "42" });
      expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({
        status: "active",
        turn: { duelistId: "43", number: 2 },
      });
    };
    await check();
    // A salute made earlier arrives late: the duel is replayed in the thread's order, the post
    // keeps its place after the top.
    const late = await h.generic(
      postPayload({
        postId: "7999",
        author: BOB,
        createdAt: "2026-11-30T09:59:00.000Z",
        content: `${LONG_RP} Bob salue.`,
      }),
    );
    expect(late.body).toEqual({ result: "applied", duelId });
    await check();
  });

  it("CONTRACT 4.3 a post at the instant of a decision, arriving before it, stays before it", async () => {
    // Alice casts before the top, then the top is given at that very instant: she is disqualified.
    await h.generic(
      postPayload({ postId: "8101", author: ALICE, createdAt: T, content: turnContent("Bob Martin") }),
    );
    const top = await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    expect(top.status).toBe(409);
    const audit = await auditOf(h, duelId);
    expect(audit.find((e) => e.type === "duelist.disqualified")).toMatchObject({ cause: "spell-before-top" });
  });

  it("CONTRACT 7 R-6.9 under the manual clock a ban starts at the post's createdAt, not the envelope's timestamp", async () => {
    const payload = postPayload({
      postId: "8201",
      author: ALICE,
      createdAt: "2026-11-30T10:05:00.000Z",
      content: turnContent("Bob Martin"),
    });
    await h.generic({ ...payload, timestamp: "2026-11-30T11:30:00.000Z" });
    const audit = await auditOf(h, duelId);
    expect(audit.find((e) => e.type === "ban.started")).toMatchObject({
      duelistId: "42",
      until: "2027-05-30T10:05:00.000Z",
    });
    expect((await h.admin("GET", "/duelists/poudlard/42")).body).toMatchObject({
      bannedUntil: "2027-05-30T10:05:00.000Z",
    });
  });
});
