import { describe, expect, it } from "vitest";
import type { DuelCommand, RegisterDuel } from "../../shared/domain/commands.js";
import { decide } from "../../shared/domain/decide.js";
import { fold } from "../../shared/domain/evolve.js";
import { initialState } from "../../shared/domain/state.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { ALICE, BOB, REFEREE, T0 } from "./fixtures.js";
import { given } from "./given.js";

/** The registration of Alice against Bob, refereed by Minerva, a declared referee of the forum. */
function register(
  duel: Partial<RegisterDuel> = {},
  more: Partial<Extract<DuelCommand, { type: "register" }>> = {},
): DuelCommand {
  return {
    type: "register",
    now: T0,
    bans: {},
    forumReferees: [REFEREE.id],
    duel: {
      id: "poudlard.1234",
      forumId: "poudlard",
      threadId: "1234",
      referee: REFEREE,
      duelists: [ALICE, BOB],
      dice: "server",
      ruleset: defaultRuleset,
      ...duel,
    },
    ...more,
  };
}

const REGISTERED = decide(register(), initialState, "register");
const TOP: DuelCommand = {
  type: "referee",
  now: T0,
  by: { id: REFEREE.id, via: "api" },
  action: { command: "top" },
};
const STARTED = decide(TOP, fold(initialState, REGISTERED), "top");

describe("registering and starting a duel", () => {
  it("R-1.1 a referee the forum has not declared is refused", () => {
    given()
      .when(register({ referee: { id: "99", name: "Rusard" } }))
      .refuses("unknown_referee", { message: "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1)." });
  });

  it("R-1.1 a forum that declares no referee lets anyone referee", () => {
    given()
      .when(register({ referee: { id: "99", name: "Rusard" } }, { forumReferees: [] }))
      .decides([{ type: "duel.registered", duel: { referee: { id: "99" } } }]);
  });

  it("R-1.1 the referee is not a duelist of the duel", () => {
    given()
      .when(register({ duelists: [ALICE, { ...BOB, id: REFEREE.id }] }))
      .refuses("referee_is_duelist");
  });

  it("R-1.2 particularities named by name or alias, in any case, are registered by id with rank 1", () => {
    given()
      .when(register({ duelists: [{ ...ALICE, particularities: [{ name: "LEGILIMENS" }] }, BOB] }))
      .decides([
        {
          type: "duel.registered",
          rule: "R-1.2",
          duel: {
            duelists: [{ id: ALICE.id, particularities: [{ name: "legilimens", rank: 1 }] }, { id: BOB.id }],
          },
        },
      ]);
  });

  it("R-1.2 an unknown particularity is refused naming its duelist's field", () => {
    given()
      .when(register({ duelists: [ALICE, { ...BOB, particularities: [{ name: "Fourchelang" }] }] }))
      .refuses("invalid_body", {
        message: "Particularité inconnue : Fourchelang.",
        details: [{ path: "duelists.1.particularities", message: "Fourchelang" }],
      });
  });

  it("R-1.2 R-6.9 a duelist banned until after now is refused, naming until when", () => {
    given()
      .when(register({}, { bans: { [BOB.id]: "2026-12-30T10:00:00.000Z" } }))
      .refuses("duelist_banned", {
        details: { duelistId: BOB.id, bannedUntil: "2026-12-30T10:00:00.000Z" },
      });
  });

  it("CONTRACT 2 a thread has one duel: registering it again is refused", () => {
    given(REGISTERED).when(register()).refuses("duel_already_exists");
  });

  it("R-6.1 a reply window shorter than the correction window plus the time to write a turn is refused, naming the field", () => {
    for (const replyWindow of ["P0D", "PT0S", "PT1S", "PT30M", "PT59M"]) {
      given()
        .when(register({ replyWindow }))
        .refuses("invalid_body", {
          message: expect.stringContaining("replyWindow"),
          details: [{ path: "replyWindow", message: expect.stringContaining("1 heure au moins") }],
        });
    }
  });

  it("R-6.1 the floor follows the ruleset's correction window (R-6.7): one hour with the club's 30 minutes", () => {
    given()
      .when(register({ replyWindow: "PT1H" }))
      .decides([{ type: "duel.registered", duel: { replyWindow: "PT1H" } }]);
    const slowCorrection = { ...defaultRuleset, delays: { ...defaultRuleset.delays, correction: "PT2H" } };
    given()
      .when(register({ replyWindow: "PT2H", ruleset: slowCorrection }))
      .refuses("invalid_body", { message: expect.stringContaining("2 heures et 30 minutes au moins") });
  });

  it("R-1.4 the top starts the duel: the first duelist's turn runs from now", () => {
    given(REGISTERED)
      .when(TOP)
      .decides([
        { type: "referee.command", rule: "R-7.1" },
        {
          type: "duel.started",
          rule: "R-1.4",
          firstDuelistId: ALICE.id,
          deadline: "2026-12-03T10:00:00.000Z",
        },
        { type: "turn.passed", rule: "R-1.4", duelistId: ALICE.id, number: 1, startedAt: T0 },
      ]);
  });

  it("R-1.4 the top is given once: a second one is refused", () => {
    given(REGISTERED, STARTED)
      .when(TOP)
      .refuses("duel_already_started", { message: "Le top a déjà été donné." });
  });

  it("R-7.1 in the thread, only the duel's referee gives the top", () => {
    given(REGISTERED)
      .when({ ...TOP, by: { id: ALICE.id, via: "post" } })
      .refuses("not_referee");
  });
});
