import { describe, expect, it } from "vitest";
import { compareOrder } from "../../shared/domain/input-order.js";
import { postInstant } from "../../shared/domain/minute-doubt.js";
import { inputOrderOf } from "../../shared/domain/replay.js";
import { ALICE, attack, BOB, Duel } from "./fixtures.js";

/** A post the board shows as « 10:05 » (Forumactif: minutes only). */
const shownAt1005 = { createdAt: "2026-11-30T10:05:00.000Z" };

describe("CONTRACT 4.4 a post shown to the minute: the benefit of the doubt, in the domain", () => {
  it("a post with its own time sits at it; shown to the minute, at the start of that minute", () => {
    const duel = new Duel();
    const exact = duel.postInput(ALICE, null, [1, 1], { createdAt: "2026-11-30T10:05:42.123Z" });
    expect(postInstant(exact, duel.state)).toBe("2026-11-30T10:05:42.123Z");
    const salute = { ...duel.postInput(BOB, null, [1, 1], shownAt1005), shownToTheMinute: true };
    expect(postInstant(salute)).toBe("2026-11-30T10:05:00.000Z");
  });

  it("before a top given on the desk in its minute: a salute sorts before the top, a spell after it", () => {
    const duel = new Duel();
    duel.now = "2026-11-30T10:05:40.000Z";
    duel.top();
    const topCommand = duel.inputs.at(-1);
    if (topCommand?.type !== "referee") throw new Error("no top given");
    const top = inputOrderOf(topCommand, "top", 1);
    const salute = { ...duel.postInput(BOB, null, [1, 1], shownAt1005), shownToTheMinute: true };
    const spell = {
      ...duel.postInput(ALICE, attack("Rictusempra", "Bob Martin"), [4, 2], shownAt1005),
      shownToTheMinute: true,
    };
    const key = (post: typeof salute) =>
      inputOrderOf({ type: "post.received", now: duel.now, post }, "p", 2, duel.state);
    expect(compareOrder(key(salute), top)).toBeLessThan(0);
    expect(compareOrder(key(spell), top)).toBeGreaterThan(0);
    // A minute later, the top is no longer of the post's minute: the spell sits at its minute's start.
    const later = { ...spell, createdAt: "2026-11-30T10:06:00.000Z" };
    expect(postInstant(later, duel.state)).toBe("2026-11-30T10:06:00.000Z");
  });

  it("in time when its deadline falls in its minute", () => {
    const duel = new Duel();
    duel.now = "2026-11-30T10:00:40.000Z";
    duel.top();
    const deadline = duel.turn?.deadline ?? "";
    const post = {
      ...duel.postInput(ALICE, attack("Rictusempra", "Bob Martin"), [4, 2], {
        createdAt: `${deadline.slice(0, 17)}00.000Z`,
      }),
      shownToTheMinute: true,
    };
    duel.now = deadline;
    const events = duel.run({ type: "post.received", now: deadline, post });
    expect(events.map((e) => e.type)).not.toContain("fault.absence");
    expect(events.map((e) => e.type)).toContain("turn.played");
  });
});
