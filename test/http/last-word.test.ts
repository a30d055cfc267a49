import { beforeEach, describe, expect, it } from "vitest";
import { auditOf, DUEL_BODY, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { jsonRequest } from "../support/requests.js";

interface Hibou {
  to: { role: string; id: string };
  kind: string;
  text: string;
}

const ALICE = { id: "42", name: "Alice Dubois" };
const REFEREE = { id: "7", name: "Minerva McGonagall" };

async function hibouxOf(h: MemoryHarness, duelId: string): Promise<Hibou[]> {
  await h.settle();
  return (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as Hibou[];
}

async function credential(h: MemoryHarness, role: "forum-admin" | "referee"): Promise<string> {
  const res = await h.admin("POST", "/forums/poudlard/credentials", {
    role,
    name: role === "referee" ? "Minerva McGonagall" : "Albus Dumbledore",
    ...(role === "referee" ? { refereeId: "7" } : {}),
  });
  return res.body.token as string;
}

async function club(h: MemoryHarness) {
  return (await h.admin("GET", "/forums/poudlard/club")).body as { bans: { duelistId: string }[] };
}

describe("R-7.1 the last word through the API and the thread (CONTRACT.md 6)", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness();
    await h.forum();
    duelId = (await h.admin("POST", "/duels", DUEL_BODY)).body.id as string;
  });

  it("R-7.1 R-1.3 cancel-disqualification of a spell before the top: reason required, ban gone at once, the top can be given", async () => {
    await h.generic(
      postPayload({
        postId: "900",
        author: ALICE,
        createdAt: "2026-11-30T10:05:00Z",
        content: turnContent("Bob"),
      }),
    );
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({
      status: "finished",
      result: { reason: "disqualification" },
    });
    expect((await club(h)).bans.map((b) => b.duelistId)).toEqual(["42"]);

    const refused = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "cancel-disqualification",
      duelistId: "42",
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: "reason_required" } } });

    const res = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "cancel-disqualification",
      duelistId: "42",
      reason: "salut écrit avant l'inscription",
    });
    expect(res.status).toBe(200);
    expect(res.body.duel).toMatchObject({ status: "registered", result: null });
    expect((await h.admin("GET", "/duelists/poudlard/42")).body.bannedUntil).toBeNull();
    expect((await club(h)).bans).toEqual([]);
    const top = await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    expect(top.status).toBe(200);
    expect(top.body.duel).toMatchObject({ status: "active", turn: { duelistId: "42", number: 1 } });

    const toAlice = (await hibouxOf(h, duelId)).filter((x) => x.to.id === "42").map((x) => x.kind);
    expect(toAlice).toEqual(
      expect.arrayContaining([
        "duelist.disqualified",
        "disqualification.cancelled",
        "ban.ended",
        "duel.resumed",
      ]),
    );
  });

  it("R-7.1 in the thread: [arbitre]annuler disqualification Alice Dubois[/arbitre] resumes the duel with a new deadline", async () => {
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "disqualify", duelistId: "42" });
    expect((await h.admin("GET", `/duels/${duelId}`)).body.status).toBe("finished");
    await h.admin("POST", "/_local/clock", { set: "2026-12-01T09:00:00Z" });
    const res = await h.generic(
      postPayload({
        postId: "950",
        author: REFEREE,
        createdAt: "2026-12-01T09:00:00Z",
        content: "[arbitre]annuler disqualification Alice Dubois[/arbitre]",
      }),
    );
    expect(res.status).toBe(200);
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({
      status: "active",
      turn: { duelistId: "42", number: 1, deadline: "2026-12-04T09:00:00.000Z" },
    });
    expect((await h.admin("GET", "/duelists/poudlard/42")).body.bannedUntil).toBeNull();
  });

  it("R-7.1 cancel-end by the API and in the thread; a refused one names the real reason", async () => {
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    const early = await h.admin("POST", `/duels/${duelId}/commands`, { command: "cancel-end", reason: "x" });
    expect(early).toMatchObject({ status: 409, body: { error: { code: "duel_not_ended" } } });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "43" });
    const res = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "cancel-end",
      reason: "fin donnée par erreur",
    });
    expect(res.status).toBe(200);
    expect(res.body.duel).toMatchObject({ status: "active", turn: { duelistId: "42" } });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: null });
    await h.generic(
      postPayload({
        postId: "960",
        author: REFEREE,
        createdAt: "2026-11-30T10:30:00Z",
        content: "[arbitre]annuler fin\nraison : erreur[/arbitre]",
      }),
    );
    expect((await h.admin("GET", `/duels/${duelId}`)).body.status).toBe("active");
  });
});

describe("R-7.1 hiboux that tell one story when a late post revises the top (CONTRACT.md 4.3)", () => {
  it("R-1.3 R-7.1 a salute with a spell arriving after the top: the refusal says the duel ended, and everyone told of the top hears it no longer holds", async () => {
    const h = await memoryHarness();
    await h.forum();
    const duelId = (await h.admin("POST", "/duels", DUEL_BODY)).body.id as string;
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T10:10:00Z" });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    const told = (await hibouxOf(h, duelId)).length;
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T10:20:00Z" });
    await h.generic(
      postPayload({
        postId: "900",
        author: ALICE,
        createdAt: "2026-11-30T10:05:00Z",
        content: turnContent("Bob"),
      }),
    );
    const later = (await hibouxOf(h, duelId)).slice(told);
    const rejected = later.find((x) => x.kind === "referee.command-rejected");
    expect(rejected?.text).toContain("Le duel est déjà terminé (par une disqualification)");
    expect(rejected?.text).not.toContain("Le top a déjà été donné");
    const revised = later.filter((x) => x.kind === "verdict.revised");
    expect(revised.map((x) => x.to.id).sort()).toEqual(["42", "43", "7"]);
    for (const x of revised) expect(x.text).toContain("« Le top est donné »");
  });
});

describe("R-7.1 DELETE /forums/{forumId}/bans/{duelistId} (CONTRACT.md 6, 8)", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness();
    await h.forum();
    duelId = (await h.admin("POST", "/duels", DUEL_BODY)).body.id as string;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "disqualify", duelistId: "43" });
  });

  it("R-7.1 a forum admin lifts a ban alone, with a reason, recorded with who and why; the club's records follow at once", async () => {
    expect((await club(h)).bans.map((b) => b.duelistId)).toEqual(["43"]);
    const referee = await credential(h, "referee");
    const forbidden = await jsonRequest(h.app, referee, "DELETE", "/forums/poudlard/bans/43", {
      reason: "r",
    });
    expect(forbidden).toMatchObject({ status: 403, body: { error: { code: "forbidden_role" } } });

    const admin = await credential(h, "forum-admin");
    const noReason = await jsonRequest(h.app, admin, "DELETE", "/forums/poudlard/bans/43", {});
    expect(noReason).toMatchObject({ status: 400, body: { error: { code: "invalid_body" } } });
    const res = await jsonRequest(h.app, admin, "DELETE", "/forums/poudlard/bans/43", {
      reason: "excuses présentées au club",
    });
    expect(res).toMatchObject({ status: 200, body: { duelistId: "43", bannedUntil: null } });
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).toBeNull();
    expect((await club(h)).bans).toEqual([]);
    const lifted = (await auditOf(h, duelId)).find((e) => e.type === "ban.ended");
    expect(lifted).toMatchObject({
      early: true,
      rule: "R-7.1",
      by: { role: "forum-admin", name: "Albus Dumbledore" },
      reason: "excuses présentées au club",
    });
    // The disqualification stands: only the ban is lifted.
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({ status: "finished" });
    const toBob = (await hibouxOf(h, duelId)).filter((x) => x.to.id === "43" && x.kind === "ban.ended");
    expect(toBob[0]?.text).toContain("Albus Dumbledore");

    const again = await jsonRequest(h.app, admin, "DELETE", "/forums/poudlard/bans/43", { reason: "encore" });
    expect(again).toMatchObject({ status: 404, body: { error: { code: "ban_not_found" } } });
  });
});
