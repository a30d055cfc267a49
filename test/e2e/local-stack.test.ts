import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DemoResult, demoOutcome, playDemoDuel } from "../../infra/local/demo-duel.js";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";

describe("end to end through the local stack (HTTP server, DynamoDB Local, local scheduler, relay)", () => {
  let stack: LocalStack;
  let result: DemoResult;
  const said: string[] = [];

  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `e2e-${Date.now()}`,
      clock: "manual",
      clockStart: "2026-12-01T10:00:00Z",
      log: () => {},
      hibouLog: () => {},
    });
    result = await playDemoDuel({ url: stack.url, adminToken: stack.adminToken, say: (l) => said.push(l) });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("CONTRACT 1 npm run demo tells the duel in readable French lines (no raw results, JSON or statuses)", () => {
    const told = [...said, demoOutcome(result.duel)].join("\n");
    expect(told).toContain("1 déc. 11 h 05  Alice Dubois poste son tour : pris en compte.");
    expect(told).toContain("Résultat : Victoire de Alice Dubois aux points.");
    expect(told).toContain("Bob Martin : 0 PD sur 15, à terre");
    expect(told).not.toMatch(/→|applied|\(active\)|\(out\)|\{"|message 500\d/);
  });

  it("R-1.6 a whole duel ends with its winner by points", () => {
    expect(result.duel).toMatchObject({ status: "finished", result: { winnerId: "42", reason: "points" } });
    const bob = (
      result.duel.duelists as { id: string; points: number; status: string; absenceFaults: number }[]
    ).find((d) => d.id === "43");
    expect(bob).toMatchObject({ points: 0, status: "out", absenceFaults: 1 });
  });

  it("R-6.7 the short post waited in its window and was resolved whole after the referee's correction", () => {
    const types = result.events.map((e) => e.type);
    expect(types).toContain("correction.opened");
    expect(types).toContain("correction.accepted");
    expect(types).not.toContain("correction.expired");
    const alice = (
      result.duel.duelists as { id: string; actionFaults: number; correctionUsed: boolean }[]
    ).find((d) => d.id === "42");
    expect(alice).toMatchObject({ actionFaults: 0, correctionUsed: true });
  });

  it("R-6.2 the manual clock fired the reply deadline: an absence fault, its sanction, the pending attack hit", () => {
    const absence = result.events.find((e) => e.type === "fault.absence");
    expect(absence).toMatchObject({ rule: "R-6.2", at: "2026-12-04T12:00:00.000Z" });
    expect(result.events.some((e) => e.type === "sanction.applied")).toBe(true);
  });

  it("CONTRACT 6.1 every event names its rule, and the referee's hiboux were delivered", () => {
    expect(result.events.every((e) => /^R-\d/.test(e.rule))).toBe(true);
    const toReferee = result.notifications.filter((n) => n.to.role === "referee");
    expect(toReferee.map((n) => n.kind)).toEqual(
      expect.arrayContaining([
        "duel.started",
        "turn.resolved",
        "correction.opened",
        "correction.accepted",
        "fault.absence",
        "duel.finished",
      ]),
    );
    expect(toReferee.every((n) => n.deliveredAt !== null)).toBe(true);
  });
});
