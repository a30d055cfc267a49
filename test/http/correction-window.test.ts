import { beforeEach, describe, expect, it } from "vitest";
import { activeDuel, auditOf, postPayload } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const SHORT =
  "Alice lève sa baguette vite.\n[duel]\nSort : Glacius\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]";

interface Hibou {
  readonly kind: string;
  readonly text: string;
}

/** through the running pipeline: the API, the manual clock (CONTRACT.md 7), the hiboux. */
describe("R-6.7 correction windows, end to end", () => {
  let h: MemoryHarness;
  let duelId: string;
  const hiboux = async () =>
    (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as Hibou[];
  const duel = async () => (await h.admin("GET", `/duels/${duelId}`)).body;

  beforeEach(async () => {
    h = await memoryHarness();
    duelId = await activeDuel(h);
  });

  it("R-6.7 CONTRACT 2 a correction that leaves the post incomplete is 409 correction_incomplete, nothing changed, the window open until its time", async () => {
    await h.generic(
      postPayload({ postId: "8004", author: ALICE, createdAt: "2026-11-30T10:00:00Z", content: SHORT }),
    );
    expect((await duel()).pending).toMatchObject([{ postId: "8004", until: "2026-11-30T10:30:00.000Z" }]);
    await h.admin("POST", "/_local/clock", { advance: "PT5M" });
    const before = await auditOf(h, duelId);
    const res = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "correction",
      postId: "8004",
      fields: { text: "trop court encore" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "correction_incomplete",
      message: expect.stringContaining("moins de 100 mots (8 avec la correction)"),
    });
    // Nothing decided; the refusal is recorded, only as refused.
    const after = await auditOf(h, duelId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toMatchObject([
      { type: "referee.command-rejected", rule: "R-7.1", code: "correction_incomplete" },
    ]);
    expect((await duel()).pending).toMatchObject([{ postId: "8004", until: "2026-11-30T10:30:00.000Z" }]);
    expect((await hiboux()).map((x) => x.kind)).not.toContain("correction.accepted");
    expect((await hiboux()).map((x) => x.kind)).not.toContain("fault.action");

    const words = Array.from({ length: 100 }, (_, i) => `mot${i}`).join(" ");
    await h.admin("POST", "/_local/clock", { advance: "PT10M" });
    const complete = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "correction",
      postId: "8004",
      fields: { text: words },
    });
    expect(complete.status).toBe(200);
    const kinds = (await hiboux()).map((x) => x.kind);
    expect(kinds).toContain("correction.accepted");
    expect(kinds).not.toContain("fault.action");
  });

  it("R-6.7 a short post arriving after its window's end opens none: the fault applies at once, no hibou invites a correction", async () => {
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T12:00:00Z" });
    await h.generic(
      postPayload({ postId: "8005", author: ALICE, createdAt: "2026-11-30T10:35:00Z", content: SHORT }),
    );
    const view = await duel();
    expect(view.pending).toEqual([]);
    expect(view.duelists).toMatchObject([{ id: "42", actionFaults: 1, correctionUsed: true }, { id: "43" }]);
    const all = await hiboux();
    expect(all.map((x) => x.kind)).not.toContain("correction.opened");
    expect(all.map((x) => x.kind)).toEqual(expect.arrayContaining(["correction.expired", "fault.action"]));
    for (const x of all) expect(x.text).not.toContain("Envoie ce qui manque");
    expect((await h.admin("POST", "/_local/clock", { advance: "PT1S" })).body).toMatchObject({ fired: 0 });
  });

  it("R-6.7 CONTRACT 4.3 the referee's correction posted in time in the thread, arriving after the fault, takes its place", async () => {
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T12:00:00Z" });
    await h.generic(
      postPayload({ postId: "8005", author: ALICE, createdAt: "2026-11-30T10:35:00Z", content: SHORT }),
    );
    expect((await duel()).duelists).toMatchObject([{ id: "42", actionFaults: 1 }, { id: "43" }]);
    const words = Array.from({ length: 100 }, (_, i) => `mot${i}`).join(" ");
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T12:01:00Z" });
    await h.generic(
      postPayload({
        postId: "8006",
        author: { id: "7", name: "Minerva McGonagall" },
        createdAt: "2026-11-30T10:50:00Z",
        content: `[arbitre]\ncorrection 8005\ntexte : ${words}\n[/arbitre]`,
      }),
    );
    const view = await duel();
    expect(view.pending).toEqual([]);
    expect(view.duelists).toMatchObject([{ id: "42", actionFaults: 0, correctionUsed: true }, { id: "43" }]);
  });
});
