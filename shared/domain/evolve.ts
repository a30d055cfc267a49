import type { DuelEvent } from "./events.js";
import {
  currentTurn,
  type Duel,
  type DuelBase,
  type DuelistState,
  type DuelState,
  type PendingAttack,
  type PostMark,
  postMark,
  type RegisteredDuel,
} from "./state.js";

function updateDuelist(state: Duel, id: string, change: (d: DuelistState) => DuelistState): Duel {
  return { ...state, duelists: state.duelists.map((d) => (d.id === id ? change(d) : d)) };
}

function markPost(state: Duel, postId: string, change: Partial<PostMark>): Duel {
  const current = postMark(state, postId);
  if (!current) return state;
  return { ...state, posts: { ...state.posts, [postId]: { ...current, ...change } } };
}

/** A duelist leaves the duel: the attacks pending against them are set aside. */
function dropAttacks(state: Duel, duelistId: string): Duel {
  const dropped = state.pendingAttacks.filter((a) => a.targetId === duelistId);
  return {
    ...state,
    pendingAttacks: state.pendingAttacks.filter((a) => a.targetId !== duelistId),
    ...(dropped.length > 0 ? { droppedAttacks: [...(state.droppedAttacks ?? []), ...dropped] } : {}),
  };
}

/** A duelist back in the duel: the attacks set aside when they left are pending again. */
function restoreAttacks(state: Duel, duelistId: string): Duel {
  const back = (state.droppedAttacks ?? []).filter((a) => a.targetId === duelistId);
  if (back.length === 0) return state;
  return {
    ...state,
    pendingAttacks: [...state.pendingAttacks, ...back],
    droppedAttacks: (state.droppedAttacks ?? []).filter((a) => a.targetId !== duelistId),
  };
}

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
function registered(event: Extract<DuelEvent, { type: "duel.registered" }>): RegisteredDuel {
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
 * Folds one event into the state. Pure; events carry their results (points after, counters
 * after), so folding the audit log reproduces the state exactly. Unknown events change nothing;
 * before its registration a thread holds no duel, and a thread holds one duel only.
 */
export function evolve(state: DuelState, event: DuelEvent): DuelState {
  if (state.status !== "none") return evolveDuel(state, event);
  return event.type === "duel.registered" ? registered(event) : state;
}

/** Folds one event into a registered duel (see `evolve`). */
export function evolveDuel(state: Duel, event: DuelEvent): Duel {
  switch (event.type) {
    case "duel.registered":
      return state;
    case "duel.started": {
      if (state.status !== "registered") return state;
      // The top gives the first turn; the turn.passed that follows in the same decision
      // carries its deadline with a dérogation granted before the top (R-6.2a).
      const turn = {
        duelistId: event.firstDuelistId,
        number: 1,
        startedAt: event.at,
        deadline: event.deadline,
        reminded: false,
      };
      return { ...baseOf(state), status: "active", turn };
    }
    case "post.recorded": {
      const withPost = {
        ...state,
        ...(event.threadTitle ? { threadTitle: event.threadTitle } : {}),
        posts: {
          ...state.posts,
          [event.postId]: {
            authorId: event.authorId,
            hash: event.hash,
            tampered: false,
            deleted: false,
            inDuel: event.inDuel,
            valid: false,
          },
        },
      };
      if (event.role !== "duelist" || !event.username) return withPost;
      const username = event.username;
      return updateDuelist(withPost, event.authorId, (d) => ({ ...d, username }));
    }
    case "post.tampered": {
      const hash = event.hash;
      const marked = markPost(state, event.postId, {
        tampered: true,
        ...(event.how === "deleted" ? { deleted: true } : {}),
        ...(hash ? { hash } : {}),
      });
      return marked;
    }
    case "turn.played": {
      const withValid = event.valid ? markPost(state, event.postId, { valid: true }) : state;
      return updateDuelist(withValid, event.duelistId, (d) => ({
        ...d,
        // What this turn's defence did not use waits for the next one.
        nextDefenceModifier: event.defenceModifierKept ?? 0,
        cannotAttackNextTurn: false,
        lastSpellId: event.spellId,
        pm: event.pm ?? d.pm,
      }));
    }
    case "defence.resolved": {
      const answered = (a: PendingAttack) =>
        a.postId === event.attackPostId && a.targetId === event.defenderId;
      // A third absence disqualifies (setting the attacks aside) before its pending attacks hit.
      const dropped = state.droppedAttacks;
      return {
        ...state,
        pendingAttacks: state.pendingAttacks.filter((a) => !answered(a)),
        ...(dropped ? { droppedAttacks: dropped.filter((a) => !answered(a)) } : {}),
      };
    }
    case "points.lost": {
      const withPoints = updateDuelist(state, event.duelistId, (d) => ({ ...d, points: event.points }));
      if (event.cause !== "sanction") return withPoints;
      // A sanction's points are lost right after it is applied: they are that fault's.
      const last = state.faults.findLastIndex((f) => f.duelistId === event.duelistId && f.sanctionPoints > 0);
      return {
        ...withPoints,
        faults: state.faults.map((f, i) => (i === last ? { ...f, lostPoints: event.amount } : f)),
      };
    }
    case "effect.applied":
      return updateDuelist(state, event.duelistId, (d) => {
        if (event.effect === "disarmed") return { ...d, disarmed: true };
        if (event.effect === "cannot-attack") return { ...d, cannotAttackNextTurn: true };
        return { ...d, nextDefenceModifier: d.nextDefenceModifier + event.modifier };
      });
    case "attack.launched":
      return {
        ...state,
        pendingAttacks: [
          ...state.pendingAttacks,
          {
            postId: event.postId,
            attackerId: event.attackerId,
            targetId: event.targetId,
            spellId: event.spellId,
            attack: event.attack,
          },
        ],
      };
    case "wand.recovered":
      return updateDuelist(state, event.duelistId, (d) => ({ ...d, disarmed: event.disarmedAgain === true }));
    case "particularity.used":
      return updateDuelist(state, event.duelistId, (d) => ({
        ...d,
        usedParticularities: [...d.usedParticularities, event.particularityId],
      }));
    case "fault.action":
      return {
        ...updateDuelist(state, event.duelistId, (d) => ({ ...d, actionFaults: event.count })),
        faults: [
          ...state.faults,
          {
            eventId: event.id,
            duelistId: event.duelistId,
            kind: "action",
            sanctionPoints: 0,
            disqualified: false,
            counted: true,
            cancelled: false,
            turn: event.turn ?? null,
          },
        ],
      };
    case "fault.absence":
      return {
        // A deadline's absence is the duelist's turn, played with no spell: their previous spell
        // is then none, and a "cannot attack on their next turn" was that turn's (R-4.7,
        // A fault the referee adds (no turn) is not a turn.
        ...updateDuelist(state, event.duelistId, (d) => ({
          ...d,
          absenceFaults: event.count,
          ...(typeof event.turn === "number" ? { lastSpellId: null, cannotAttackNextTurn: false } : {}),
        })),
        faults: [
          ...state.faults,
          {
            eventId: event.id,
            duelistId: event.duelistId,
            kind: "absence",
            sanctionPoints: 0,
            disqualified: false,
            counted: true,
            cancelled: false,
            turn: event.turn,
          },
        ],
      };
    case "sanction.applied": {
      const faults = state.faults.map((f) => {
        if (f.eventId === event.faultEventId) {
          return {
            ...f,
            sanctionPoints: event.points,
            lostPoints: 0,
            disqualified: event.disqualify,
            counted: event.kind === "action" ? false : f.counted,
          };
        }
        // An action sanction closes the cycle: the faults it counted no longer count.
        if (event.kind === "action" && f.kind === "action" && f.duelistId === event.duelistId)
          return { ...f, counted: false };
        return f;
      });
      const withFaults = { ...state, faults };
      return event.kind === "action"
        ? updateDuelist(withFaults, event.duelistId, (d) => ({ ...d, actionFaults: 0 }))
        : withFaults;
    }
    case "correction.opened":
      return {
        ...updateDuelist(state, event.duelistId, (d) => ({ ...d, correctionUsed: true })),
        pending: [
          ...state.pending,
          {
            post: event.post,
            duelistId: event.duelistId,
            until: event.until,
            missing: event.missing,
            turnNumber: event.turnNumber,
          },
        ],
      };
    case "post.queued":
      return { ...state, queue: [...state.queue, event.post] };
    case "post.dequeued":
      return { ...state, queue: state.queue.filter((p) => p.postId !== event.postId) };
    case "correction.accepted":
    case "correction.expired":
      return { ...state, pending: state.pending.filter((p) => p.post.postId !== event.postId) };
    case "turn.passed": {
      // Only a running duel has turns.
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
    case "turn.reminder":
      return state.status === "active" ? { ...state, turn: { ...state.turn, reminded: true } } : state;
    case "derogation.granted": {
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
    case "duelist.out":
      return dropAttacks(
        updateDuelist(state, event.duelistId, (d) => ({ ...d, status: "out" })),
        event.duelistId,
      );
    case "duelist.disqualified":
      return dropAttacks(
        updateDuelist(state, event.duelistId, (d) => ({ ...d, status: "disqualified" })),
        event.duelistId,
      );
    case "ban.started":
      return {
        ...state,
        bans: [
          ...state.bans.filter((b) => b.duelistId !== event.duelistId),
          { duelistId: event.duelistId, until: event.until, ended: false },
        ],
      };
    case "ban.ended":
      return {
        ...state,
        bans: state.bans.map((b) => (b.duelistId === event.duelistId ? { ...b, ended: true } : b)),
      };
    case "duel.finished":
      return {
        ...baseOf(state),
        status: "finished",
        result: { winnerId: event.winnerId, reason: event.reason },
        stoppedTurn: currentTurn(state),
        endedAt: event.at,
      };
    case "fault.cancelled": {
      const back = event.reinstated ? restoreAttacks(state, event.duelistId) : state;
      return {
        ...updateDuelist(back, event.duelistId, (d) => ({
          ...d,
          points: event.points,
          actionFaults: event.actionFaults,
          absenceFaults: event.absenceFaults,
          ...(event.reinstated ? { status: "active" as const } : {}),
        })),
        faults: state.faults.map((f) => {
          if (f.eventId === event.faultEventId) return { ...f, cancelled: true, counted: false };
          const standing = event.standing?.find((s) => s.eventId === f.eventId);
          return standing ? { ...f, ...standing } : f;
        }),
      };
    }
    case "duel.resumed":
      // The turn that ran when the duel finished runs again; the decision hands it on at once.
      if (state.status !== "finished" || !state.stoppedTurn) return state;
      {
        // Stakes are settled at the end: a resumed duel has none settled yet.
        const { stakesHonoured: _settled, ...base } = baseOf(state);
        return { ...base, status: "active", turn: state.stoppedTurn };
      }
    case "points.adjusted":
      return updateDuelist(state, event.duelistId, (d) => ({ ...d, points: event.points }));
    case "post.ignored":
      return event.threadTitle ? { ...state, threadTitle: event.threadTitle } : state;
    case "dice.rolled":
    case "action.void":
    case "legilimens.cast":
    case "referee.decision-needed":
    case "referee.command-rejected":
      return state;
    case "referee.command":
      if (event.action.command === "announce") return { ...state, announceOff: !event.action.enabled };
      if (event.action.command === "stakes") return { ...state, stakesHonoured: event.action.honoured };
      return state;
    default:
      return state;
  }
}

/** Folds a list of events; a registered duel stays one. */
export function fold(state: Duel, events: readonly DuelEvent[]): Duel;
export function fold(state: DuelState, events: readonly DuelEvent[]): DuelState;
export function fold(state: DuelState, events: readonly DuelEvent[]): DuelState {
  return events.reduce(evolve, state);
}
