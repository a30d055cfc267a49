/**
 * A revised verdict (CONTRACT.md 4.3) is told to whoever was told something that changed, and to no
 * one else: an absence re-stated as it was announced sends no « Verdict révisé », and a
 * duelist whose « à toi de jouer » did not change is not sent it again.
 */
import { describe, expect, it } from "vitest";
import { effectsOf } from "../../shared/app/effects.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import { entriesOf } from "../../shared/ports/outbox-store.js";
import { ALICE as A, attack, Duel } from "../domain/fixtures.js";
import { activeDuel, postPayload, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { id: "42", name: "Alice Dubois" };
const REFEREE = { id: "7", name: "Minerva McGonagall" };
const FORUM = {
  forumId: "poudlard",
  name: "Poudlard RPG",
  referees: [REFEREE],
  notify: [{ type: "log" }],
} as unknown as ForumConfig;

interface Notification {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly to: { readonly role: string; readonly id: string };
}

/** The hiboux the duel sent that are not in `seen`. */
async function sentSince(h: MemoryHarness, duelId: string, seen: readonly Notification[] = []) {
  await h.settle();
  const { body } = await h.admin("GET", `/duels/${duelId}/notifications`);
  const ids = new Set(seen.map((n) => n.id));
  return (body.notifications as Notification[]).filter((n) => !ids.has(n.id));
}

const revisedTo = (hiboux: readonly { kind: string; title: string; to: { role: string; id: string } }[]) =>
  hiboux
    .filter((n) => n.kind === "verdict.revised" || n.title.startsWith("Verdict révisé"))
    .map((n) => `${n.to.role}:${n.to.id}`);

/** A referee's decision posted in the thread at `createdAt`, delivered now. */
const refereePost = (postId: string, createdAt: string, command: string) =>
  postPayload({ postId, author: REFEREE, createdAt, content: `[arbitre]${command}[/arbitre]` });

describe("CONTRACT 4.3 R-6.2 a revised absence told again only where it changed", () => {
  it("CONTRACT 4.3 R-6.2 an input whose only turn is an absence, re-stated as it was told: no « Verdict révisé » to anyone", () => {
    // Alice attacked Bob; Bob let his deadline pass: the absence's input, decided again the same.
    const duel = new Duel();
    duel.top();
    duel.post(A, attack("Incendio", "Bob"), [5, 1]);
    const deadline = duel.timer("reply-deadline");
    const before = duel.state;
    const events = duel.fire(deadline);
    const command = duel.inputs.at(-1);
    if (!command) throw new Error("the timer is an input");
    const sent = effectsOf({
      forum: FORUM,
      before,
      after: duel.state,
      events: [],
      revised: [
        {
          order: { rank: "timer", instant: deadline.at, timer: deadline.name },
          inputId: "timer-1",
          command,
          events,
          previous: events.map((e) => ({ ...e })),
          states: { before, after: duel.state },
        },
      ],
      timers: { schedule: [], cancel: [] },
      version: 4,
      now: deadline.at,
    })
      .flatMap(entriesOf)
      .flatMap((e): Hibou[] => (e.effect.type === "notify" ? [e.effect.hibou] : []));
    expect(revisedTo(sent)).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("CONTRACT 4.3 R-6.2 a late referee decision that leaves an absence as it was: no « Verdict révisé »", async () => {
    const h = await memoryHarness({ start: "2026-11-30T10:00:00.000Z" });
    const duelId = await activeDuel(h);
    // Alice's turn 1 passes without her post: her absence is told.
    await h.admin("POST", "/_local/clock", { set: "2026-12-03T11:00:00Z" });
    const seen = await sentSince(h, duelId);
    expect(seen.filter((n) => n.kind === "fault.absence")).toHaveLength(2);
    // The referee's decision posted before her deadline arrives now: it changes nothing of her absence.
    const late = await h.generic(refereePost("7301", "2026-12-01T10:00:00Z", "points Bob Martin -2"));
    expect(late.body.result).toBe("applied");
    const sent = await sentSince(h, duelId, seen);
    expect(sent.map((n) => n.kind).sort()).toEqual(["points.adjusted", "points.adjusted"]);
    expect(revisedTo(sent)).toEqual([]);
  });

  it("CONTRACT 4.3 R-6.2 a late decision that changes an absence: its duelist and the referee hear it, not a duelist whose turn stays as told", async () => {
    const h = await memoryHarness({ start: "2026-11-30T10:00:00.000Z" });
    const duelId = await activeDuel(h);
    const alice1 = postPayload({
      postId: "7302",
      author: ALICE,
      createdAt: "2026-11-30T10:05:00Z",
      content: turnContent("Bob Martin", "Incendio"),
    });
    expect((await h.generic(alice1)).body.result).toBe("applied");
    // Bob's turn 2 passes: his absence, Alice's attack hits him, Alice is asked for turn 3.
    await h.admin("POST", "/_local/clock", { set: "2026-12-03T11:00:00Z" });
    const seen = await sentSince(h, duelId);
    expect(seen.map((n) => n.title)).toContain("À toi de jouer — tour 3");
    // The referee took 2 PD from Bob before his deadline: his absence leaves him 2 PD fewer.
    const late = await h.generic(refereePost("7303", "2026-12-01T10:00:00Z", "points Bob Martin -2"));
    expect(late.body.result).toBe("applied");
    const sent = await sentSince(h, duelId, seen);
    expect(revisedTo(sent).sort()).toEqual(["duelist:43", "referee:7", "referee:7"]);
    // Alice's turn 3, its deadline and her points are as she was told: nothing to tell her again.
    expect(sent.filter((n) => n.to.id === ALICE.id)).toEqual([]);
  });
});
