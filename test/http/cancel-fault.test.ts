import { beforeEach, describe, expect, it } from "vitest";
import { activeDuel, auditOf, DUEL_BODY } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

interface Hibou {
  to: { role: string; id: string };
  kind: string;
  text: string;
}

describe("R-7.1 cancelling the fault that ended a duel, through the API", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h, DUEL_BODY);
  });

  it("R-7.1 R-6.9 the third absence cancelled: the ban is lifted, the duel is active again with a deadline, everyone is told", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await h.admin("POST", `/duels/${duelId}/commands`, {
        command: "fault",
        duelistId: "43",
        kind: "absence",
      });
      expect(res.status).toBe(200);
    }
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({ status: "finished" });
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).toEqual(expect.any(String));

    const third = (await auditOf(h, duelId)).filter((e) => e.type === "fault.absence")[2];
    if (!third) throw new Error("three absences expected");
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T12:00:00Z" });
    const res = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "cancel-fault",
      eventId: third.id,
      reason: "absence justifiée",
    });
    expect(res.status).toBe(200);
    const duel = (await h.admin("GET", `/duels/${duelId}`)).body;
    expect(duel).toMatchObject({
      status: "active",
      result: null,
      turn: { duelistId: "42", deadline: "2026-12-03T12:00:00.000Z" },
    });
    expect((duel.duelists as { id: string; status: string }[]).map((d) => d.status)).toEqual([
      "active",
      "active",
    ]);
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).toBeNull();
    const active = (await h.admin("GET", "/duels?status=active")).body.duels as { id: string }[];
    expect(active.map((d) => d.id)).toContain(duelId);

    await h.settle();
    const hiboux = (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as Hibou[];
    const resumed = hiboux.filter((x) => x.kind === "duel.resumed");
    expect(resumed.map((x) => x.to.role).sort()).toEqual(["duelist", "duelist", "referee"]);
    expect(resumed[0]?.text).toContain("le duel reprend");
  });
});
