import { describe, expect, it } from "vitest";
import { effectsOf } from "../../shared/app/effects.js";
import type { DuelEvent } from "../../shared/domain/events.js";
import { composeHiboux, composeRevisedNotice } from "../../shared/hiboux/index.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import { entriesOf, type OutboxEntry } from "../../shared/ports/outbox-store.js";
import {
  ALICE,
  aliceToPlay,
  BOB,
  events,
  given,
  kinds,
  lastLine,
  registered,
  toDuelist,
  toReferee,
} from "./support.js";

const DEADLINE = "2026-11-30T10:00:00.000Z";
const T = "2026-11-28T10:00:00.000Z";

/** Alice's turn 2: her defence 3 fails against Bob's Feu (5 + 2), then her Découpe (attack 4) flies at Bob. */
const hitTurn = events("post-p2", [
  {
    type: "turn.played",
    rule: "R-3.1",
    postId: "p2",
    duelistId: ALICE,
    number: 2,
    dice: [4, 3],
    spellId: "decoupe",
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
    defence: 3,
    modifier: 0,
    outcome: "hit",
  },
  { type: "points.lost", rule: "R-4.1", duelistId: ALICE, amount: 7, points: 18, cause: "hit" },
  {
    type: "attack.launched",
    rule: "R-4.4",
    postId: "p2",
    attackerId: ALICE,
    targetId: BOB,
    spellId: "decoupe",
    attack: 4,
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

/** Alice's turn 2 as `hitTurn`, her Découpe flying at `attack`, Bob's next defence counting `modifier`. */
function incomingTo(attack: number, modifier: number): string {
  const before = {
    ...aliceToPlay,
    duelists: aliceToPlay.duelists.map((d) => (d.id === BOB ? { ...d, nextDefenceModifier: modifier } : d)),
  };
  const input = hitTurn.map((e) => (e.type === "attack.launched" ? { ...e, attack } : e));
  const [next] = toDuelist(composeHiboux(given(before, input)), BOB);
  return next?.text ?? "";
}

/** Bob's post p9, out of turn: his first action fault. */
const bobOutOfTurn = events("post-p9", [
  {
    type: "fault.action",
    rule: "R-1.5",
    duelistId: BOB,
    postId: "p9",
    violations: ["out-of-turn"],
    rules: ["R-1.5"],
    count: 1,
    by: "system",
  },
]);

describe("R-3.2 the defence to make, with its modifiers (R-3.5)", () => {
  it("R-3.2 without a modifier, the die must beat the attack", () => {
    expect(incomingTo(4, 0)).toContain("Ton dé de défense doit faire plus de 4 pour l'éviter (R-3.2).");
  });

  it("R-3.5 a Bouclier's +3 lowers the face to beat, said with it and not on a line apart", () => {
    const text = incomingTo(6, 3);
    expect(text).toContain(
      "Ton dé de défense doit faire plus de 3 pour l'éviter, avec ton bonus de +3 en défense (R-3.2, R-3.5).",
    );
    expect(text).not.toContain("plus de 6");
    expect(text).not.toContain("comptera +3");
  });

  it("R-3.5 a malus raises it", () => {
    expect(incomingTo(3, -2)).toContain(
      "doit faire plus de 5 pour l'éviter, avec ton malus de −2 en défense",
    );
  });

  it("R-3.2 an attack no face can beat is said impossible, not « plus de 6 »", () => {
    expect(incomingTo(6, 0)).toContain(
      "Aucun dé de défense ne peut l'éviter : il faudrait faire plus de 6 (R-3.2).",
    );
    expect(incomingTo(5, -2)).toContain(
      "Avec ton malus de −2 en défense, aucun dé de défense ne peut l'éviter",
    );
  });

  it("R-3.5 a bonus that beats the attack on any face is said certain", () => {
    expect(incomingTo(3, 3)).toContain(
      "Avec ton bonus de +3 en défense, n'importe quel dé de défense l'évite (R-3.2).",
    );
  });
});

describe("a played turn", () => {
  it("R-3.2 a hit gives the referee one summary with the dice, the damage and the points left", () => {
    const hiboux = composeHiboux(given(aliceToPlay, hitTurn));
    // Alice, hit in her own turn, hears of it too (test/hiboux/people.test.ts).
    expect(kinds(hiboux)).toEqual([
      "turn.resolved>referee:7",
      "turn.resolved>duelist:42",
      "turn.resolved>duelist:43",
    ]);
    const [summary] = toReferee(hiboux);
    expect(summary?.title).toBe("Tour 2 : Alice Dubois");
    expect(summary?.eventId).toBe("post-p2#0");
    expect(summary?.text).toContain("Dés : attaque 4, défense 3.");
    expect(summary?.text).toContain(
      "Contre l'attaque de Bob Martin (Sortilège de Feu) : défense 3 contre attaque 5 : touché, −7 PD (points de duel).",
    );
    expect(summary?.text).toContain("Action : Sortilège de Découpe sur Bob Martin.");
    expect(summary?.text).toContain("Alice Dubois 18/25 PD ; Bob Martin 50/50 PD");
    expect(summary?.text).toContain(
      "Au tour de Bob Martin (tour 3), avant le lundi 30 novembre 2026 à 11 h 00.",
    );
    expect(summary?.text).toContain("écrivez dans le fil : [arbitre]points Alice Dubois +7[/arbitre]");
    // One points line per hibou: the damage line does not repeat the points left.
    expect(summary?.text.match(/18\/25 PD/g)).toHaveLength(1);
    expect(summary && lastLine(summary)).toBe("Règles appliquées : R-3.1, R-3.2, R-4.1, R-4.4, R-1.5");
  });

  it("R-1.5 the duelist whose turn is next is told until when, and what is coming at them", () => {
    const [next] = toDuelist(composeHiboux(given(aliceToPlay, hitTurn)), BOB);
    expect(next?.title).toBe("À toi de jouer — tour 3");
    expect(next?.text).toContain(
      "À toi de jouer, Bob Martin : tour 3, à poster avant le lundi 30 novembre 2026 à 11 h 00.",
    );
    expect(next?.text).toContain("Alice Dubois t'attaque avec ce sort : Sortilège de Découpe (attaque 4).");
    expect(next?.text).toContain("Tu as 50/50 PD (points de duel).");
    expect(next?.text).not.toContain("adjust-points");
    expect(next && lastLine(next)).toBe("Règle appliquée : R-1.5");
  });

  it("R-4.10 a shield shows its modifier, and a deflection says so", () => {
    const shielded = events("post-p4", [
      {
        type: "turn.played",
        rule: "R-3.1",
        postId: "p4",
        duelistId: ALICE,
        number: 2,
        dice: [1, 3],
        spellId: "bouclier",
        targetId: null,
        defenceModifier: 3,
        canAttack: true,
        faulty: false,
        valid: true,
        pm: null,
        words: 120,
      },
      {
        type: "defence.resolved",
        rule: "R-3.2",
        postId: "p4",
        defenderId: ALICE,
        attackerId: BOB,
        attackPostId: "p1",
        spellId: "feu",
        attack: 5,
        defence: 3,
        modifier: 3,
        outcome: "deflected",
      },
      {
        type: "effect.applied",
        rule: "R-4.10",
        duelistId: ALICE,
        effect: "next-defence",
        modifier: 3,
        spellId: "bouclier",
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
    const [summary] = toReferee(composeHiboux(given(aliceToPlay, shielded)));
    expect(summary?.text).toContain("défense 3 + 3 = 6 contre attaque 5 : dévié.");
    expect(summary?.text).toContain("Action : Charme du Bouclier.");
    expect(summary?.text).toContain("Prochaine défense d'Alice Dubois : +3.");
  });

  it("R-1.4 the top tells the referee and both duelists who opens, without a separate turn hibou", () => {
    const top = events("cmd-top", [
      { type: "duel.started", rule: "R-1.4", firstDuelistId: BOB, deadline: DEADLINE },
      {
        type: "turn.passed",
        rule: "R-1.4",
        duelistId: BOB,
        number: 1,
        startedAt: "2026-11-27T10:00:00.000Z",
        deadline: DEADLINE,
        extension: null,
      },
    ]);
    const hiboux = composeHiboux(given(registered, top));
    expect(kinds(hiboux)).toEqual([
      "duel.started>referee:7",
      "duel.started>duelist:42",
      "duel.started>duelist:43",
    ]);
    expect(toDuelist(hiboux, BOB)[0]?.text).toContain(
      "à toi de commencer, avant le lundi 30 novembre 2026 à 11 h 00",
    );
    expect(toDuelist(hiboux, ALICE)[0]?.text).toContain("Bob Martin commence");
  });

  it("R-6.1 a reminder goes to the duelist whose turn it is", () => {
    const reminder = events("timer-r2", [
      { type: "turn.reminder", rule: "R-6.1", duelistId: ALICE, number: 2, deadline: DEADLINE },
    ]);
    const hiboux = composeHiboux(given(aliceToPlay, reminder));
    expect(kinds(hiboux)).toEqual(["turn.reminder>duelist:42"]);
    expect(hiboux[0]?.text).toContain("avant le lundi 30 novembre 2026 à 11 h 00");
  });
});

describe("a verdict revised", () => {
  it("CONTRACT 4.3 a revised turn is announced as such to the referee", () => {
    const hiboux = composeHiboux({ ...given(aliceToPlay, hitTurn), revised: true });
    expect(kinds(hiboux)).toEqual([
      "verdict.revised>referee:7",
      "turn.resolved>duelist:42",
      "turn.resolved>duelist:43",
    ]);
    for (const h of hiboux) {
      expect(h.title.startsWith("Verdict révisé — ")).toBe(true);
      expect(h.text).toContain("arrivé en retard");
    }
    expect(hiboux[0]?.text).toContain("touché, −7 PD");
  });

  it("CONTRACT 4.3 without a turn, the referee still gets one verdict.revised notice first", () => {
    const hiboux = composeHiboux({ ...given(aliceToPlay, bobOutOfTurn), revised: true });
    expect(kinds(hiboux)).toEqual([
      "verdict.revised>referee:7",
      "fault.action>referee:7",
      "fault.action>duelist:43",
    ]);
    expect(hiboux[0]?.text).toContain(
      "Les verdicts suivants changent : « Faute d'action : Bob Martin (1re) ».",
    );
  });
});

describe("many verdicts revised at once", () => {
  /** Bob's out-of-turn fault and its sanction, as first decided; a re-ordering decides nothing of it now. */
  const revised = [{ events: [], previous: bobOutOfTurn }];
  /** Post `id`'s deletion, stored before and decided again: `events` now, where it decided `previous`. */
  const revisedPost = (
    id: string,
    events: readonly DuelEvent[],
    previous: readonly DuelEvent[],
  ): Parameters<typeof effectsOf>[0]["revised"][number] => ({
    order: { rank: "post", instant: T, post: { id, change: { type: "delete" } } },
    inputId: `post-${id}`,
    command: { type: "post.deleted", now: T, postId: id, authorId: BOB, deletedAt: T },
    events,
    previous,
    states: { before: aliceToPlay, after: aliceToPlay },
  });

  it("CONTRACT 4.3 each duelist told an old verdict gets a short summary with the referee's notice", () => {
    const hiboux = composeRevisedNotice({ revised, before: aliceToPlay, after: aliceToPlay });
    expect(kinds(hiboux)).toEqual(["verdict.revised>referee:7", "verdict.revised>duelist:43"]);
    const [toBob] = toDuelist(hiboux, BOB);
    expect(toBob?.text).toContain("Une faute qui t'avait été annoncée est retirée : elle ne compte plus.");
    expect(toBob?.text).toContain("PD (points de duel)");
    expect(toBob?.text).toContain("C'est maintenant au tour d'Alice Dubois (tour 2)");
    expect(toBob?.text).not.toMatch(/CONTRACT|Bob Martin/);
  });

  it("CONTRACT 4.3 when the revised verdicts do not fit in the decision, the duelists still hear of it", () => {
    const forum = { referees: [], notify: [{ type: "log" }] } as unknown as ForumConfig;
    const base = {
      forum,
      before: aliceToPlay,
      after: aliceToPlay,
      events: [],
      revised: [revisedPost("p9", [], bobOutOfTurn)],
      timers: { schedule: [], cancel: [] },
      version: 7,
      now: T,
    } as const;
    const told = (maxEntries: number) =>
      effectsOf({ ...base, maxEntries })
        .flatMap(entriesOf)
        .flatMap((e) =>
          e.effect.type === "notify"
            ? [`${e.effect.hibou.kind}>${e.effect.hibou.to.role}:${e.effect.hibou.to.id}`]
            : [],
        );
    expect(told(100)).toEqual(["verdict.revised>referee:7", "verdict.revised>duelist:43"]);
    // Too many for one transaction: the notice and the summary, never the referee alone.
    expect(told(0)).toEqual(["verdict.revised>referee:7", "verdict.revised>duelist:43"]);
  });

  it("CONTRACT 4.3 revised verdicts weigh the entries of parts they fill, not one item per hibou and channel", () => {
    const channels = [{ type: "log" }, { type: "log" }, { type: "log" }];
    const forum = { referees: [], notify: channels } as unknown as ForumConfig;
    const told = (maxEntries: number) =>
      effectsOf({
        forum,
        before: aliceToPlay,
        after: aliceToPlay,
        events: [],
        revised: [revisedPost("p9", bobOutOfTurn, [])],
        timers: { schedule: [], cancel: [] },
        version: 7,
        now: T,
        maxEntries,
      })
        .flatMap(entriesOf)
        .flatMap((e) => (e.effect.type === "notify" ? [e.effect.hibou.kind] : []));
    // Nine deliveries, one entry of parts: they fit where one entry is left.
    const whole = ["verdict.revised", "fault.action", "fault.action"].flatMap((kind) =>
      channels.map(() => kind),
    );
    expect(told(1).sort()).toEqual(whole.sort());
    // No entry left: the short notice stands in (and the decision still needs its one entry).
    expect(told(0)).not.toContain("fault.action");
  });

  it("CONTRACT 4.3 revised verdicts that fit in the transaction's items but not in its bytes: the summaries stand in", () => {
    const channels = Array.from({ length: 10 }, () => ({ type: "log" }));
    const forum = { referees: [], notify: channels } as unknown as ForumConfig;
    const told = (revisedInputs: number) => {
      const entries = effectsOf({
        forum,
        before: aliceToPlay,
        after: aliceToPlay,
        events: [],
        revised: Array.from({ length: revisedInputs }, (_, n) => revisedPost(`p${n}`, bobOutOfTurn, [])),
        timers: { schedule: [], cancel: [] },
        version: 7,
        now: T,
        maxEntries: 90,
      });
      const kinds = entries
        .flatMap(entriesOf)
        .flatMap((e) => (e.effect.type === "notify" ? [e.effect.hibou.kind] : []));
      return { entries: entries.length, kinds, chars: JSON.stringify(entries).length };
    };
    // A few revised inputs: each told again on the ten channels.
    expect(told(3).kinds.filter((k) => k === "fault.action")).toHaveLength(3 * 2 * channels.length);
    // Enough of them to outweigh a quarter of a transaction's 4 MB, in few enough entries: summed up.
    const many = told(60);
    expect(many.kinds).not.toContain("fault.action");
    expect(many.kinds.filter((k) => k === "verdict.revised")).toHaveLength(2 * channels.length);
    expect(many.chars).toBeLessThan(100_000);
  });
});

describe("events no hibou knows", () => {
  it("an unknown event type is skipped, the others still go", () => {
    const input = [
      {
        id: "x#0",
        at: "2026-11-28T09:00:00.000Z",
        rule: "R-0",
        type: "mystery.event",
        whatever: 1,
      } as unknown as (typeof hitTurn)[number],
      ...hitTurn,
    ];
    const hiboux = composeHiboux(given(aliceToPlay, hitTurn));
    expect(
      composeHiboux({ events: input, before: aliceToPlay, after: given(aliceToPlay, hitTurn).after }),
    ).toEqual(hiboux);
  });

  it("a malformed event is skipped rather than thrown on", () => {
    const broken = {
      id: "x#0",
      at: "2026-11-28T09:00:00.000Z",
      rule: "R-6.3",
      type: "fault.action",
    } as unknown as (typeof hitTurn)[number];
    expect(() => composeHiboux({ events: [broken], before: aliceToPlay, after: aliceToPlay })).not.toThrow();
    expect(composeHiboux({ events: [broken], before: aliceToPlay, after: aliceToPlay })).toEqual([]);
  });

  it("records of posts and commands make no hibou", () => {
    const quiet = events("post-p3", [
      {
        type: "post.ignored",
        rule: "R-1.5",
        postId: "p3",
        authorId: "99",
        reason: "auteur étranger au duel",
      },
      { type: "post.dequeued", rule: "R-6.7", postId: "p3" },
    ]);
    expect(composeHiboux(given(aliceToPlay, quiet))).toEqual([]);
  });
});

describe("CONTRACT 6.1 a decision's outbox", () => {
  const forum = { referees: [], notify: [{ type: "log" }, { type: "log" }] } as unknown as ForumConfig;
  const timer = { name: "t", duelId: "d", kind: "reply-deadline", at: DEADLINE, ref: "2" } as const;
  const outbox = (text = "") =>
    effectsOf({
      forum,
      ...given(aliceToPlay, hitTurn),
      events: hitTurn,
      revised: [],
      timers: { schedule: [timer], cancel: [] },
      version: 3,
      now: T,
      ...(text ? { deskUrl: `https://example.org/${text}` } : {}),
    });

  it("is one entry: its timers first, then each hibou through each channel, as they would be alone", () => {
    const [entry, ...more] = outbox();
    expect(more).toEqual([]);
    expect(entry?.id).toBe("v3.effects");
    const parts = entry?.effect.type === "parts" ? entry.effect.parts : [];
    expect(parts.map((p) => p.id)).toEqual([
      "v3.timers",
      ...parts
        .slice(1)
        .map((p) => (p.effect.type === "notify" ? `${p.effect.hibou.id}.c${p.effect.channel}` : "")),
    ]);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.every((p) => p.doneAt === null)).toBe(true);
    expect(entriesOf(entry as OutboxEntry).map((e) => e.id)).toEqual(parts.map((p) => p.id));
  });

  it("takes several entries when its texts would outgrow one DynamoDB item", () => {
    // The referee's hiboux end with the desk's address: a very long one weighs each of them.
    const entries = outbox("x".repeat(60_000));
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.map((e) => e.id)).toContain("v3.effects.1");
    for (const e of entries) expect(JSON.stringify(e).length).toBeLessThan(250_000);
    expect(entries.flatMap(entriesOf).length).toBe(outbox().flatMap(entriesOf).length);
  });
});
