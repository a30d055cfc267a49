import type { DuelEvent } from "./events.js";
import { type DuelistState, type DuelState, type PostMark, postMark } from "./state.js";

function updateDuelist(state: DuelState, id: string, change: (d: DuelistState) => DuelistState): DuelState {
  return { ...state, duelists: state.duelists.map((d) => (d.id === id ? change(d) : d)) };
}

function markPost(state: DuelState, postId: string, change: Partial<PostMark>): DuelState {
  const current = postMark(state, postId);
  if (!current) return state;
  return { ...state, posts: { ...state.posts, [postId]: { ...current, ...change } } };
}

/** A duelist leaves the duel: the attacks pending against them are set aside. */
function dropAttacks(state: DuelState, duelistId: string): DuelState {
  const dropped = state.pendingAttacks.filter((a) => a.targetId === duelistId);
  return {
    ...state,
    pendingAttacks: state.pendingAttacks.filter((a) => a.targetId !== duelistId),
    ...(dropped.length > 0 ? { droppedAttacks: [...(state.droppedAttacks ?? []), ...dropped] } : {}),
  };
}

/** A duelist back in the duel: the attacks set aside when they left are pending again. */
function restoreAttacks(state: DuelState, duelistId: string): DuelState {
  const back = (state.droppedAttacks ?? []).filter((a) => a.targetId === duelistId);
  if (back.length === 0) return state;
  return {
    ...state,
    pendingAttacks: [...state.pendingAttacks, ...back],
    droppedAttacks: (state.droppedAttacks ?? []).filter((a) => a.targetId !== duelistId),
  };
}

/**
 * Folds one event into the state. Pure; events carry their results (points after, counters
 * after), so folding the audit log reproduces the state exactly. Unknown events change nothing.
 */
export function evolve(state: DuelState, event: DuelEvent): DuelState {
  switch (event.type) {
    case "duel.registered": {
      const { duel } = event;
      return {
        ...state,
        id: duel.id,
        forumId: duel.forumId,
        threadId: duel.threadId,
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
      };
    }
    case "duel.started":
      return { ...state, status: "active" };
    case "post.recorded": {
      const withPost = {
        ...state,
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
        nextDefenceModifier: 0,
        cannotAttackNextTurn: false,
        lastSpellId: event.spellId,
        pm: event.pm ?? d.pm,
      }));
    }
    case "defence.resolved":
      return {
        ...state,
        pendingAttacks: state.pendingAttacks.filter(
          (a) => !(a.postId === event.attackPostId && a.targetId === event.defenderId),
        ),
      };
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
        ...updateDuelist(state, event.duelistId, (d) => ({ ...d, absenceFaults: event.count })),
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
      return state.turn ? { ...state, turn: { ...state.turn, reminded: true } } : state;
    case "derogation.granted": {
      const granted = updateDuelist(state, event.duelistId, (d) => ({
        ...d,
        derogationUsed: true,
        pendingExtension: event.deadline ? null : event.duration,
      }));
      const deadline = event.deadline;
      return deadline && granted.turn
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
        ...state,
        status: "finished",
        turn: null,
        stoppedTurn: state.turn,
        result: { winnerId: event.winnerId, reason: event.reason },
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
      return { ...state, status: "active", result: null, turn: state.stoppedTurn ?? null, stoppedTurn: null };
    case "points.adjusted":
      return updateDuelist(state, event.duelistId, (d) => ({ ...d, points: event.points }));
    case "post.ignored":
    case "dice.rolled":
    case "action.void":
    case "legilimens.cast":
    case "referee.decision-needed":
    case "referee.command-rejected":
      return state;
    case "referee.command":
      return event.action.command === "announce" ? { ...state, announceOff: !event.action.enabled } : state;
    default:
      return state;
  }
}

/** Folds a list of events. */
export function fold(state: DuelState, events: readonly DuelEvent[]): DuelState {
  return events.reduce(evolve, state);
}
