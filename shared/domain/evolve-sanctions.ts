import { type EventOf, updateDuelist } from "./evolve-support.js";
import type { Duel, DuelistState, FaultRecord } from "./state.js";

/** A duelist leaves the duel: the attacks pending against them are set aside. */
export function left(state: Duel, duelistId: string, status: DuelistState["status"]): Duel {
  const out = updateDuelist(state, duelistId, (d) => ({ ...d, status }));
  const dropped = out.pendingAttacks.filter((a) => a.targetId === duelistId);
  return {
    ...out,
    pendingAttacks: out.pendingAttacks.filter((a) => a.targetId !== duelistId),
    ...(dropped.length > 0 ? { droppedAttacks: [...(out.droppedAttacks ?? []), ...dropped] } : {}),
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

/** A fault as first recorded: counted, no sanction yet. */
function newFault(eventId: string, duelistId: string, kind: FaultRecord["kind"], turn: number | null) {
  return {
    eventId,
    duelistId,
    kind,
    sanctionPoints: 0,
    disqualified: false,
    counted: true,
    cancelled: false,
    turn,
  } satisfies FaultRecord;
}

/** A sanction's points are lost right after it is applied: they are that fault's. */
export function pointsLost(state: Duel, event: EventOf<"points.lost">): Duel {
  const withPoints = updateDuelist(state, event.duelistId, (d) => ({ ...d, points: event.points }));
  if (event.cause !== "sanction") return withPoints;
  const last = state.faults.findLastIndex((f) => f.duelistId === event.duelistId && f.sanctionPoints > 0);
  return {
    ...withPoints,
    faults: state.faults.map((f, i) => (i === last ? { ...f, lostPoints: event.amount } : f)),
  };
}

export function pointsAdjusted(state: Duel, event: EventOf<"points.adjusted">): Duel {
  return updateDuelist(state, event.duelistId, (d) => ({ ...d, points: event.points }));
}

export function actionFault(state: Duel, event: EventOf<"fault.action">): Duel {
  return {
    ...updateDuelist(state, event.duelistId, (d) => ({ ...d, actionFaults: event.count })),
    faults: [...state.faults, newFault(event.id, event.duelistId, "action", event.turn ?? null)],
  };
}

/**
 * A deadline's absence is the duelist's turn, played with no spell: their previous spell is then
 * none, and a "cannot attack on their next turn" was that turn's. A fault
 * the referee adds (no turn) is not a turn.
 */
export function absenceFault(state: Duel, event: EventOf<"fault.absence">): Duel {
  return {
    ...updateDuelist(state, event.duelistId, (d) => ({
      ...d,
      absenceFaults: event.count,
      ...(typeof event.turn === "number" ? { lastSpellId: null, cannotAttackNextTurn: false } : {}),
    })),
    faults: [...state.faults, newFault(event.id, event.duelistId, "absence", event.turn)],
  };
}

export function sanctionApplied(state: Duel, event: EventOf<"sanction.applied">): Duel {
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

export function faultCancelled(state: Duel, event: EventOf<"fault.cancelled">): Duel {
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

/** A cancelled disqualification: the duelist is back, the attacks set aside pending again. */
export function reinstated(state: Duel, event: EventOf<"duelist.reinstated">): Duel {
  return updateDuelist(restoreAttacks(state, event.duelistId), event.duelistId, (d) => ({
    ...d,
    status: "active",
  }));
}

export function banStarted(state: Duel, event: EventOf<"ban.started">): Duel {
  return {
    ...state,
    bans: [
      ...state.bans.filter((b) => b.duelistId !== event.duelistId),
      { duelistId: event.duelistId, until: event.until, ended: false },
    ],
  };
}

export function banEnded(state: Duel, event: EventOf<"ban.ended">): Duel {
  return {
    ...state,
    bans: state.bans.map((b) => (b.duelistId === event.duelistId ? { ...b, ended: true } : b)),
  };
}
