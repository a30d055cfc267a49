import { describe, expect, it } from "vitest";
import { composeAnnouncements } from "../../shared/announce/compose.js";
import { ALICE, attack, Duel } from "../domain/fixtures.js";
import { memoryHarness } from "../support/harness.js";

/** One turn of a started duel, as a decision's events and the state before them. */
function oneTurn() {
  const duel = new Duel();
  duel.top();
  const before = duel.state;
  const events = duel.post(ALICE, attack("Incendio", "Bob"), [4, 1]);
  return { before, events };
}

describe("CONTRACT 3 announceRules: the rules in the thread only when the forum asks", () => {
  it("CONTRACT 3 announceRules is kept with the forum and shown by GET", async () => {
    const h = await memoryHarness();
    expect((await h.forum({ announceRules: true })).status).toBe(201);
    expect((await h.admin("GET", "/forums/poudlard")).body).toMatchObject({ announceRules: true });
    expect((await h.store.getForum("poudlard"))?.announceRules).toBe(true);
  });

  it("CONTRACT 3 without announceRules no reply names a rule id", () => {
    const replies = composeAnnouncements({ mode: "turns", ...oneTurn() });
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.flatMap((r) => r.lines).join("\n")).not.toMatch(/R-\d/);
  });

  it("CONTRACT 3 with announceRules each reply ends with the rules it applied", () => {
    const { before, events } = oneTurn();
    const replies = composeAnnouncements({ mode: "turns", rules: true, before, events });
    const turn = replies.find((r) => r.title.includes(ALICE.name));
    expect(turn?.lines.at(-1)).toMatch(/^Règles : R-3\.1(, R-[\d.]+)*$/);
    // Only the rules of events the reply tells.
    const told = new Set(events.map((e) => e.rule));
    for (const id of turn?.lines.at(-1)?.replace("Règles : ", "").split(", ") ?? [])
      expect(told).toContain(id);
  });
});
