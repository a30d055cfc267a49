import { beforeEach, describe, expect, it } from "vitest";
import { refusalShown, refusalTexts as say } from "../../shared/texts/refusals.js";
import { type AuditEvent, activeDuel, auditOf } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";

/*
 * "A refused decision (e.g. a fault that does not exist) changes nothing and is recorded
 * only as refused." A refusal through the API (or the desk, which calls the same function) is
 * recorded as the thread's refused lines are: one `referee.command-rejected` in the audit log.
 */
describe("R-7.1 refused decisions through the API are recorded only as refused", () => {
  let h: MemoryHarness;
  let duelId: string;
  const command = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await h.app.request(`/duels/${duelId}/commands`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
  };
  const rejected = async (): Promise<AuditEvent[]> =>
    (await auditOf(h, duelId)).filter((e) => e.type === "referee.command-rejected");

  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
  });

  it("R-7.1 each refusal answers as before, changes nothing, and leaves one record naming the decision, who gave it and why it was refused", async () => {
    const fault = await command({ command: "fault", duelistId: "43", kind: "action", reason: "hors sujet" });
    expect(fault.status).toBe(200);
    const faultId = (await auditOf(h, duelId)).find((e) => e.type === "fault.action")?.id ?? "";
    expect((await command({ command: "cancel-fault", eventId: faultId })).status).toBe(200);
    expect((await command({ command: "derogation", duelistId: "42", duration: "P3D" })).status).toBe(200);
    await h.settle();

    const refusals = [
      [
        { command: "cancel-fault", eventId: "nope#0", reason: "erreur" },
        404,
        "fault_not_found",
        say.fault_not_found("nope#0"),
      ],
      [
        { command: "cancel-fault", eventId: faultId },
        409,
        "fault_already_cancelled",
        say.fault_already_cancelled,
      ],
      [
        { command: "derogation", duelistId: "42", duration: "P2D" },
        409,
        "derogation_already_used",
        say.derogation_already_used("Alice Dubois"),
      ],
      [
        { command: "derogation", duelistId: "43", duration: "P6D" },
        409,
        "derogation_too_long",
        say.derogation_too_long("P5D"),
      ],
      [{ command: "top" }, 409, "duel_already_started", say.duel_already_started],
    ] as const;
    for (const [body, status, code, message] of refusals) {
      const before = await h.admin("GET", `/duels/${duelId}`);
      const recorded = (await rejected()).length;
      const hiboux = h.delivered.length;
      const res = await command(body);
      expect(res.status, code).toBe(status);
      // The answer shows the stored words for people (a duration in French words); the record keeps them.
      expect(res.body.error).toEqual({ code, message: refusalShown(code, message) });
      await h.settle();
      expect((await h.admin("GET", `/duels/${duelId}`)).body, code).toEqual(before.body);
      const records = await rejected();
      expect(records, code).toHaveLength(recorded + 1);
      const { reason, ...action } = body as { reason?: string } & Record<string, unknown>;
      expect(records.at(-1)).toMatchObject({
        rule: "R-7.1",
        postId: null,
        via: "api",
        code,
        message,
        action,
        by: { role: "operator", name: "opérateur" },
        ...(reason ? { reason } : {}),
      });
      // The caller had the refusal as the answer: no hibou repeats it.
      expect(h.delivered.slice(hiboux)).toEqual([]);
    }
  });

  it("R-7.1 CONTRACT 6 a refused decision retried with the same Idempotency-Key answers the same refusal and is recorded once", async () => {
    const body = { command: "top" };
    const first = await command(body, { "Idempotency-Key": "top-again" });
    const retry = await command(body, { "Idempotency-Key": "top-again" });
    expect(first.status).toBe(409);
    expect(retry).toEqual(first);
    expect(await rejected()).toHaveLength(1);
    // Without a key, each request is a decision of its own, each refusal recorded.
    await command(body);
    expect(await rejected()).toHaveLength(2);
  });
});
