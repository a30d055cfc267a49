import { describe, expect, it } from "vitest";
import { fold } from "../../shared/domain/evolve.js";
import { composeHiboux } from "../../shared/hiboux/index.js";
import {
  ALICE,
  aliceToPlay,
  BOB,
  events,
  given,
  kinds,
  lastLine,
  STAKES,
  toDuelist,
  toReferee,
} from "./support.js";

const DEADLINE = "2026-11-30T10:00:00.000Z";

describe("the end of the duel", () => {
  /** Bob's Feu (5 + 2) finishes Alice at 7 PD. */
  const weakAlice = fold(
    aliceToPlay,
    events("adj", [{ type: "points.adjusted", rule: "R-7.1", duelistId: ALICE, delta: -18, points: 7 }]),
  );
  const lastTurn = events("post-p2", [
    {
      type: "turn.played",
      rule: "R-3.1",
      postId: "p2",
      duelistId: ALICE,
      number: 2,
      dice: [3, 1],
      spellId: "glace",
      targetId: BOB,
      defenceModifier: 0,
      canAttack: true,
      faulty: false,
      valid: true,
      pm: null,
      words: 120,
    },
    {
      type: "defence.resolved",
      rule: "R-3.2",
      postId: "p2",
      defenderId: ALICE,
      attackerId: BOB,
      attackPostId: "p1",
      spellId: "feu",
      attack: 5,
      defence: 1,
      modifier: 0,
      outcome: "hit",
    },
    { type: "points.lost", rule: "R-4.1", duelistId: ALICE, amount: 7, points: 0, cause: "hit" },
    { type: "duelist.out", rule: "R-1.6", duelistId: ALICE },
    { type: "duel.finished", rule: "R-1.6", winnerId: BOB, reason: "points", stakes: STAKES },
  ]);

  it("R-1.7 the end of the duel recalls the stakes to everyone", () => {
    const hiboux = composeHiboux(given(weakAlice, lastTurn));
    expect(kinds(hiboux)).toEqual([
      "turn.resolved>referee:7",
      "duel.finished>referee:7",
      "duel.finished>duelist:42",
      "duel.finished>duelist:43",
    ]);
    for (const h of hiboux.filter((x) => x.kind === "duel.finished")) {
      // The winner reads « tu » in the title too.
      expect(h.title).toBe(
        h.to.id === BOB ? "Fin du duel : tu l'emportes" : "Fin du duel : Bob Martin l'emporte",
      );
      expect(h.text).toContain(`« ${STAKES} »`);
      expect(h.text).toContain("Alice Dubois 0/25 PD (hors du duel) ; Bob Martin 50/50 PD");
      expect(lastLine(h)).toBe("Règles appliquées : R-1.6, R-1.7");
    }
    expect(toDuelist(hiboux, BOB)[0]?.text).toContain("tu remportes le duel");
  });

  it("R-1.6 the last turn's summary says who is out", () => {
    const [summary] = toReferee(composeHiboux(given(weakAlice, lastTurn)));
    expect(summary?.text).toContain("touché, −7 PD (points de duel).\n");
    expect(summary?.text).toContain("Points : Alice Dubois 0/25 PD (hors du duel)");
    expect(summary?.text).toContain("Alice Dubois n'a plus de PD : hors du duel (R-1.6).");
  });
});

describe("decisions asked of the referee", () => {
  it("R-4.14 an unlisted spell asks the referee whether to disqualify, and how", () => {
    const unlisted = events("post-p2", [
      {
        type: "referee.decision-needed",
        rule: "R-4.14",
        duelistId: ALICE,
        postId: "p2",
        question: "unlisted-spell",
        detail: "Avada Kedavra",
      },
      {
        type: "fault.action",
        rule: "R-4.14",
        duelistId: ALICE,
        postId: "p2",
        violations: ["unlisted-spell"],
        rules: ["R-4.14"],
        count: 1,
        by: "system",
      },
    ]);
    const hiboux = composeHiboux(given(aliceToPlay, unlisted));
    expect(kinds(hiboux)).toEqual([
      "referee.decision-needed>referee:7",
      "fault.action>referee:7",
      "fault.action>duelist:42",
    ]);
    const [ask] = hiboux;
    expect(ask?.text).toContain("Avada Kedavra");
    expect(ask?.text).toContain("Souhaitez-vous disqualifier Alice Dubois ?");
    expect(ask?.text).not.toContain('"command"');
    expect(ask?.text).toContain("[arbitre]disqualifier Alice Dubois[/arbitre]");
    expect(ask && lastLine(ask)).toBe("Règle appliquée : R-4.14");
  });

  const legilimens = (blocked: boolean) =>
    events("post-p2", [
      {
        type: "turn.played",
        rule: "R-3.1",
        postId: "p2",
        duelistId: ALICE,
        number: 2,
        dice: [2, 6],
        spellId: null,
        targetId: BOB,
        defenceModifier: 0,
        canAttack: true,
        faulty: false,
        valid: true,
        pm: null,
        words: 120,
      },
      {
        type: "defence.resolved",
        rule: "R-3.2",
        postId: "p2",
        defenderId: ALICE,
        attackerId: BOB,
        attackPostId: "p1",
        spellId: "feu",
        attack: 5,
        defence: 6,
        modifier: 0,
        outcome: "deflected",
      },
      {
        type: "particularity.used",
        rule: "R-5.3",
        duelistId: ALICE,
        particularityId: "legilimens",
        postId: "p2",
      },
      {
        type: "legilimens.cast",
        rule: blocked ? "R-5.4" : "R-5.3",
        casterId: ALICE,
        targetId: BOB,
        blocked,
        postId: "p2",
      },
      ...(blocked
        ? []
        : [
            {
              type: "referee.decision-needed" as const,
              rule: "R-5.3",
              duelistId: ALICE,
              postId: "p2",
              question: "legilimens-relay" as const,
              detail:
                "Alice Dubois lit dans l'esprit de Bob Martin : obtenir son prochain coup en privé et le transmettre à Alice Dubois.",
            },
          ]),
      {
        type: "turn.passed",
        rule: "R-1.5",
        duelistId: BOB,
        number: 3,
        startedAt: "2026-11-28T09:00:00.000Z",
        deadline: DEADLINE,
        extension: null,
      },
    ]);

  it("R-5.3 Legilimens asks the referee to relay the target's next move and tells the caster it worked", () => {
    const hiboux = composeHiboux(given(aliceToPlay, legilimens(false)));
    expect(kinds(hiboux)).toEqual([
      "turn.resolved>referee:7",
      "legilimens.relay>duelist:42",
      "legilimens.relay>referee:7",
      "turn.resolved>duelist:43",
    ]);
    const relay = toReferee(hiboux).find((h) => h.kind === "legilimens.relay");
    expect(relay?.title).toBe("Legilimens : Alice Dubois lit dans l'esprit de Bob Martin");
    expect(relay?.text).toContain("Obtenez en privé le prochain coup de Bob Martin");
    expect(relay?.text).toContain("transmettez-le à Alice Dubois");
    expect(toDuelist(hiboux, ALICE)[0]?.text).toContain("Ton Legilimens a réussi");
    expect(
      toDuelist(hiboux, BOB)
        .map((h) => h.text)
        .join("\n"),
    ).not.toContain("Legilimens");
    expect(toReferee(hiboux)[0]?.text).toContain("Alice Dubois utilise sa particularité Legilimens");
  });

  it("R-5.4 an Occlumens target blocks it: the caster is told, nothing to relay", () => {
    const hiboux = composeHiboux(given(aliceToPlay, legilimens(true)));
    expect(kinds(hiboux)).toEqual([
      "turn.resolved>referee:7",
      "legilimens.relay>duelist:42",
      "turn.resolved>duelist:43",
    ]);
    expect(toDuelist(hiboux, ALICE)[0]?.text).toContain("L'Occlumens de Bob Martin a bloqué ton Legilimens");
    expect(toReferee(hiboux)[0]?.text).toContain("bloqué par son Occlumens (R-5.4)");
  });
});

describe("disqualification and ban", () => {
  it("R-6.8 a third absence disqualifies and bans, and the referee may lift it by cancelling the fault", () => {
    const twoAbsences = fold(
      aliceToPlay,
      events("old", [
        { type: "fault.absence", rule: "R-6.2", duelistId: ALICE, turn: null, count: 1, by: "system" },
        { type: "fault.absence", rule: "R-6.2", duelistId: ALICE, turn: null, count: 2, by: "system" },
      ]),
    );
    const third = events(
      "timer-d",
      [
        { type: "fault.absence", rule: "R-6.2", duelistId: ALICE, turn: 2, count: 3, by: "system" },
        {
          type: "sanction.applied",
          rule: "R-6.2",
          duelistId: ALICE,
          faultEventId: "timer-d#0",
          kind: "absence",
          points: 0,
          disqualify: true,
        },
        { type: "duelist.disqualified", rule: "R-6.8", duelistId: ALICE, cause: "absences" },
        { type: "ban.started", rule: "R-6.9", duelistId: ALICE, until: "2027-05-30T10:00:00.000Z" },
        { type: "duel.finished", rule: "R-1.6", winnerId: BOB, reason: "disqualification", stakes: STAKES },
      ],
      DEADLINE,
    );
    const hiboux = composeHiboux(given(twoAbsences, third));
    expect(kinds(hiboux)).toEqual([
      // The absence's sanction (a disqualification) is told with it, in one hibou each.
      "fault.absence>referee:7",
      "fault.absence>duelist:42",
      "duelist.disqualified>referee:7",
      "duelist.disqualified>duelist:42",
      "ban.started>referee:7",
      "ban.started>duelist:42",
      "duel.finished>referee:7",
      "duel.finished>duelist:42",
      "duel.finished>duelist:43",
    ]);
    for (const h of hiboux) expect(lastLine(h)).toMatch(/^Règles? appliquées? : R-\d/);
    const disqualified = toReferee(hiboux).find((h) => h.kind === "duelist.disqualified");
    expect(disqualified?.text).toContain("une faute d'absence de trop");
    expect(disqualified?.text).toContain("[arbitre]annuler faute 3[/arbitre]");
    expect(toDuelist(hiboux, ALICE).find((h) => h.kind === "ban.started")?.text).toContain(
      "jusqu'au dimanche 30 mai 2027 à 12 h 00.",
    );
  });
});

describe("the referee's own decisions", () => {
  it("R-7.1 a rejected command tells the referee why", () => {
    const rejected = events("post-p5", [
      {
        type: "referee.command-rejected",
        rule: "R-7.1",
        postId: "p5",
        text: "disqualifier Zorro",
        code: "unreadable",
        message: "duelliste inconnu : « Zorro ».",
      },
    ]);
    const hiboux = composeHiboux(given(aliceToPlay, rejected));
    expect(kinds(hiboux)).toEqual(["referee.command-rejected>referee:7"]);
    expect(hiboux[0]?.text).toContain("« disqualifier Zorro »");
    expect(hiboux[0]?.text).toContain(
      "n'a pas été appliquée : duelliste inconnu : « Zorro ». Corrigez-la dans un nouveau message",
    );
    expect(hiboux[0]?.text).not.toContain("unreadable");
  });

  it("R-7.1 a refused command's hibou gives the reason in French, never its code, durations and dates in words", () => {
    const refused = (code: string, message: string) =>
      composeHiboux(
        given(
          aliceToPlay,
          events("post-p6", [
            { type: "referee.command-rejected", rule: "R-7.1", postId: "p6", text: "…", code, message },
          ]),
        ),
      )[0]?.text ?? "";
    const notFound = refused("fault_not_found", "Aucune faute 3 dans ce duel.");
    expect(notFound).toContain("n'a pas été appliquée : Aucune faute 3 dans ce duel. Corrigez-la");
    expect(notFound).not.toContain("fault_not_found");
    const tooLong = refused("derogation_too_long", "Une dérogation ne peut dépasser P5D (R-6.2a).");
    expect(tooLong).toContain("Une dérogation ne peut dépasser 5 jours (R-6.2a).");
    expect(tooLong).not.toContain("derogation_too_long");
  });

  it("R-6.2a a dérogation tells both the new deadline", () => {
    const granted = events("cmd-d", [
      {
        type: "derogation.granted",
        rule: "R-6.2a",
        duelistId: ALICE,
        duration: "P3D",
        deadline: "2026-12-03T10:00:00.000Z",
      },
    ]);
    const [forReferee, forAlice] = composeHiboux(given(aliceToPlay, granted));
    expect(forReferee?.title).toBe("Dérogation accordée : Alice Dubois (3 jours)");
    expect(forAlice?.text).toContain("poste ton tour avant le jeudi 3 décembre 2026 à 11 h 00");
  });

  it("R-7.1 a cancelled fault and adjusted points tell the duelist their points", () => {
    const input = events("cmd-c", [
      {
        type: "fault.cancelled",
        rule: "R-7.1",
        faultEventId: "post-p2#0",
        duelistId: ALICE,
        restoredPoints: 2,
        points: 25,
        actionFaults: 1,
        absenceFaults: 0,
        reinstated: false,
        reason: "sort mal lu",
      },
      { type: "points.adjusted", rule: "R-7.1", duelistId: BOB, delta: -3, points: 47 },
    ]);
    const hiboux = composeHiboux(given(aliceToPlay, input));
    expect(kinds(hiboux)).toEqual([
      "fault.cancelled>referee:7",
      "fault.cancelled>duelist:42",
      "points.adjusted>referee:7",
      "points.adjusted>duelist:43",
    ]);
    expect(toDuelist(hiboux, ALICE)[0]?.text).toContain("PD (points de duel) rendus : +2, soit 25/25 PD.");
    expect(toDuelist(hiboux, ALICE)[0]?.text).toContain("Motif : sort mal lu");
    expect(toDuelist(hiboux, BOB)[0]?.text).toContain(
      "L'arbitre a ajusté tes PD (points de duel) de −3 : tu as 47/50 PD",
    );
  });
});
