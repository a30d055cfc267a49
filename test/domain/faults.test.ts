import { describe, expect, it } from "vitest";
import { correctionsDue } from "../../shared/domain/correction-window.js";
import { decide } from "../../shared/domain/decide.js";
import { inputOrderOf, replay } from "../../shared/domain/replay.js";
import { timersOf } from "../../shared/domain/timers.js";
import { addDuration } from "../../shared/time/duration.js";
import { ALICE, attack, BOB, Duel, LONG_RP, REFEREE, T0 } from "./fixtures.js";

const SHORT = "Alice lève sa baguette.";

describe("faults and sanctions", () => {
  it("R-6.1 the first deadline counts from the top, the next ones from the previous post", () => {
    const duel = new Duel();
    duel.top();
    expect(duel.turn?.deadline).toBe("2026-12-03T10:00:00.000Z");
    duel.advance("PT5H");
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    expect(duel.turn).toMatchObject({ duelistId: BOB.id, deadline: "2026-12-03T15:00:00.000Z" });
    const custom = new Duel({ replyWindow: "PT24H" });
    custom.top();
    expect(custom.turn?.deadline).toBe("2026-12-01T10:00:00.000Z");
  });

  it("R-6.2 absences cost 2 then 4 points, the pending attacks hit, the turn passes with a new deadline", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Diffindo", "Bob"), [3, 1]);
    const first = duel.fire(duel.timer("reply-deadline"));
    expect(first.find((e) => e.type === "defence.resolved")).toMatchObject({
      outcome: "hit",
      defence: null,
      rule: "R-6.2",
    });
    expect(first.find((e) => e.type === "fault.absence")).toMatchObject({ duelistId: BOB.id, count: 1 });
    expect(duel.duelist(BOB.id).points).toBe(50 - 3 - 2);
    expect(duel.turn).toMatchObject({ duelistId: ALICE.id, deadline: "2026-12-06T10:00:00.000Z" });
    duel.now = "2026-12-06T09:00:00.000Z";
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.fire(duel.timer("reply-deadline"));
    expect(duel.duelist(BOB.id)).toMatchObject({ absenceFaults: 2, points: 50 - 3 - 2 - 1 - 4 });
  });

  it("R-6.2 a deadline firing twice, late, or after the turn was played changes nothing", () => {
    const duel = new Duel();
    duel.top();
    const deadline = duel.timer("reply-deadline");
    duel.advance("PT1H");
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    expect(duel.fire(deadline)).toEqual([]);
    const bobDeadline = duel.timer("reply-deadline");
    expect(duel.fire(bobDeadline).length).toBeGreaterThan(0);
    expect(duel.fire(bobDeadline)).toEqual([]);
  });

  it("R-6.2a a dérogation extends the running deadline, once, by at most 5 days", () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "derogation", duelistId: ALICE.id, duration: "P2D" }, "examens");
    expect(duel.turn?.deadline).toBe("2026-12-05T10:00:00.000Z");
    expect(() => duel.referee({ command: "derogation", duelistId: ALICE.id, duration: "P1D" })).toThrowError(
      expect.objectContaining({ code: "derogation_already_used" }),
    );
    expect(() => duel.referee({ command: "derogation", duelistId: BOB.id, duration: "P6D" })).toThrowError(
      expect.objectContaining({ code: "derogation_too_long" }),
    );
    duel.referee({ command: "derogation", duelistId: BOB.id, duration: "P5D" });
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    expect(duel.turn).toMatchObject({ duelistId: BOB.id, deadline: "2026-12-08T10:00:00.000Z" });
  });

  it("R-6.2a a dérogation granted before the top extends the first deadline, counted from the top", () => {
    const duel = new Duel();
    duel.referee({ command: "derogation", duelistId: ALICE.id, duration: "P2D" });
    duel.top();
    // The top gives turn 1 at once; its deadline still carries the dérogation, which is then spent.
    expect(duel.turn).toMatchObject({ duelistId: ALICE.id, number: 1, deadline: "2026-12-05T10:00:00.000Z" });
    expect(duel.state.duelists.find((d) => d.id === ALICE.id)?.pendingExtension).toBeNull();
    expect(duel.timer("reply-deadline").at).toBe("2026-12-05T10:00:00.000Z");
  });

  it("R-6.3 a post under 100 words, a missing zone or target, a missing bet are action faults once the right is spent", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1], { text: SHORT });
    duel.referee({ command: "correction", postId: "1001", fields: { text: LONG_RP } });
    duel.post(BOB, { Sort: "Diffindo", Cible: "Alice", Pari: "2" }, [1, 6]);
    duel.advance("PT31M");
    duel.fire(duel.timer("correction"));
    const noBet = duel.post(ALICE, { Sort: "Incendio", Cible: "Bob", Zone: "torse" }, [1, 6]);
    expect(noBet.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["pari"],
      rule: "R-6.3",
    });
  });

  it("R-6.3 editing or deleting a post of the duel is an action fault, one per post", () => {
    const duel = new Duel();
    duel.top();
    const input = duel.postInput(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.run({ type: "post.received", now: duel.now, post: input });
    const edited = duel.run({
      type: "post.edited",
      now: duel.now,
      editedAt: duel.now,
      post: { ...input, content: `${input.content} (modifié)` },
    });
    expect(edited.find((e) => e.type === "fault.action")).toMatchObject({ violations: ["edited"] });
    const deleted = duel.run({
      type: "post.deleted",
      now: duel.now,
      deletedAt: duel.now,
      postId: input.postId,
      authorId: ALICE.id,
    });
    expect(duel.types(deleted)).not.toContain("fault.action");
    expect(
      duel.run({
        type: "post.deleted",
        now: duel.now,
        deletedAt: duel.now,
        postId: input.postId,
        authorId: ALICE.id,
      }),
    ).toEqual([]);
    expect(duel.duelist(ALICE.id).actionFaults).toBe(1);
  });

  it("R-6.3a a post breaking several rules is one fault naming every rule", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.post(BOB, attack("Glacius", "Alice"), [1, 1]);
    const events = duel.post(ALICE, { Sort: "Glacius", Particularité: "Voyant" }, [1, 1], { text: SHORT });
    const faults = events.filter((e) => e.type === "fault.action");
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ rules: expect.arrayContaining(["R-4.16", "R-5.2", "R-6.3"]) });
  });

  it("R-6.4 a faulty turn's action fails but its defence still answers", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [3, 1]);
    duel.post(BOB, { Sort: "Diffindo", Cible: "Alice", Zone: "bras" }, [1, 6], { text: SHORT });
    duel.advance("PT31M");
    const expired = duel.fire(duel.timer("correction"));
    expect(expired.find((e) => e.type === "defence.resolved")).toMatchObject({ outcome: "deflected" });
    expect(duel.types(expired)).not.toContain("attack.launched");
  });

  it("R-6.5 R-6.6 the second action fault costs the sanction table's points and resets the counter", () => {
    const duel = new Duel({ duelists: [ALICE, { ...BOB, year: 5 }] });
    duel.top();
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1]);
    duel.post(BOB, attack("Avada Kedavra", "Alice"), [1, 6]);
    expect(duel.duelist(BOB.id).actionFaults).toBe(1);
    duel.post(ALICE, attack("Diffindo", "Bob"), [1, 1]);
    const events = duel.post(BOB, attack("Avada Kedavra", "Alice"), [1, 6]);
    expect(events.find((e) => e.type === "sanction.applied")).toMatchObject({ points: 3, rule: "R-6.5" });
    expect(duel.duelist(BOB.id)).toMatchObject({ actionFaults: 0, points: 35 - 3 });
  });

  it("R-6.7 a correction in time completes the post; posts behind it wait and then play in order", () => {
    const duel = new Duel();
    duel.top();
    const opened = duel.post(ALICE, { Sort: "Incendio", Cible: "Bob", Pari: "4" }, [4, 1]);
    expect(opened.find((e) => e.type === "correction.opened")).toMatchObject({
      missing: ["zone"],
      until: "2026-11-30T10:30:00.000Z",
    });
    duel.advance("PT10M");
    const queued = duel.post(BOB, attack("Glacius", "Alice"), [1, 2]);
    expect(duel.types(queued)).toContain("post.queued");
    expect(timersOf(duel.state).map((t) => t.kind)).toEqual(["correction"]);
    duel.advance("PT5M");
    const accepted = duel.referee({ command: "correction", postId: "1001", fields: { zone: "torse" } });
    const types = duel.types(accepted);
    expect(types.indexOf("attack.launched")).toBeLessThan(types.indexOf("defence.resolved"));
    expect(duel.duelist(BOB.id).points).toBe(44);
    expect(duel.duelist(ALICE.id)).toMatchObject({ correctionUsed: true, actionFaults: 0 });
    expect(duel.turn?.duelistId).toBe(ALICE.id);
  });

  it("R-6.7 R-7.1 a correction that leaves the post incomplete is refused: nothing recorded, the window open until its time", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Glacius", "Bob"), [1, 1], { text: "Alice lève sa baguette vite." });
    const before = duel.state;
    duel.advance("PT5M");
    expect(() =>
      duel.referee({ command: "correction", postId: "1001", fields: { text: "trop court encore" } }),
    ).toThrowError(
      expect.objectContaining({
        code: "correction_incomplete",
        status: 409,
        message:
          "Correction refusée : avec elle, le message 1001 resterait incomplet (moins de 100 mots (8 avec la correction)). " +
          "Rien n'est changé : la fenêtre reste ouverte jusqu'au lundi 30 novembre 2026 à 11 h 30 pour une correction qui le complète (R-6.7).",
        details: { postId: "1001", missing: ["words"], until: "2026-11-30T10:30:00.000Z" },
      }),
    );
    expect(duel.state).toBe(before);
    expect(timersOf(duel.state).map((t) => [t.kind, t.at])).toEqual([
      ["correction", "2026-11-30T10:30:00.000Z"],
    ]);
    duel.advance("PT10M");
    const accepted = duel.referee({ command: "correction", postId: "1001", fields: { text: LONG_RP } });
    expect(duel.types(accepted)).toContain("correction.accepted");
    expect(duel.types(accepted)).not.toContain("fault.action");
    expect(duel.duelist(ALICE.id)).toMatchObject({ actionFaults: 0, correctionUsed: true });
  });

  it("R-6.7 R-7.1 in the thread, an incomplete correction is recorded only as refused, naming what is missing", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, { Sort: "Incendio", Cible: "Bob" }, [4, 1]);
    duel.advance("PT5M");
    const events = duel.post(REFEREE, null, [1, 1], {
      content: "[arbitre]\ncorrection 1001\nzone : torse\n[/arbitre]",
    });
    expect(duel.types(events)).toEqual(["post.recorded", "referee.command-rejected"]);
    expect(events[1]).toMatchObject({
      code: "correction_incomplete",
      message: expect.stringContaining("pari de dé manquant"),
    });
    expect(duel.state.pending).toMatchObject([
      { post: { postId: "1001" }, until: "2026-11-30T10:30:00.000Z" },
    ]);
  });

  it("R-6.7 a short post received after its window's end: the window counts from the post and its end is already due", () => {
    const duel = new Duel();
    duel.top();
    const createdAt = addDuration(T0, "PT35M");
    const post = {
      ...duel.postInput(ALICE, attack("Glacius", "Bob"), [1, 1], { text: SHORT, createdAt }),
      receivedAt: addDuration(T0, "PT2H"),
    };
    const events = duel.run({ type: "post.received", now: createdAt, post });
    expect(events.find((e) => e.type === "correction.opened")).toMatchObject({
      until: addDuration(T0, "PT65M"),
      post: { receivedAt: addDuration(T0, "PT2H") },
    });
    // The right is spent: the window gives ran, in the thread's time, from 00:35 to 01:05.
    expect(duel.duelist(ALICE.id)).toMatchObject({ correctionUsed: true });
    // Its end is due already: whoever received the post fires it at once (post-intake.ts).
    const due = correctionsDue(duel.state, post.receivedAt);
    expect(due.map((t) => [t.kind, t.at])).toEqual([["correction", addDuration(T0, "PT65M")]]);
    const expired = due[0] ? duel.fire(due[0]) : [];
    expect(duel.types(expired)).toEqual(expect.arrayContaining(["correction.expired", "fault.action"]));
    expect(duel.state.pending).toEqual([]);
    expect(duel.duelist(ALICE.id)).toMatchObject({ correctionUsed: true, actionFaults: 1 });
    expect(duel.turn).toMatchObject({ duelistId: BOB.id, deadline: addDuration(createdAt, "PT72H") });
  });

  it("R-6.7 a short post received late but before its window's end opens the window until 30 minutes after the post", () => {
    const duel = new Duel();
    duel.top();
    const createdAt = addDuration(T0, "PT35M");
    const post = {
      ...duel.postInput(ALICE, attack("Glacius", "Bob"), [1, 1], { text: SHORT, createdAt }),
      receivedAt: addDuration(T0, "PT50M"),
    };
    duel.run({ type: "post.received", now: post.receivedAt, post });
    expect(duel.state.pending).toMatchObject([{ until: addDuration(T0, "PT65M") }]);
    expect(correctionsDue(duel.state, post.receivedAt)).toEqual([]);
  });

  it("R-6.7 CONTRACT 4.3 a post received after its window's end is decided the same live and on replay", () => {
    const duel = new Duel();
    duel.top();
    const createdAt = addDuration(T0, "PT35M");
    const command = {
      type: "post.received" as const,
      now: createdAt,
      post: {
        ...duel.postInput(ALICE, attack("Glacius", "Bob"), [1, 1], { text: SHORT, createdAt }),
        receivedAt: addDuration(T0, "PT2H"),
      },
    };
    const live = decide(command, duel.state, "p.late");
    const stored = duel.inputs.map((c, i) => ({
      order: inputOrderOf(c, `i${i}`),
      inputId: `i${i}`,
      command: c,
    }));
    const replayed = replay([
      ...stored,
      { order: inputOrderOf(command, "p.late"), inputId: "p.late", command },
    ]);
    expect(live.find((e) => e.type === "correction.opened")).toMatchObject({
      post: { receivedAt: addDuration(T0, "PT2H") },
    });
    expect(replayed.inputs.at(-1)?.events).toEqual(live);
  });

  it("R-6.7 an uncorrected window applies the fault; the right is spent; a valid post's correction is refused", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, { Sort: "Incendio", Cible: "Bob", Zone: "torse" }, [4, 1]);
    duel.advance("PT31M");
    const expired = duel.fire(duel.timer("correction"));
    expect(duel.types(expired)).toEqual(expect.arrayContaining(["correction.expired", "fault.action"]));
    duel.post(BOB, attack("Glacius", "Alice"), [1, 2]);
    const second = duel.post(ALICE, { Sort: "Diffindo", Cible: "Bob", Zone: "torse" }, [4, 1]);
    expect(duel.types(second)).not.toContain("correction.opened");
    expect(second.find((e) => e.type === "fault.action")).toMatchObject({ violations: ["pari"] });
    expect(() => duel.referee({ command: "correction", postId: "1002", fields: { pari: "3" } })).toThrowError(
      expect.objectContaining({ code: "correction_refused" }),
    );
  });

  it("R-6.7 a post that also breaks a rule no correction can mend opens no window", () => {
    const duel = new Duel();
    duel.top();
    const events = duel.post(ALICE, { Sort: "Avada Kedavra", Cible: "Bob", Zone: "torse" }, [4, 1]);
    expect(duel.types(events)).not.toContain("correction.opened");
    expect(events.find((e) => e.type === "fault.action")).toMatchObject({
      violations: ["unlisted-spell", "pari"],
    });
    expect(duel.duelist(ALICE.id).correctionUsed).toBe(false);
  });

  it("R-6.1 R-6.2 a deadline fired days late: one absence per turn, each at its own deadline, the next deadline counted from it", () => {
    const duel = new Duel();
    duel.top();
    const late = { ...duel.timer("reply-deadline"), at: addDuration(T0, "P10D") };
    const events = duel.fire(late);
    const absences = events.filter((e) => e.type === "fault.absence");
    expect(absences.map((e) => [e.at, e.duelistId, e.turn])).toEqual([
      [addDuration(T0, "PT72H"), ALICE.id, 1],
      [addDuration(T0, "PT144H"), BOB.id, 2],
      [addDuration(T0, "PT216H"), ALICE.id, 3],
    ]);
    const passed = events.filter((e) => e.type === "turn.passed");
    expect(passed.map((e) => [e.startedAt, e.deadline])).toEqual([
      [addDuration(T0, "PT72H"), addDuration(T0, "PT144H")],
      [addDuration(T0, "PT144H"), addDuration(T0, "PT216H")],
      [addDuration(T0, "PT216H"), addDuration(T0, "PT288H")],
    ]);
    expect(duel.turn).toMatchObject({ duelistId: BOB.id, number: 4, deadline: addDuration(T0, "PT288H") });
    expect(duel.duelist(ALICE.id)).toMatchObject({ absenceFaults: 2, status: "active" });
  });

  it("R-6.8 the third absence disqualifies", () => {
    const duel = new Duel();
    duel.top();
    for (let i = 0; i < 5; i++) duel.fire(duel.timer("reply-deadline"));
    expect(duel.duelist(ALICE.id)).toMatchObject({ status: "disqualified", absenceFaults: 3 });
    expect(duel.result).toEqual({ winnerId: BOB.id, reason: "disqualification" });
  });

  it("R-6.9 a disqualification bans for six months; the ban ends by itself on time", () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "disqualify", duelistId: BOB.id }, "insultes");
    expect(duel.state.bans).toEqual([{ duelistId: BOB.id, until: "2027-05-30T10:00:00.000Z", ended: false }]);
    const end = duel.timer("ban-end");
    expect(end.at).toBe("2027-05-30T10:00:00.000Z");
    expect(duel.fire(end).map((e) => e.type)).toEqual(["ban.ended"]);
    expect(timersOf(duel.state)).toEqual([]);
    expect(T0).toBe("2026-11-30T10:00:00.000Z");
  });
});
