import { beforeEach, describe, expect, it } from "vitest";
import { activeDuel, auditOf, duelistOf } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";

describe("CONTRACT 6 referee commands (R-7.1)", () => {
  let h: MemoryHarness;
  let duelId: string;
  const command = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await h.app.request(`/duels/${duelId}/commands`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
  });

  it("R-1.4 top starts the duel: the first duelist's turn with a 72-hour deadline; a second top is 409", async () => {
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body).toMatchObject({
      status: "active",
      turn: { duelistId: "42", number: 1, deadline: "2026-12-03T10:00:00.000Z" },
    });
    const again = await command({ command: "top" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "duel_already_started" });
  });

  it("R-6.2a a derogation extends the running deadline once; a second is 409 derogation_already_used", async () => {
    const first = await command({
      command: "derogation",
      duelistId: "42",
      duration: "P3D",
      reason: "Examens",
    });
    expect(first.status).toBe(200);
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body.turn).toMatchObject({ duelistId: "42", deadline: "2026-12-06T10:00:00.000Z" });
    expect((await duelistOf(h, duelId, "42")).derogationUsed).toBe(true);
    const second = await command({ command: "derogation", duelistId: "42", duration: "P1D" });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: "derogation_already_used",
      message: expect.stringContaining("R-6.2a"),
    });
    const tooLong = await command({ command: "derogation", duelistId: "43", duration: "P6D" });
    expect(tooLong.status).toBe(409);
    // The maximum in French ("5 jours"), not as the ruleset stores it (P5D).
    expect(tooLong.body.error).toMatchObject({
      code: "derogation_too_long",
      message: "Une dérogation ne peut dépasser 5 jours (R-6.2a).",
    });
  });

  it("R-6.5 two action faults by the referee cost the year's sanction and reset the counter", async () => {
    expect((await command({ command: "fault", duelistId: "42", kind: "action" })).status).toBe(200);
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ actionFaults: 1, points: 25 });
    await command({ command: "fault", duelistId: "42", kind: "action" });
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ actionFaults: 0, points: 23 });
  });

  it("R-7.1 cancel-fault by the event id from /events gives the points back; twice is 409", async () => {
    await command({ command: "fault", duelistId: "43", kind: "absence", reason: "Aucune nouvelle" });
    expect(await duelistOf(h, duelId, "43")).toMatchObject({ absenceFaults: 1, points: 48 });
    const fault = (await auditOf(h, duelId)).find((e) => e.type === "fault.absence");
    expect(fault).toMatchObject({ duelistId: "43", by: "referee", reason: "Aucune nouvelle" });
    const cancel = await command({ command: "cancel-fault", eventId: fault?.id, reason: "Il avait prévenu" });
    expect(cancel.status).toBe(200);
    expect(await duelistOf(h, duelId, "43")).toMatchObject({ absenceFaults: 0, points: 50 });
    const twice = await command({ command: "cancel-fault", eventId: fault?.id });
    expect(twice.status).toBe(409);
    expect((await command({ command: "cancel-fault", eventId: "nope#0" })).status).toBe(404);
  });

  it("R-7.1 adjust-points moves the points and records the reason in /events", async () => {
    const res = await command({
      command: "adjust-points",
      duelistId: "42",
      delta: -3,
      reason: "Sort mal orthographié",
    });
    expect(res.status).toBe(200);
    expect((await duelistOf(h, duelId, "42")).points).toBe(22);
    const audit = await auditOf(h, duelId);
    expect(
      audit.find((e) => e.type === "referee.command" && e.reason === "Sort mal orthographié"),
    ).toMatchObject({ rule: "R-7.1" });
    expect(audit.find((e) => e.type === "points.adjusted")).toMatchObject({
      delta: -3,
      points: 22,
      reason: "Sort mal orthographié",
    });
  });

  it("R-6.8 disqualify puts the duelist out and ends a two-duelist duel", async () => {
    const res = await command({ command: "disqualify", duelistId: "43" });
    expect(res.status).toBe(200);
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body).toMatchObject({
      status: "finished",
      result: { winnerId: "42", reason: "disqualification" },
    });
    expect(await duelistOf(h, duelId, "43")).toMatchObject({ status: "disqualified" });
  });

  it("R-7.1 end closes the duel (a draw with winnerId null); later commands are 409", async () => {
    const res = await command({ command: "end", winnerId: null, reason: "Match nul" });
    expect(res.status).toBe(200);
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({
      status: "finished",
      result: { winnerId: null, reason: "referee" },
    });
    const late = await command({ command: "fault", duelistId: "42", kind: "action" });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: "duel_finished" });
  });

  it("R-7.1 adjust-points on a finished duel is 409 duel_finished like fault and end: points, status and hiboux untouched", async () => {
    expect((await command({ command: "end", winnerId: "43", reason: "Abandon" })).status).toBe(200);
    await h.settle();
    const before = await h.admin("GET", `/duels/${duelId}`);
    const hiboux = h.delivered.length;
    for (const body of [
      { command: "adjust-points", duelistId: "42", delta: -30 },
      { command: "fault", duelistId: "42", kind: "action" },
      { command: "end", winnerId: null },
    ]) {
      const res = await command(body);
      expect(res.status, body.command).toBe(409);
      expect(res.body.error).toMatchObject({ code: "duel_finished", message: expect.any(String) });
    }
    await h.settle();
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toEqual(before.body);
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ points: 25, status: "active" });
    expect(h.delivered.slice(hiboux).filter((d) => d.kind === "points.adjusted")).toEqual([]);
    expect((await auditOf(h, duelId)).filter((e) => e.type === "points.adjusted")).toEqual([]);
  });

  it("CONTRACT 2 an invalid command body is 400 with details", async () => {
    for (const body of [
      { command: "explode" },
      { command: "fault", duelistId: "42" },
      { command: "adjust-points", duelistId: "42", delta: "-3" },
    ]) {
      const res = await command(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "invalid_body",
        message: expect.any(String),
        details: expect.any(Array),
      });
    }
    const unknownDuelist = await command({ command: "fault", duelistId: "999", kind: "action" });
    expect(unknownDuelist.status).toBe(404);
  });

  it("CONTRACT 6 a command repeated with the same Idempotency-Key applies once", async () => {
    const body = { command: "adjust-points", duelistId: "42", delta: -3 };
    const first = await command(body, { "Idempotency-Key": "adj-1" });
    const second = await command(body, { "Idempotency-Key": "adj-1" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.result).toBe("applied");
    expect(second.body.result).toBe("duplicate");
    expect((await duelistOf(h, duelId, "42")).points).toBe(22);
    expect((await auditOf(h, duelId)).filter((e) => e.type === "points.adjusted")).toHaveLength(1);
    await command(body, { "Idempotency-Key": "adj-2" });
    expect((await duelistOf(h, duelId, "42")).points).toBe(19);
    expect((await command(body, { "Idempotency-Key": "bad key!" })).status).toBe(400);
  });
});
