import { beforeEach, describe, expect, it } from "vitest";
import { activeDuel, auditOf, duelistOf } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

describe("CONTRACT 6 status and health", () => {
  let h: MemoryHarness;
  beforeEach(async () => {
    h = await memoryHarness();
  });

  it("CONTRACT 6 GET /status (admin) shows storage, scheduler, hibou delivery and counts", async () => {
    await activeDuel(h);
    const res = await h.admin("GET", "/status");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      storage: { ok: true },
      scheduler: { ok: true, openTimers: expect.any(Number) },
      notifications: { undelivered: expect.any(Number) },
      duels: { active: 1 },
    });
    expect((res.body.notifications as { undelivered: number }).undelivered).toBeGreaterThan(0);
    // The relay delivers the hiboux and arms the reply deadline's timer.
    await h.settle();
    const settled = await h.admin("GET", "/status");
    expect(settled.body.notifications).toMatchObject({ undelivered: 0 });
    expect((settled.body.scheduler as { openTimers: number }).openTimers).toBeGreaterThan(0);
  });

  it("CONTRACT 6 /status needs the admin token; /healthz does not", async () => {
    expect((await h.app.request("/status")).status).toBe(401);
    const health = await h.app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
  });
});

describe("CONTRACT 7 local clock", () => {
  let h: MemoryHarness;
  let duelId: string;
  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
  });

  it("CONTRACT 7 GET /_local/clock answers {now}", async () => {
    const res = await h.admin("GET", "/_local/clock");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ now: "2026-11-30T10:00:00.000Z" });
  });

  it("R-6.2 advancing PT72H fires the reply deadline: an absence fault, visible in the duel", async () => {
    const res = await h.admin("POST", "/_local/clock", { advance: "PT72H" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ now: "2026-12-03T10:00:00.000Z", fired: expect.any(Number) });
    expect(res.body.fired as number).toBeGreaterThanOrEqual(1);
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ absenceFaults: 1, points: 23 });
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body.turn).toMatchObject({
      duelistId: "43",
      number: 2,
      deadline: "2026-12-06T10:00:00.000Z",
    });
    expect((await auditOf(h, duelId)).find((e) => e.type === "fault.absence")).toMatchObject({
      duelistId: "42",
      rule: "R-6.2",
    });
  });

  it("CONTRACT 7 advancing short of the deadline fires no absence", async () => {
    const res = await h.admin("POST", "/_local/clock", { advance: "PT30M" });
    expect(res.body).toMatchObject({ now: "2026-11-30T10:30:00.000Z" });
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ absenceFaults: 0 });
  });

  it("CONTRACT 7 {set} moves the clock to a date and fires what fell due", async () => {
    const res = await h.admin("POST", "/_local/clock", { set: "2026-12-03T10:00:01Z" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ now: "2026-12-03T10:00:01.000Z" });
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ absenceFaults: 1 });
    expect((await h.admin("GET", "/_local/clock")).body).toMatchObject({ now: "2026-12-03T10:00:01.000Z" });
  });

  it("CONTRACT 2 an invalid clock body is 400", async () => {
    for (const body of [
      {},
      { advance: "72 heures" },
      { set: "demain" },
      { advance: "PT1H", set: "2026-12-01T00:00:00Z" },
    ]) {
      const res = await h.admin("POST", "/_local/clock", body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await h.app.request("/_local/clock", { method: "POST", body: "{}" })).status).not.toBe(200);
  });
});
