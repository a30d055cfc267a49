import { describe, expect, it } from "vitest";
import { DUEL_BODY, registerAndTop } from "../support/duels.js";
import { createHarness } from "../support/harness.js";

/**
 * CONTRACT.md 8 (the club's records follow at once) on DynamoDB Local: a ban lifted alone and a
 * cancelled disqualification (R-7.1, the last word) leave the club's bans and the duelist's record
 * in the decision's own commit.
 */
describe("CONTRACT 8 R-7.1 the club's records follow the last word at once (DynamoDB)", () => {
  it("R-7.1 a ban lifted alone, then a disqualification cancelled: bans and records current at once", async () => {
    const h = await createHarness();
    await h.forum();
    const duelId = await registerAndTop(h, DUEL_BODY);
    const other = await registerAndTop(h, { ...DUEL_BODY, threadId: "1235" });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "disqualify", duelistId: "43" });
    await h.admin("POST", `/duels/${other}/commands`, { command: "disqualify", duelistId: "42" });
    const bans = async () =>
      ((await h.admin("GET", "/forums/poudlard/club")).body.bans as { duelistId: string }[])
        .map((b) => b.duelistId)
        .sort();
    expect(await bans()).toEqual(["42", "43"]);

    const lifted = await h.admin("DELETE", "/forums/poudlard/bans/43", { reason: "excuses faites" });
    expect(lifted).toMatchObject({ status: 200, body: { lifted: [{ duelId }] } });
    expect(await bans()).toEqual(["42"]);
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).toBeNull();

    const cancelled = await h.admin("POST", `/duels/${other}/commands`, {
      command: "cancel-disqualification",
      duelistId: "42",
      reason: "erreur d'arbitrage",
    });
    expect(cancelled.status).toBe(200);
    expect(await bans()).toEqual([]);
    expect((await h.admin("GET", "/duelists/poudlard/42")).body.bannedUntil).toBeNull();
    const club = (await h.admin("GET", "/forums/poudlard/club")).body as {
      active: { duelId: string }[];
      standings: { duelistId: string; disqualifications: number }[];
    };
    expect(club.active.map((d) => d.duelId)).toContain(other);
    expect(club.standings.find((s) => s.duelistId === "42")?.disqualifications ?? 0).toBe(0);
  });
});
