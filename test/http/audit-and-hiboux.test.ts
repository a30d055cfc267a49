import { beforeEach, describe, expect, it } from "vitest";
import { activeDuel, auditOf, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };

interface Hibou {
  id: string;
  to: { role: string; id: string };
  kind: string;
  text: string;
  createdAt: string;
  deliveredAt: string | null;
}

describe("CONTRACT 6.1 audit log and hiboux", () => {
  let h: MemoryHarness;
  let duelId: string;
  const hiboux = async () =>
    (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as Hibou[];

  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
  });

  it("CONTRACT 6.1 /events lists every event oldest first, each with type, at and its rule", async () => {
    await h.generic(
      postPayload({
        postId: "6001",
        author: ALICE,
        createdAt: "2026-11-30T10:05:00Z",
        content: turnContent("Bob Martin"),
      }),
    );
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T10:07:00Z" });
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "adjust-points",
      duelistId: "43",
      delta: -1,
      reason: "Retard",
    });
    await h.generic(
      postPayload({
        postId: "6002",
        author: BOB,
        createdAt: "2026-11-30T10:10:00Z",
        content: turnContent("Alice Dubois"),
      }),
    );

    const res = await h.admin("GET", `/duels/${duelId}/events`);
    expect(res.status).toBe(200);
    const events = await auditOf(h, duelId);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "duel.registered",
        "duel.started",
        "post.recorded",
        "turn.played",
        "referee.command",
        "points.adjusted",
      ]),
    );
    expect(events[0]?.type).toBe("duel.registered");
    for (const event of events) {
      expect(event.type).toEqual(expect.any(String));
      expect(new Date(event.at).toISOString()).toBe(event.at);
      expect(event.rule).toMatch(/^R-\d+\.\d+[a-z]?$/);
    }
    const times = events.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(events.findIndex((e) => e.type === "points.adjusted")).toBeLessThan(
      events.findIndex((e) => e.type === "post.recorded" && e.postId === "6002"),
    );
  });

  it("CONTRACT 6.1 /notifications lists the hiboux; deliveredAt is null until the relay delivers them", async () => {
    const before = await hiboux();
    expect(before.length).toBeGreaterThan(0);
    const started = before.filter((n) => n.kind === "duel.started");
    expect(started.length).toBeGreaterThan(0);
    for (const hibou of before) {
      expect(hibou).toMatchObject({
        id: expect.any(String),
        to: { role: expect.stringMatching(/^(referee|duelist)$/), id: expect.any(String) },
        kind: expect.any(String),
        text: expect.any(String),
        createdAt: expect.any(String),
        deliveredAt: null,
      });
      expect(hibou.text.length).toBeGreaterThan(0);
    }
    expect(started.map((n) => n.to)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: "duelist", id: "42" }),
        expect.objectContaining({ role: "referee", id: "7" }),
      ]),
    );

    await h.settle();
    const after = await hiboux();
    expect(after.map((n) => n.id)).toEqual(before.map((n) => n.id));
    for (const hibou of after) expect(hibou.deliveredAt).toEqual(expect.any(String));
    expect(h.delivered.map((d) => d.kind)).toEqual(expect.arrayContaining(["duel.started"]));
  });

  it("CONTRACT 6.1 a referee fault sends a fault.action hibou to the duelist", async () => {
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "fault",
      duelistId: "42",
      kind: "action",
      reason: "Hors sujet",
    });
    const faults = (await hiboux()).filter((n) => n.kind === "fault.action");
    expect(faults.map((n) => n.to)).toContainEqual(expect.objectContaining({ role: "duelist", id: "42" }));
  });

  it("CONTRACT 2 notifications of an unknown duel are 404", async () => {
    expect((await h.admin("GET", "/duels/poudlard.nope/notifications")).status).toBe(404);
  });
});
