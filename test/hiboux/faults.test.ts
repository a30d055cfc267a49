import { describe, expect, it } from "vitest";
import type { EventDraft } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import { timersOf } from "../../shared/domain/timers.js";
import { composeHiboux } from "../../shared/hiboux/index.js";
import { attack, ALICE as DOMAIN_ALICE, Duel } from "../domain/fixtures.js";
import { ALICE, aliceToPlay, BOB, events, given, kinds, lastLine, toDuelist, toReferee } from "./support.js";

const DEADLINE = "2026-11-30T10:00:00.000Z";
/** Alice's post p2 as the thread shows it: 14 h 02 in Paris, the day its verdict is told. */
const POSTED_P2 = { p2: "2026-11-27T13:02:00.000Z" };

/** Alice already has one action fault (turn 0, a post under 100 words). */
const oneFaultAlready = fold(
  aliceToPlay,
  events("post-p0", [
    {
      type: "fault.action",
      rule: "R-6.3",
      duelistId: ALICE,
      postId: "p0",
      violations: ["words"],
      rules: ["R-6.3"],
      count: 1,
      by: "system",
    },
  ]),
);

/** Her turn 2 repeats her previous spell: second action fault, sanction −2 (3rd year), the turn fails but defends. */
const secondFault = events("post-p2", [
  {
    type: "fault.action",
    rule: "R-4.16",
    duelistId: ALICE,
    postId: "p2",
    violations: ["spam"],
    rules: ["R-4.16"],
    count: 2,
    by: "system",
  },
  {
    type: "sanction.applied",
    rule: "R-6.5",
    duelistId: ALICE,
    faultEventId: "post-p2#0",
    kind: "action",
    points: 2,
    disqualify: false,
  },
  { type: "points.lost", rule: "R-6.6", duelistId: ALICE, amount: 2, points: 23, cause: "sanction" },
  {
    type: "turn.played",
    rule: "R-3.1",
    postId: "p2",
    duelistId: ALICE,
    number: 2,
    dice: [6, 6],
    spellId: "feu",
    targetId: BOB,
    defenceModifier: 0,
    canAttack: true,
    faulty: true,
    valid: false,
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
    type: "turn.passed",
    rule: "R-1.5",
    duelistId: BOB,
    number: 3,
    startedAt: "2026-11-28T09:00:00.000Z",
    deadline: DEADLINE,
    extension: null,
  },
]);

describe("action faults", () => {
  it("R-6.5 a second action fault gives fault and sanction hiboux to the referee and the duelist", () => {
    const hiboux = composeHiboux({ ...given(oneFaultAlready, secondFault), known: { postTimes: POSTED_P2 } });
    expect(kinds(hiboux)).toEqual([
      "fault.action>referee:7",
      "fault.action>duelist:42",
      "sanction.applied>referee:7",
      "sanction.applied>duelist:42",
      "turn.resolved>referee:7",
      "turn.resolved>duelist:43",
    ]);
    const [fault, sanction] = toReferee(hiboux);
    expect(fault?.text).toContain(
      "2e faute d'action d'Alice Dubois (son message de 14 h 02) : même sort qu'au tour précédent.",
    );
    // The fault's number in the duel, as the referee types it in the thread: no JSON, no event id.
    expect(fault?.text).toContain("écrivez dans le fil : [arbitre]annuler faute 2[/arbitre]");
    expect(fault?.text).not.toMatch(/\{"command"|post-p2#/);
    expect(fault && lastLine(fault)).toBe("Règle appliquée : R-4.16");
    expect(sanction?.text).toContain("−2 PD (points de duel) selon la table R-6.6, il reste 23/25 PD");
    expect(sanction?.text).toContain("[arbitre]annuler faute 2[/arbitre]");
    expect(sanction?.rule).toBe("R-6.5");
    expect(sanction && lastLine(sanction)).toBe("Règles appliquées : R-6.5, R-6.6");

    const [yourFault, yourSanction] = toDuelist(hiboux, ALICE);
    expect(yourFault?.text).toContain(
      "Tu reçois ta 2e faute d'action (ton message de 14 h 02) : même sort qu'au tour précédent.",
    );
    expect(yourFault?.text).toContain("Ton action de ce tour échoue ; ta défense compte (R-6.4).");
    expect(yourSanction?.text).toContain("tu perds 2 PD (points de duel ; R-6.6), il te reste 23/25 PD");
    expect(yourSanction?.text).toContain("R-6.5");
    expect(yourSanction?.text).not.toContain("cancel-fault");
  });

  it("R-6.4 the summary of a faulty turn says its action failed and its defence counted", () => {
    const summary = toReferee(composeHiboux(given(oneFaultAlready, secondFault))).find(
      (h) => h.kind === "turn.resolved",
    );
    expect(summary?.title).toBe("Tour 2 : Alice Dubois (tour fautif)");
    expect(summary?.text).toContain("défense 6 contre attaque 5 : dévié.");
    expect(summary?.text).toContain(
      "Action déclarée : Sortilège de Feu. Tour fautif : son action ne produit rien, sa défense a compté (R-6.4).",
    );
  });

  it("R-6.3 a first action fault warns of the sanction to come", () => {
    const first = events("post-p2", [
      {
        type: "fault.action",
        rule: "R-6.3",
        duelistId: ALICE,
        postId: "p2",
        violations: ["words", "zone"],
        rules: ["R-6.3"],
        count: 1,
        by: "system",
      },
    ]);
    const [fault] = toDuelist(composeHiboux(given(aliceToPlay, first)), ALICE);
    expect(fault?.text).toContain("moins de 100 mots et zone manquante");
    expect(fault?.text).toContain("encore 1 faute d'action et tu perds 2 PD (points de duel ; R-6.5)");
  });
});

describe("absence", () => {
  it("R-6.2 an absence: the fault with its sanction, the pending attack's hit, then the next turn", () => {
    const absence = events(
      "timer-deadline-2",
      [
        {
          type: "defence.resolved",
          rule: "R-6.2",
          postId: null,
          defenderId: ALICE,
          attackerId: BOB,
          attackPostId: "p1",
          spellId: "feu",
          attack: 5,
          defence: null,
          modifier: 0,
          outcome: "hit",
        },
        { type: "points.lost", rule: "R-4.1", duelistId: ALICE, amount: 7, points: 18, cause: "hit" },
        ...aliceAbsent(2, 16),
      ],
      DEADLINE,
    );
    const hiboux = composeHiboux(given(aliceToPlay, absence));
    // One hibou to the referee and one to Alice: the absence's turn is told with its fault.
    expect(kinds(hiboux)).toEqual([
      "fault.absence>referee:7",
      "fault.absence>duelist:42",
      "turn.resolved>duelist:43",
    ]);
    const [summary] = toReferee(hiboux);
    const fault = summary;
    expect(summary?.title).toBe("Faute d'absence : Alice Dubois (1re)");
    expect(summary?.text).toContain("[arbitre]points Alice Dubois +2[/arbitre]");
    expect(summary?.text).toContain("[arbitre]points Alice Dubois +7[/arbitre]");
    expect(summary?.text).toContain(
      "Contre l'attaque de Bob Martin (Sortilège de Feu) : pas de défense (absence) contre attaque 5 : touché, −7 PD.",
    );
    expect(summary?.text).toContain(
      "Au tour de Bob Martin (tour 3), avant le jeudi 3 décembre 2026 à 11 h 00.",
    );
    expect(fault?.text).toContain(
      "1re faute d'absence d'Alice Dubois : aucun message avant l'échéance du tour 2.",
    );
    expect(fault?.text).toContain("Sanction : −2 PD (points de duel ; R-6.2).");
    expect(fault?.text).toContain("Points : Alice Dubois 16/25 PD ; Bob Martin 50/50 PD.");
  });

  it("R-6.2 an absence with no attack waiting for the absent duelist still tells the referee the points left", () => {
    const absence = events("timer-deadline-2", [...aliceAbsent(0, 23)], DEADLINE);
    const hiboux = composeHiboux(given(aliceToPlay, absence));
    expect(kinds(hiboux)).toEqual([
      "fault.absence>referee:7",
      "fault.absence>duelist:42",
      "turn.resolved>duelist:43",
    ]);
    const [fault] = toReferee(hiboux);
    expect(fault?.text).toContain("Sanction : −2 PD (points de duel), il reste 23/25 PD (R-6.2).");
    expect(fault?.text).toContain(
      "Au tour de Bob Martin (tour 3), avant le jeudi 3 décembre 2026 à 11 h 00.",
    );
  });
});

describe("the right to fix a mistake", () => {
  const opened = events(
    "post-p2",
    [
      {
        type: "correction.opened",
        rule: "R-6.7",
        postId: "p2",
        duelistId: ALICE,
        until: "2026-11-28T09:30:00.000Z",
        missing: ["cible", "pari"],
        post: {
          postId: "p2",
          authorId: ALICE,
          createdAt: "2026-11-28T09:00:00.000Z",
          content: "…",
          format: "bbcode",
          dice: [4, 3],
        },
        turnNumber: 2,
      },
      {
        type: "turn.passed",
        rule: "R-1.5",
        duelistId: BOB,
        number: 3,
        startedAt: "2026-11-28T09:00:00.000Z",
        deadline: "2026-12-01T09:00:00.000Z",
        extension: null,
      },
    ],
    "2026-11-28T09:00:00.000Z",
  );

  it("R-6.7 an open correction tells the duelist what is missing and until when", () => {
    const hiboux = composeHiboux(given(aliceToPlay, opened));
    const [yours] = toDuelist(hiboux, ALICE);
    expect(yours?.kind).toBe("correction.opened");
    expect(yours?.text).toContain("cible manquante et pari de dé manquant");
    expect(yours?.text).toContain(
      "avant le samedi 28 novembre 2026 à 10 h 30 (30 minutes après ton message)",
    );
    expect(yours?.text).toContain("Minerva McGonagall");
    expect(yours && lastLine(yours)).toBe("Règle appliquée : R-6.7");
  });

  it("R-6.7 the referee learns how to post the correction", () => {
    const [forReferee] = toReferee(composeHiboux(given(aliceToPlay, opened)));
    expect(forReferee?.kind).toBe("correction.opened");
    expect(forReferee?.text).toContain("jusqu'au samedi 28 novembre 2026 à 10 h 30");
    expect(forReferee?.text).not.toContain('"command"');
    expect(forReferee?.text).toContain("[arbitre]\ncorrection p2\ncible : …\npari : …\n[/arbitre]");
  });

  it("R-6.7 the turn passed meanwhile says the post is waiting", () => {
    const hiboux = composeHiboux(given(aliceToPlay, opened));
    const next = toReferee(hiboux).find((h) => h.kind === "turn.resolved");
    expect(next?.title).toBe("Au tour de Bob Martin (tour 3)");
    expect(next?.text).toContain(
      "Le message d'Alice Dubois attend sa correction jusqu'au samedi 28 novembre 2026 à 10 h 30",
    );
  });

  it("R-6.7 a post received after its window's end: no hibou asks for a correction in the past; both hear the fault applies", () => {
    const duel = new Duel();
    duel.top();
    const before = duel.state;
    const createdAt = "2026-11-30T23:35:00.000Z";
    const post = {
      ...duel.postInput(DOMAIN_ALICE, attack("Glacius", "Bob"), [1, 1], { text: "Trop court.", createdAt }),
      receivedAt: "2026-12-01T01:00:00.000Z",
    };
    const events = duel.run({ type: "post.received", now: createdAt, post });
    const hiboux = composeHiboux({ events, before, after: duel.state });
    expect(kinds(hiboux)).not.toContain("correction.opened>duelist:42");
    expect(kinds(hiboux)).not.toContain("correction.opened>referee:7");
    for (const h of hiboux) expect(h.text).not.toContain("Envoie ce qui manque");
    const [due] = timersOf(duel.state).filter((t) => t.kind === "correction");
    const open = duel.state;
    const expired = due ? duel.fire(due) : [];
    expect(kinds(composeHiboux({ events: expired, before: open, after: duel.state }))).toEqual(
      expect.arrayContaining(["correction.expired>referee:7", "correction.expired>duelist:42"]),
    );
  });

  it("R-6.7 an expired window tells both that the fault applies", () => {
    const expired = events("timer-corr", [
      { type: "correction.expired", rule: "R-6.7", postId: "p2", duelistId: ALICE },
    ]);
    const hiboux = composeHiboux(given(fold(aliceToPlay, opened), expired));
    expect(kinds(hiboux)).toEqual(["correction.expired>referee:7", "correction.expired>duelist:42"]);
  });
});

/**
 * Alice's first absence at turn 2's deadline (R-6.2), as the decider writes it: the fault (event
 * `#faultIndex` of the timer's input), its 2-point sanction leaving her `points`, then Bob's turn 3.
 */
function aliceAbsent(faultIndex: number, points: number): EventDraft[] {
  return [
    { type: "fault.absence", rule: "R-6.2", duelistId: ALICE, turn: 2, count: 1, by: "system" },
    {
      type: "sanction.applied",
      rule: "R-6.2",
      duelistId: ALICE,
      faultEventId: `timer-deadline-2#${faultIndex}`,
      kind: "absence",
      points: 2,
      disqualify: false,
    },
    { type: "points.lost", rule: "R-6.2", duelistId: ALICE, amount: 2, points, cause: "sanction" },
    {
      type: "turn.passed",
      rule: "R-6.2",
      duelistId: BOB,
      number: 3,
      startedAt: DEADLINE,
      deadline: "2026-12-03T10:00:00.000Z",
      extension: null,
    },
  ];
}
