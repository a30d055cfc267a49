import { type EventOf, updateDuelist } from "./evolve-support.js";
import { currentTurn, type Duel, type DuelBase, type RegisteredDuel } from "./state.js";

/** What a duel keeps through a change of status: all but the status and what belongs to it. */
function baseOf(state: Duel): DuelBase {
  switch (state.status) {
    case "registered": {
      const { status: _status, ...base } = state;
      return base;
    }
    case "active": {
      const { status: _status, turn: _turn, ...base } = state;
      return base;
    }
    case "finished": {
      const { status: _status, result: _result, stoppedTurn: _stopped, ...base } = state;
      return base;
    }
  }
}

/** The duel a registration opens. */
export function registered(event: EventOf<"duel.registered">): RegisteredDuel {
  const { duel } = event;
  return {
    id: duel.id,
    forumId: duel.forumId,
    threadId: duel.threadId,
    ...(duel.threadTitle ? { threadTitle: duel.threadTitle } : {}),
    status: "registered",
    referee: duel.referee,
    ruleset: duel.ruleset,
    replyWindow: duel.replyWindow,
    dice: duel.dice,
    stakes: duel.stakes,
    firstDuelistId: duel.firstDuelistId,
    createdAt: event.at,
    ...(duel.judgedFrom ? { judgedFrom: duel.judgedFrom } : {}),
    duelists: duel.duelists.map((d) => ({
      ...d,
      points: duel.startingPoints[d.id] ?? 0,
      startingPoints: duel.startingPoints[d.id] ?? 0,
      absenceFaults: 0,
      actionFaults: 0,
      disarmed: false,
      status: "active",
      correctionUsed: false,
      derogationUsed: false,
      pendingExtension: null,
      nextDefenceModifier: 0,
      cannotAttackNextTurn: false,
      lastSpellId: null,
      usedParticularities: [],
      pm: duel.pm[d.id] ?? null,
      username: null,
    })),
    pendingAttacks: [],
    pending: [],
    queue: [],
    posts: {},
    faults: [],
    bans: [],
  };
}

/**
 * The top gives the first turn; the turn.passed that follows in the same decision carries
 * its deadline with a dérogation granted before the top (R-6.2a).
 */
export function started(state: Duel, event: EventOf<"duel.started">): Duel {
  if (state.status !== "registered") return state;
  const turn = {
    duelistId: event.firstDuelistId,
    number: 1,
    startedAt: event.at,
    deadline: event.deadline,
    reminded: false,
  };
  return { ...baseOf(state), status: "active", turn };
}

/** The turn passes on; only a running duel has turns. */
export function turnPassed(state: Duel, event: EventOf<"turn.passed">): Duel {
  if (state.status !== "active") return state;
  const turn = {
    duelistId: event.duelistId,
    number: event.number,
    startedAt: event.startedAt,
    deadline: event.deadline,
    reminded: false,
  };
  const withTurn = { ...state, turn };
  return event.extension
    ? updateDuelist(withTurn, event.duelistId, (d) => ({ ...d, pendingExtension: null }))
    : withTurn;
}

export function reminded(state: Duel): Duel {
  return state.status === "active" ? { ...state, turn: { ...state.turn, reminded: true } } : state;
}

/** A dérogation moves the running turn's deadline, or waits for the duelist's next turn (R-6.2a). */
export function derogationGranted(state: Duel, event: EventOf<"derogation.granted">): Duel {
  const granted = updateDuelist(state, event.duelistId, (d) => ({
    ...d,
    derogationUsed: true,
    pendingExtension: event.deadline ? null : event.duration,
  }));
  const deadline = event.deadline;
  return deadline && granted.status === "active"
    ? { ...granted, turn: { ...granted.turn, deadline, reminded: false } }
    : granted;
}

export function finished(state: Duel, event: EventOf<"duel.finished">): Duel {
  return {
    ...baseOf(state),
    status: "finished",
    result: { winnerId: event.winnerId, reason: event.reason },
    stoppedTurn: currentTurn(state),
    endedAt: event.at,
  };
}

/**
 * The turn that ran when the duel finished runs again; the decision hands it on at once.
 * A duel that finished before the top (a disqualification under) waits for its top again.
 */
export function resumed(state: Duel): Duel {
  if (state.status !== "finished") return state;
  // Stakes are settled at the end: a resumed duel has none settled yet.
  const { stakesHonoured: _settled, ...base } = baseOf(state);
  if (!state.stoppedTurn) return { ...base, status: "registered" };
  return { ...base, status: "active", turn: state.stoppedTurn };
}

/** Of the referee's decisions, only the announcements and the stakes are state of their own. */
export function refereeCommand(state: Duel, event: EventOf<"referee.command">): Duel {
  if (event.action.command === "announce") return { ...state, announceOff: !event.action.enabled };
  if (event.action.command === "stakes") return { ...state, stakesHonoured: event.action.honoured };
  return state;
}
