import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DuelCommand } from "../../shared/domain/commands.js";
import { fold } from "../../shared/domain/evolve.js";
import type { InputOrder } from "../../shared/domain/input-order.js";
import { replay } from "../../shared/domain/replay.js";
import { initialState, isOpened } from "../../shared/domain/state.js";
import { timersOf } from "../../shared/domain/timers.js";
import { ALICE, BOB, Duel } from "./fixtures.js";

const CAROL = { id: "44", name: "Carole Lenoir", year: 1 as const };
const SPELLS = [
  "Incendio",
  "Expelliarmus",
  "Rictusempra",
  "Diffindo",
  "Glacius",
  "Colloshoo",
  "Confundo",
  "Cantis",
  "Apparition d'insectes",
  "Protego",
  "Finite Incantatem",
];

interface Step {
  readonly absent: boolean;
  readonly spell: number;
  readonly target: number;
  readonly dice: [number, number];
  readonly redeliver: boolean;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  absent: fc.boolean(),
  spell: fc.nat(SPELLS.length - 1),
  target: fc.nat(5),
  dice: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
  redeliver: fc.boolean(),
});

/** Plays one legal step: the duelist whose turn it is posts a valid turn, or lets the deadline pass. */
function play(duel: Duel, commands: DuelCommand[], step: Step): void {
  const turn = duel.turn;
  if (!turn || duel.state.status !== "active") return;
  const deadline = timersOf(duel.state).find((t) => t.kind === "reply-deadline");
  if (step.absent && deadline) {
    const command: DuelCommand = { type: "timer.fired", now: deadline.at, timer: deadline };
    commands.push(command);
    duel.run(command);
    duel.now = deadline.at;
    if (step.redeliver) expect(duel.run(command)).toEqual([]);
    return;
  }
  const me = duel.duelist(turn.duelistId);
  const opponents = duel.state.duelists.filter((d) => d.status === "active" && d.id !== me.id);
  const target = opponents[step.target % opponents.length];
  if (!target) return;
  let spell = SPELLS[step.spell] ?? "Glacius";
  const lastName = duel.state.ruleset.spells.find((s) => s.id === me.lastSpellId)?.aliases[0];
  if (spell === lastName) spell = spell === "Glacius" ? "Diffindo" : "Glacius";
  const block: Record<string, string> = me.disarmed
    ? { Action: "récupérer sa baguette", Pari: "3" }
    : { Sort: spell, Cible: target.name, Zone: "torse", Pari: "3" };
  duel.advance("PT1H");
  const post = duel.postInput(me, block, step.dice);
  const command: DuelCommand = { type: "post.received", now: duel.now, post };
  commands.push(command);
  duel.run(command);
  if (step.redeliver) expect(duel.run(command)).toEqual([]);
}

describe("invariants over random duels", () => {
  it("R-1.6 points stay between 0 and the start; a command applied twice changes nothing; folding the log and replaying the inputs give the state", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(stepArb, { minLength: 1, maxLength: 120 }), (three, steps) => {
        const duel = new Duel({ duelists: three ? [ALICE, BOB, CAROL] : [ALICE, BOB] });
        const commands: DuelCommand[] = [];
        duel.top();
        for (const step of steps) {
          play(duel, commands, step);
          for (const d of duel.state.duelists) {
            expect(d.points).toBeGreaterThanOrEqual(0);
            expect(d.points).toBeLessThanOrEqual(d.startingPoints);
          }
        }
        expect(fold(initialState, duel.log)).toEqual(duel.state);
      }),
      { numRuns: 150 },
    );
  });

  it("R-1.6 random legal duels always end, with exactly one winner", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.infiniteStream(stepArb), (three, stream) => {
        const duel = new Duel({ duelists: three ? [ALICE, BOB, CAROL] : [ALICE, BOB] });
        duel.top();
        const commands: DuelCommand[] = [];
        for (const step of stream) {
          if (duel.state.status === "finished" || commands.length > 2000) break;
          play(duel, commands, step);
        }
        expect(duel.state.status).toBe("finished");
        const left = duel.state.duelists.filter((d) => d.status === "active");
        expect(left).toHaveLength(1);
        expect(duel.result?.winnerId).toBe(left[0]?.id);
      }),
      { numRuns: 100 },
    );
  });

  it("CONTRACT 4.3 replaying the inputs in thread order reproduces the state the duel reached", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 60 }), (steps) => {
        const duel = new Duel();
        const registerAndTop = duel.log.length;
        duel.top();
        const commands: DuelCommand[] = [];
        for (const step of steps) play(duel, commands, step);
        const inputs = [
          {
            order: { rank: "registration" } as const,
            inputId: "reg",
            command: {
              type: "register",
              now: duel.state.createdAt,
              bans: {},
              duel: registered(duel),
            } as DuelCommand,
          },
          {
            order: { rank: "decision", instant: duel.state.createdAt, sequence: 0, inputId: "top" } as const,
            inputId: "top",
            command: {
              type: "referee",
              now: duel.state.createdAt,
              by: { id: "7", via: "api" },
              action: { command: "top" },
            } as DuelCommand,
          },
          ...commands.map((command, i) => ({ order: orderOf(command, i), inputId: `c${i}`, command })),
        ];
        expect(registerAndTop).toBe(1);
        const replayed = replay(inputs).state;
        expect(isOpened(replayed) ? replayed.duelists : []).toEqual(duel.state.duelists);
        expect(replayed.status === "finished" ? replayed.result : null).toEqual(duel.result);
      }),
      { numRuns: 100 },
    );
  });
});

function registered(duel: Duel) {
  const s = duel.state;
  return {
    id: s.id,
    forumId: s.forumId,
    threadId: s.threadId,
    referee: s.referee,
    duelists: s.duelists.map((d) => ({ id: d.id, name: d.name, year: d.year })),
    dice: s.dice,
    ruleset: s.ruleset,
  };
}

/** The commands in the order they were played: by instant, then as they came. */
function orderOf(command: DuelCommand, i: number): InputOrder {
  const instant = command.type === "timer.fired" ? command.timer.at : command.now;
  return { rank: "decision", instant, sequence: i + 1, inputId: `c${i}` };
}
