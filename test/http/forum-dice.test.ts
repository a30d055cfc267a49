import { beforeEach, describe, expect, it } from "vitest";
import { auditOf, DUEL_BODY, LONG_RP, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };
const REFEREE = { id: "7", name: "Minerva McGonagall" };

interface Hibou {
  to: { role: string; id: string };
  kind: string;
  title: string;
  text: string;
}

describe("R-3.8 CONTRACT 4.1 a duel played with the forum's dice", () => {
  let h: MemoryHarness;
  let duelId: string;
  const post = (postId: string, author: { id: string; name: string }, content: string, minute: number) =>
    postPayload({
      postId,
      author,
      createdAt: `2026-11-30T10:${String(minute).padStart(2, "0")}:00Z`,
      content,
    });

  beforeEach(async () => {
    h = await memoryHarness();
    await h.forum();
    const created = await h.admin("POST", "/duels", { ...DUEL_BODY, dice: "forum" });
    duelId = created.body.id as string;
  });

  it("R-3.8 a salute, the referee's post and a post playing no turn need no roll: 200, never dice_required", async () => {
    const salute = await h.generic(post("7001", ALICE, `${LONG_RP} Je salue mon adversaire.`, 1));
    expect(salute).toEqual({ status: 200, body: { result: "applied", duelId } });
    const top = await h.generic(post("7002", REFEREE, "Que le duel commence !\n[arbitre]top[/arbitre]", 2));
    expect(top).toEqual({ status: 200, body: { result: "applied", duelId } });
    expect((await h.admin("GET", `/duels/${duelId}`)).body.status).toBe("active");
    // Bob posts out of turn without a roll: a fault for the turn, not a refused delivery.
    const outOfTurn = await h.generic(post("7003", BOB, turnContent("Alice Dubois"), 3));
    expect(outOfTurn).toEqual({ status: 200, body: { result: "applied", duelId } });
    const audit = await auditOf(h, duelId);
    expect(audit.filter((e) => e.type === "dice.rolled")).toEqual([]);
  });

  it("R-3.8 a turn post without a roll is played with two dice rolled by the system, said in the audit log and the hibou, no fault", async () => {
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    h.setDice(() => [6, 2]);
    const res = await h.generic(post("7101", ALICE, turnContent("Bob Martin"), 5));
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId } });
    const audit = await auditOf(h, duelId);
    expect(audit.find((e) => e.type === "turn.played")).toMatchObject({ postId: "7101", dice: [6, 2] });
    expect(audit.find((e) => e.type === "dice.rolled")).toMatchObject({
      rule: "R-3.8",
      postId: "7101",
      duelistId: "42",
      dice: [6, 2],
    });
    expect(audit.some((e) => e.type === "fault.action")).toBe(false);
    // A post with the forum's roll keeps it: no system roll for it.
    const rolled = post("7102", BOB, turnContent("Alice Dubois"), 6);
    await h.generic({ ...rolled, data: { ...rolled.data, dice: [1, 5] } });
    const after = await auditOf(h, duelId);
    expect(after.find((e) => e.type === "turn.played" && e.postId === "7102")).toMatchObject({
      dice: [1, 5],
    });
    expect(after.filter((e) => e.type === "dice.rolled")).toHaveLength(1);

    await h.settle();
    const hiboux = (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as Hibou[];
    const summaries = hiboux.filter((x) => x.to.role === "referee" && x.kind === "turn.resolved");
    // Each summary by its turn: a post is named by its time, never by its id (CONTRACT.md 6.1).
    expect(summaries.find((x) => x.title.startsWith("Tour 1 :"))?.text).toContain(
      "le système a lancé les deux dés pour ce tour (R-3.8)",
    );
    expect(summaries.find((x) => x.title.startsWith("Tour 2 :"))?.text).not.toContain("R-3.8");
  });
});
