import type { DuelEvent, EventDraft } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import { type Duel, initialState, isOpened } from "../../shared/domain/state.js";
import type { HibouDraft } from "../../shared/hiboux/index.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";

export const ALICE = "42";
export const BOB = "43";
export const REFEREE = "7";
export const STAKES = "Le perdant range la salle des trophées";
export const T0 = "2026-11-27T10:00:00.000Z";

/** Events as the emitter writes them: `<inputId>#<n>`, at `at` unless a draft gives its own. */
export function events(inputId: string, drafts: readonly EventDraft[], at = T0): DuelEvent[] {
  return drafts.map((d, i) => ({ at, ...d, id: `${inputId}#${i}` }) as DuelEvent);
}

/** Alice Dubois (3rd year, 25 PD, Legilimens) against Bob Martin (adult, 50 PD), refereed by Minerva McGonagall. */
const opened = fold(
  initialState,
  events("reg", [
    {
      type: "duel.registered",
      rule: "R-1.2",
      duel: {
        id: "duel-1",
        forumId: "poudlard",
        threadId: "1234",
        referee: { id: REFEREE, name: "Minerva McGonagall" },
        duelists: [
          {
            id: ALICE,
            name: "Alice Dubois",
            year: 3,
            particularities: [{ name: "legilimens", rank: 1 }],
            extraSpells: [],
          },
          { id: BOB, name: "Bob Martin", year: "adulte", particularities: [], extraSpells: [] },
        ],
        startingPoints: { [ALICE]: 25, [BOB]: 50 },
        pm: { [ALICE]: null, [BOB]: null },
        firstDuelistId: BOB,
        replyWindow: "PT72H",
        dice: "server",
        stakes: STAKES,
        ruleset: defaultRuleset,
      },
    },
  ]),
);
if (!isOpened(opened)) throw new Error("the registration opens the duel");
export const registered: Duel = opened;

/** After the top, Bob's first turn cast a Sortilège de Feu (attack 5) at Alice; it is Alice's turn 2. */
export const aliceToPlay: Duel = fold(
  registered,
  events("top", [
    { type: "duel.started", rule: "R-1.4", firstDuelistId: BOB, deadline: "2026-11-30T10:00:00.000Z" },
    {
      type: "turn.passed",
      rule: "R-1.4",
      duelistId: BOB,
      number: 1,
      startedAt: T0,
      deadline: "2026-11-30T10:00:00.000Z",
      extension: null,
    },
    {
      type: "turn.played",
      rule: "R-3.1",
      postId: "p1",
      duelistId: BOB,
      number: 1,
      dice: [5, 2],
      spellId: "feu",
      targetId: ALICE,
      defenceModifier: 0,
      canAttack: true,
      faulty: false,
      valid: true,
      pm: null,
      words: 120,
    },
    {
      type: "attack.launched",
      rule: "R-4.1",
      postId: "p1",
      attackerId: BOB,
      targetId: ALICE,
      spellId: "feu",
      attack: 5,
    },
    {
      type: "turn.passed",
      rule: "R-1.5",
      duelistId: ALICE,
      number: 2,
      startedAt: "2026-11-27T10:00:00.000Z",
      deadline: "2026-11-30T10:00:00.000Z",
      extension: null,
    },
  ]),
);

/** The hiboux of one input, with the state it leads to folded from its events. */
export function given(before: Duel, input: readonly DuelEvent[]) {
  return { events: input, before, after: fold(before, input) };
}

export const toReferee = (hiboux: readonly HibouDraft[]) => hiboux.filter((h) => h.to.role === "referee");
export const toDuelist = (hiboux: readonly HibouDraft[], id: string) =>
  hiboux.filter((h) => h.to.role === "duelist" && h.to.id === id);
export const kinds = (hiboux: readonly HibouDraft[]) =>
  hiboux.map((h) => `${h.kind}>${h.to.role}:${h.to.id}`);

/** Every hibou ends by naming the rule it applied. */
export function lastLine(h: HibouDraft): string {
  return h.text.split("\n").at(-1) ?? "";
}
