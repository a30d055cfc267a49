/**
 * What a duelist is told, as the club found it missing: posts named by their time in
 * the thread, never by id; a corrected post's fields restated; an attack a correction launched
 * told to its target; a hit in one's own turn told; an absence in one hibou; a ban told kindly and
 * whole. Each case runs the real decider, then the app layer's effects (CONTRACT.md 6.1).
 */
import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import type { HibouDraft } from "../../shared/hiboux/index.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import { postTime } from "../../shared/texts/format.js";
import { ALICE, attack, BOB, Duel, LONG_RP, T0 } from "../domain/fixtures.js";
import { decided, hibouxOf } from "./decided.js";

const FORUM = {
  forumId: "poudlard",
  name: "Poudlard RPG",
  referees: [
    { id: "7", name: "Minerva McGonagall" },
    { id: "8", name: "Albus Dumbledore" },
  ],
  notify: [{ type: "log" }],
} as unknown as ForumConfig;

/**
 * The hiboux one decision sends, as the app layer writes them to the outbox: `run` decides on
 * `duel`; `now` is when the decision is taken (the duel's clock unless given).
 */
function told(duel: Duel, run: () => readonly DuelEvent[], now?: string, forum = FORUM): Hibou[] {
  return hibouxOf(decided(duel, run, forum, now));
}

const to = (hiboux: readonly (Hibou | HibouDraft)[], id: string) =>
  hiboux.filter((h) => h.to.role === "duelist" && h.to.id === id);
const toReferee = (hiboux: readonly Hibou[]) => hiboux.filter((h) => h.to.role === "referee");

/** Alice's first turn, Incendio at Bob, without its bet: her right to fix a mistake opens (R-6.7). */
function withoutBet(): Duel {
  const duel = new Duel();
  duel.top();
  duel.post(ALICE, { Sort: "Incendio", Cible: "Bob", Zone: "torse" }, [5, 1]);
  duel.advance("PT10M");
  return duel;
}

describe("CONTRACT 6.1 a post is named by its time in the thread, never by its id", () => {
  it("CONTRACT 6.1 « de 14 h 02 » the same day, with its day another day (Paris time)", () => {
    expect(postTime("2026-11-30T13:02:00Z", "2026-11-30T20:00:00Z")).toBe("de 14 h 02");
    expect(postTime("2026-11-30T13:02:00Z", "2026-12-01T09:00:00Z")).toBe("du lundi 30 novembre à 14 h 02");
    expect(postTime("2026-12-31T22:30:00Z", "2027-01-02T09:00:00Z")).toBe(
      "du jeudi 31 décembre 2026 à 23 h 30",
    );
    expect(postTime("2026-12-01T08:00:00Z")).toBe("de 9 h 00");
  });

  it("R-6.3 a fault names the post by its time: « ton message de 11 h 00 », not « message 1002 »", () => {
    const duel = new Duel();
    duel.top();
    // Bob posts while it is Alice's turn: out of turn.
    const hiboux = told(duel, () => duel.post(BOB, attack("Glacius", "Alice"), [3, 3]));
    const [yours] = to(hiboux, BOB.id).filter((h) => h.kind === "fault.action");
    expect(yours?.text).toContain("Tu reçois ta 1re faute d'action (ton message de 11 h 00)");
    const [theirs] = toReferee(hiboux).filter((h) => h.kind === "fault.action");
    expect(theirs?.text).toContain("1re faute d'action de Bob Martin (son message de 11 h 00)");
    for (const h of hiboux) expect(h.text).not.toMatch(/message \d/);
  });

  it("CONTRACT 6.1 the time is the one the forum shows: a board in Montreal time", () => {
    const montreal = { ...FORUM, source: { timeZone: "America/Montreal" } } as unknown as ForumConfig;
    const duel = new Duel();
    duel.top();
    const hiboux = told(duel, () => duel.post(BOB, attack("Glacius", "Alice"), [3, 3]), undefined, montreal);
    const [yours] = to(hiboux, BOB.id).filter((h) => h.kind === "fault.action");
    expect(yours?.text).toContain("(ton message de 5 h 00)");
  });

  it("R-6.3 a post of another day is named with its day: an edit the next day", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [5, 1], { postId: "5001" });
    duel.advance("P1D");
    const edited = duel.postInput(ALICE, attack("Incendio", "Bob"), [5, 1], {
      postId: "5001",
      createdAt: T0,
      text: `${LONG_RP} retouché`,
    });
    const hiboux = told(duel, () =>
      duel.run({ type: "post.edited", now: duel.now, post: edited, editedAt: duel.now }),
    );
    const [yours] = to(hiboux, ALICE.id).filter((h) => h.kind === "fault.action");
    expect(yours?.text).toContain("(ton message du lundi 30 novembre à 11 h 00)");
    expect(yours?.text).not.toContain("5001");
  });

  it("R-6.7 the right to fix a mistake names the post by its time", () => {
    const duel = new Duel();
    duel.top();
    const hiboux = told(duel, () =>
      duel.post(ALICE, { Sort: "Incendio", Cible: "Bob", Zone: "torse" }, [5, 1], { postId: "6003" }),
    );
    const [yours] = to(hiboux, ALICE.id).filter((h) => h.kind === "correction.opened");
    expect(yours?.text).toContain("Ton message de 11 h 00 (tour 1) est incomplet : pari de dé manquant.");
    const [theirs] = toReferee(hiboux).filter((h) => h.kind === "correction.opened");
    expect(theirs?.text).toContain("Le message d'Alice Dubois de 11 h 00 (tour 1) est incomplet");
    // Only the command the referee types carries the post's id: the command needs it.
    expect(theirs?.text.replace("correction 6003", "")).not.toContain("6003");
    expect(yours?.text).not.toContain("6003");
  });
});

describe("R-6.7 after a referee's correction", () => {
  it("R-6.7 the turn's summary restates the corrected bet, not « pari : aucun »", () => {
    const duel = withoutBet();
    const hiboux = told(duel, () =>
      duel.referee({ command: "correction", postId: "1001", fields: { pari: "4" } }),
    );
    const summary = toReferee(hiboux).find((h) => h.kind === "turn.resolved");
    expect(summary?.text).toContain("pari : « 4 » (corrigé)");
    expect(summary?.text).not.toContain("pari : aucun");
    expect(summary?.text).toContain("Alice Dubois a joué le tour 1 (son message de 11 h 00).");
  });

  it("R-6.7 a corrected target and zone are restated as corrected too", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, { Sort: "Incendio", Pari: "3" }, [5, 1]);
    duel.advance("PT10M");
    const hiboux = told(duel, () =>
      duel.referee({ command: "correction", postId: "1001", fields: { cible: "Bob", zone: "bras" } }),
    );
    const summary = toReferee(hiboux).find((h) => h.kind === "turn.resolved");
    expect(summary?.text).toContain(
      "cible : Bob Martin (corrigé) ; zone : « bras » (corrigé) ; pari : « 3 »",
    );
  });

  it("R-6.7 R-1.5 the other duelist is told that the attack now waits for them, and what their die must make", () => {
    const duel = withoutBet();
    const hiboux = told(duel, () =>
      duel.referee({ command: "correction", postId: "1001", fields: { pari: "4" } }),
    );
    const toBob = to(hiboux, BOB.id);
    expect(toBob.map((h) => h.title)).toEqual(["L'attaque d'Alice Dubois t'attend"]);
    expect(toBob[0]?.text).toContain(
      "L'arbitre a complété le message d'Alice Dubois de 11 h 00 (droit à l'erreur, R-6.7) : son tour 1 est résolu, et son attaque te vise maintenant.",
    );
    expect(toBob[0]?.text).toContain("Alice Dubois t'attaque avec ce sort : Sortilège de Feu (attaque 5).");
    expect(toBob[0]?.text).toContain(
      "C'est à toi de jouer (tour 2), avant le jeudi 3 décembre 2026 à 11 h 00",
    );
  });

  it("R-6.7 an attack already answered in the same decision (a queued post) waits for nobody", () => {
    const duel = withoutBet();
    duel.post(BOB, attack("Glacius", "Alice"), [2, 6]);
    duel.advance("PT5M");
    const hiboux = told(duel, () =>
      duel.referee({ command: "correction", postId: "1001", fields: { pari: "4" } }),
    );
    expect(to(hiboux, BOB.id).map((h) => h.title)).not.toContain("L'attaque d'Alice Dubois t'attend");
  });

  it("R-6.7 R-1.5 a target the same decision hands the turn to hears the attack once, in « à toi de jouer »", () => {
    const chloe = { id: "44", name: "Chloé Leroy", year: 4 as const };
    const duel = new Duel({ duelists: [ALICE, BOB, chloe] });
    duel.top();
    duel.post(ALICE, { Sort: "Incendio", Cible: "Chloé", Zone: "torse" }, [5, 1]);
    duel.advance("PT10M");
    duel.post(BOB, attack("Glacius", "Alice"), [2, 6]);
    duel.advance("PT5M");
    const hiboux = told(duel, () =>
      duel.referee({ command: "correction", postId: "1001", fields: { pari: "4" } }),
    );
    const toChloe = to(hiboux, chloe.id);
    expect(toChloe.map((h) => h.title)).toEqual(["À toi de jouer — tour 3"]);
    expect(toChloe[0]?.text).toContain("Alice Dubois t'attaque avec ce sort : Sortilège de Feu (attaque 5).");
  });
});

describe("R-3.2 a duelist hit while defending in their own turn", () => {
  it("R-3.2 is told what hit them and the points they have left", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [5, 1]);
    duel.advance("PT1H");
    const hiboux = told(duel, () => duel.post(BOB, attack("Glacius", "Alice"), [3, 2]));
    const mine = to(hiboux, BOB.id);
    expect(mine.map((h) => h.title)).toEqual(["Défense du tour 2"]);
    expect(mine[0]?.text).toContain("Ton tour 2 est joué (ton message de 12 h 00)");
    expect(mine[0]?.text).toMatch(
      /Contre l'attaque d'Alice Dubois \(Sortilège de Feu\) : défense 2 contre attaque 5 : l'attaque te touche, tu perds \d+ PD/,
    );
    expect(mine[0]?.text).toMatch(/Il te reste \d+\/50 PD\./);
    // Alice's « à toi de jouer » is hers alone.
    expect(to(hiboux, ALICE.id).map((h) => h.title)).toEqual(["À toi de jouer — tour 3"]);
  });

  it("R-3.2 a defence that deflects everything sends no such hibou", () => {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [2, 1]);
    duel.advance("PT1H");
    const hiboux = told(duel, () => duel.post(BOB, attack("Glacius", "Alice"), [3, 6]));
    expect(to(hiboux, BOB.id)).toEqual([]);
  });
});

describe("R-6.2 an absence", () => {
  /** Alice attacked Bob; Bob lets his deadline pass. */
  function bobAbsent(): Duel {
    const duel = new Duel();
    duel.top();
    duel.post(ALICE, attack("Incendio", "Bob"), [5, 1]);
    return duel;
  }

  it("R-6.2 sends the absent duelist one hibou: the fault, its sanction, the hit they took, their points", () => {
    const duel = bobAbsent();
    const deadline = duel.timer("reply-deadline");
    const hiboux = told(duel, () => duel.fire(deadline), deadline.at);
    const toBob = to(hiboux, BOB.id);
    expect(toBob.map((h) => h.kind)).toEqual(["fault.absence"]);
    const text = toBob[0]?.text ?? "";
    expect(text).toContain(
      "Tu reçois ta 1re faute d'absence : tu n'as pas posté avant l'échéance du tour 2.",
    );
    expect(text).toContain("L'attaque d'Alice Dubois (Sortilège de Feu, attaque 5) te touche sans défense");
    expect(text).toMatch(/Il te reste \d+\/50 PD\./);
    // The referee too: the fault, its sanction, the hit and who plays next, in one hibou.
    const forReferee = toReferee(hiboux);
    expect(forReferee.map((h) => h.kind)).toEqual(["fault.absence"]);
    expect(forReferee[0]?.text).toContain(
      "1re faute d'absence de Bob Martin : aucun message avant l'échéance du tour 2.",
    );
    expect(forReferee[0]?.text).toContain("pas de défense (absence) contre attaque 5 : touché");
    expect(forReferee[0]?.text).toContain("Au tour d'Alice Dubois (tour 3)");
  });

  it("R-6.1 a reminder decided past its deadline (its timer ran late) is not sent with the absence", () => {
    const duel = bobAbsent();
    const reminder = duel.timer("reminder");
    const deadline = duel.timer("reply-deadline").at;
    const late = told(duel, () => duel.fire(reminder), "2026-12-03T12:00:00.000Z");
    expect(late).toEqual([]);
    expect(Date.parse(deadline)).toBeLessThan(Date.parse("2026-12-03T12:00:00.000Z"));
  });

  it("R-6.1 a reminder on time is sent", () => {
    const duel = bobAbsent();
    const reminder = duel.timer("reminder");
    const onTime = told(duel, () => duel.fire(reminder), reminder.at);
    expect(onTime.map((h) => h.kind)).toEqual(["turn.reminder"]);
  });
});

describe("R-6.9 the ban hibou", () => {
  it("R-6.9 R-7.1 says what happened, until when, and whom to ask: the duel's referee, the forum's others, its administration", () => {
    const duel = new Duel();
    duel.top();
    const hiboux = told(duel, () => duel.referee({ command: "disqualify", duelistId: BOB.id }, "Insultes."));
    const [ban] = to(hiboux, BOB.id).filter((h) => h.kind === "ban.started");
    const text = ban?.text ?? "";
    expect(text).toContain("Ta disqualification sur décision de l'arbitre (R-7.1) entraîne");
    expect(text).toContain("tu ne pourras pas t'inscrire à un duel jusqu'au dimanche 30 mai 2027 à 12 h 00.");
    expect(text).toContain("Elle prend fin d'elle-même à cette date");
    expect(text).toContain(
      "Écris à Minerva McGonagall, l'arbitre de ce duel, ou à l'arbitre de Poudlard RPG (Albus Dumbledore)",
    );
    expect(text).toContain("l'administration de Poudlard RPG peut aussi lever l'interdiction (R-7.1)");
  });
});
