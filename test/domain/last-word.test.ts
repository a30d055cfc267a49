import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import { initialState } from "../../shared/domain/state.js";
import { timersOf } from "../../shared/domain/timers.js";
import { composeHiboux } from "../../shared/hiboux/compose.js";
import { addDuration } from "../../shared/time/duration.js";
import { ALICE, attack, BOB, Duel, LONG_RP, REFEREE, T0 } from "./fixtures.js";

const REASON = "erreur d'arbitrage";

/** Alice plays, Bob lets his deadline pass: `absences` times. */
function bobAbsent(duel: Duel, absences: number): void {
  for (let i = 0; i < absences; i++) {
    duel.now = duel.turn?.startedAt ?? duel.now;
    duel.post(ALICE, attack(i % 2 === 0 ? "Diffindo" : "Glacius", "Bob"), [1, 6]);
    duel.fire(duel.timer("reply-deadline"));
  }
}

/** The hiboux the last input of `duel` wrote, by recipient id ("referee" for the referee). */
function hibouxOf(duel: Duel, events: readonly DuelEvent[]) {
  const before = fold(initialState, duel.log.slice(0, duel.log.length - events.length));
  return composeHiboux({ events, before, after: duel.state }).map((h) => ({
    to: h.to.role === "referee" ? "referee" : h.to.id,
    kind: h.kind,
    text: h.text,
  }));
}

describe("R-7.1 the last word: every disqualification can be cancelled", () => {
  it("R-7.1 R-1.3 a spell before the top: the duelist is back, the ban lifted, the duel waits for its top again", () => {
    const duel = new Duel();
    duel.post(ALICE, attack("Diffindo", "Bob"), [3, 3]);
    expect(duel.duelist(ALICE.id).status).toBe("disqualified");
    expect(duel.result).toMatchObject({ winnerId: BOB.id, reason: "disqualification" });
    duel.advance("PT1H");
    const events = duel.referee({ command: "cancel-disqualification", duelistId: ALICE.id }, REASON);
    expect(duel.types(events)).toEqual([
      "referee.command",
      "duelist.reinstated",
      "ban.ended",
      "duel.resumed",
    ]);
    expect(events.find((e) => e.type === "duelist.reinstated")).toMatchObject({ reason: REASON });
    expect(duel.duelist(ALICE.id)).toMatchObject({ status: "active", points: 25 });
    expect(duel.state.status).toBe("registered");
    expect(duel.state.bans.every((b) => b.ended)).toBe(true);
    expect(timersOf(duel.state).map((t) => t.kind)).not.toContain("ban-end");
    // The top may now be given, and the duel runs.
    duel.top();
    expect(duel.turn).toMatchObject({ duelistId: ALICE.id, number: 1 });
  });

  it("R-7.1 R-6.8 the referee's own disqualification: the duel resumes with a new deadline for whoever's turn it was", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Diffindo", "Bob"), [1, 6]);
    // Bob's turn runs; the referee disqualifies Alice.
    duel.referee({ command: "disqualify", duelistId: ALICE.id }, "insultes");
    expect(duel.result).toMatchObject({ winnerId: BOB.id, reason: "disqualification" });
    duel.advance("P4D");
    const events = duel.referee({ command: "cancel-disqualification", duelistId: ALICE.id }, REASON);
    expect(duel.types(events)).toEqual([
      "referee.command",
      "duelist.reinstated",
      "ban.ended",
      "duel.resumed",
      "turn.passed",
    ]);
    expect(duel.state.status).toBe("active");
    expect(duel.turn).toMatchObject({
      duelistId: BOB.id,
      number: 2,
      startedAt: duel.now,
      deadline: addDuration(duel.now, "PT72H"),
    });
    // The attack pending against Bob still waits for his defence.
    expect(duel.state.pendingAttacks).toHaveLength(1);
  });

  it("R-7.1 R-6.8 the third absence: cancelling the disqualification cancels the absence that brought it", () => {
    const duel = new Duel();
    duel.top();
    bobAbsent(duel, 3);
    expect(duel.duelist(BOB.id).status).toBe("disqualified");
    const events = duel.referee({ command: "cancel-disqualification", duelistId: BOB.id }, REASON);
    expect(duel.types(events)).toEqual([
      "referee.command",
      "fault.cancelled",
      "ban.ended",
      "duel.resumed",
      "turn.passed",
    ]);
    expect(duel.duelist(BOB.id)).toMatchObject({ status: "active", absenceFaults: 2 });
    expect(duel.state.status).toBe("active");
  });

  it("R-7.1 a reason is required by the API; a duelist not disqualified is refused with why", () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "disqualify", duelistId: ALICE.id });
    expect(() => duel.referee({ command: "cancel-disqualification", duelistId: ALICE.id })).toThrowError(
      expect.objectContaining({ code: "reason_required", status: 400 }),
    );
    expect(() =>
      duel.referee({ command: "cancel-disqualification", duelistId: BOB.id }, REASON),
    ).toThrowError(expect.objectContaining({ code: "duelist_not_disqualified", status: 409 }));
  });
});

describe("R-7.1 the last word: the referee's end can be cancelled", () => {
  it("R-7.1 cancel-end resumes the duel where it stood, with a new deadline", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Diffindo", "Bob"), [1, 6]);
    duel.referee({ command: "end", winnerId: ALICE.id }, "abandon annoncé");
    expect(duel.result).toMatchObject({ reason: "referee" });
    duel.advance("P1D");
    const events = duel.referee({ command: "cancel-end" }, "abandon démenti");
    expect(duel.types(events)).toEqual(["referee.command", "duel.resumed", "turn.passed"]);
    expect(duel.turn).toMatchObject({ duelistId: BOB.id, number: 2, startedAt: duel.now });
    expect(duel.result).toBeNull();
    const hiboux = hibouxOf(duel, events);
    expect(hiboux.filter((h) => h.kind === "duel.resumed").map((h) => h.to)).toEqual([
      "referee",
      ALICE.id,
      BOB.id,
    ]);
    expect(hiboux.find((h) => h.to === BOB.id && h.kind === "duel.resumed")?.text).toContain(
      "L'arbitre a annulé la fin du duel",
    );
  });

  it("R-7.1 an end the rules reached, or a duel still running, is refused with the real reason", () => {
    const duel = new Duel();
    duel.top();
    expect(() => duel.referee({ command: "cancel-end" }, REASON)).toThrowError(
      expect.objectContaining({ code: "duel_not_ended" }),
    );
    duel.referee({ command: "disqualify", duelistId: ALICE.id });
    expect(() => duel.referee({ command: "cancel-end" }, REASON)).toThrowError(
      expect.objectContaining({ code: "end_not_by_referee" }),
    );
  });
});

describe("R-7.1 hiboux that tell one story", () => {
  it("R-7.1 the duelist told of a disqualification is told of its cancellation, the other of the resumption", () => {
    const duel = new Duel();
    duel.post(ALICE, attack("Diffindo", "Bob"), [3, 3], { text: LONG_RP });
    const events = duel.referee({ command: "cancel-disqualification", duelistId: ALICE.id }, REASON);
    const hiboux = hibouxOf(duel, events);
    const toAlice = hiboux.filter((h) => h.to === ALICE.id).map((h) => h.kind);
    expect(toAlice).toEqual(["disqualification.cancelled", "ban.ended", "duel.resumed"]);
    expect(hiboux.find((h) => h.to === ALICE.id && h.kind === "duel.resumed")?.text).toContain(
      "Ta disqualification est annulée",
    );
    expect(hiboux.find((h) => h.to === BOB.id && h.kind === "duel.resumed")?.text).toContain(
      "attend de nouveau le top",
    );
  });

  it("R-1.4 R-7.1 a top refused because the duel has ended says so, not that the top was given", () => {
    const duel = new Duel();
    duel.post(ALICE, attack("Diffindo", "Bob"), [3, 3]);
    expect(() => duel.top()).toThrowError(
      expect.objectContaining({ code: "duel_finished", message: expect.stringContaining("déjà terminé") }),
    );
  });
});

describe("R-7.1 a duel registered on an existing thread judges only what comes after its registration", () => {
  const earlier = (minutes: number) => new Date(Date.parse(T0) - minutes * 60_000).toISOString();

  it("R-7.1 R-1.3 a spell posted eight minutes before the registration is history: no disqualification", () => {
    const duel = new Duel();
    const events = duel.post(ALICE, attack("Diffindo", "Bob"), [3, 3], { createdAt: earlier(8) });
    expect(duel.types(events)).toEqual(["post.history"]);
    expect(events[0]).toMatchObject({ authorName: ALICE.name, createdAt: earlier(8) });
    expect(duel.duelist(ALICE.id).status).toBe("active");
    expect(duel.state.status).toBe("registered");
  });

  it("R-7.1 R-1.5 an earlier post delivered after the top is no turn and no fault, and its edit is none either", () => {
    const duel = new Duel();
    duel.top();
    duel.advance("PT1H");
    const late = duel.post(BOB, attack("Diffindo", "Alice"), [3, 3], {
      createdAt: earlier(30),
      postId: "77",
    });
    expect(duel.types(late)).toEqual(["post.history"]);
    const edited = duel.run({
      type: "post.edited",
      now: duel.now,
      editedAt: duel.now,
      post: duel.postInput(BOB, attack("Glacius", "Alice"), [3, 3], { createdAt: earlier(30), postId: "77" }),
    });
    expect(duel.types(edited).filter((t) => t.startsWith("fault"))).toEqual([]);
    expect(duel.turn).toMatchObject({ duelistId: ALICE.id, number: 1 });
  });

  it("R-7.1 shown to the minute only: a duelist's post of the registration's minute is history, the referee's is judged", () => {
    const registeredAt = new Date(Date.parse(T0) + 30_000).toISOString();
    const duel = new Duel({ at: registeredAt });
    const inMinute = (author: typeof ALICE | typeof REFEREE, content?: string) =>
      duel.run({
        type: "post.received",
        now: duel.now,
        post: {
          ...duel.postInput(author, content ? null : attack("Diffindo", "Bob"), [3, 3], {
            createdAt: T0,
            ...(content ? { content } : {}),
          }),
          shownToTheMinute: true,
        },
      });
    expect(duel.types(inMinute(ALICE))).toEqual(["post.history"]);
    expect(duel.types(inMinute(REFEREE, "[arbitre]top[/arbitre]"))).toContain("duel.started");
  });

  it("R-7.1 a duel opened by a thread post read later judges the posts made after that post", () => {
    const duel = new Duel({ openedAt: earlier(5) });
    const turn = duel.post(ALICE, attack("Diffindo", "Bob"), [3, 3], { createdAt: earlier(2) });
    expect(duel.types(turn)).toContain("duelist.disqualified");
    const older = duel.post(BOB, attack("Diffindo", "Alice"), [3, 3], { createdAt: earlier(6) });
    expect(duel.types(older)).toEqual(["post.history"]);
  });
});
