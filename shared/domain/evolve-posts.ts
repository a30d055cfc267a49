import { type EventOf, markPost, updateDuelist } from "./evolve-support.js";
import type { Duel, PendingAttack } from "./state.js";

/** The duel with a post of the thread remembered (judged later, if at all) and the title it tells. */
function withPost(
  state: Duel,
  event: EventOf<"post.recorded"> | EventOf<"post.history">,
  inDuel: boolean,
): Duel {
  return {
    ...state,
    ...(event.threadTitle ? { threadTitle: event.threadTitle } : {}),
    posts: {
      ...state.posts,
      [event.postId]: {
        authorId: event.authorId,
        hash: event.hash,
        tampered: false,
        deleted: false,
        inDuel,
        valid: false,
      },
    },
  };
}

export function recorded(state: Duel, event: EventOf<"post.recorded">): Duel {
  const posted = withPost(state, event, event.inDuel);
  if (event.role !== "duelist" || !event.username) return posted;
  const username = event.username;
  return updateDuelist(posted, event.authorId, (d) => ({ ...d, username }));
}

export function tampered(state: Duel, event: EventOf<"post.tampered">): Duel {
  const hash = event.hash;
  return markPost(state, event.postId, {
    tampered: true,
    ...(event.how === "deleted" ? { deleted: true } : {}),
    ...(hash ? { hash } : {}),
  });
}

export function queued(state: Duel, event: EventOf<"post.queued">): Duel {
  return { ...state, queue: [...state.queue, event.post] };
}

export function dequeued(state: Duel, event: EventOf<"post.dequeued">): Duel {
  return { ...state, queue: state.queue.filter((p) => p.postId !== event.postId) };
}

export function correctionOpened(state: Duel, event: EventOf<"correction.opened">): Duel {
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
}

export function correctionClosed(
  state: Duel,
  event: EventOf<"correction.accepted" | "correction.expired">,
): Duel {
  return { ...state, pending: state.pending.filter((p) => p.post.postId !== event.postId) };
}

export function turnPlayed(state: Duel, event: EventOf<"turn.played">): Duel {
  const withValid = event.valid ? markPost(state, event.postId, { valid: true }) : state;
  return updateDuelist(withValid, event.duelistId, (d) => ({
    ...d,
    // What this turn's defence did not use waits for the next one.
    nextDefenceModifier: event.defenceModifierKept ?? 0,
    cannotAttackNextTurn: false,
    // Legilimens is a spell (R-4.16 Interpretation).
    lastSpellId: event.spellId ?? event.particularityId ?? null,
    pm: event.pm ?? d.pm,
  }));
}

export function attackLaunched(state: Duel, event: EventOf<"attack.launched">): Duel {
  const attack = {
    postId: event.postId,
    attackerId: event.attackerId,
    targetId: event.targetId,
    spellId: event.spellId,
    attack: event.attack,
  };
  return { ...state, pendingAttacks: [...state.pendingAttacks, attack] };
}

export function defenceResolved(state: Duel, event: EventOf<"defence.resolved">): Duel {
  const answered = (a: PendingAttack) => a.postId === event.attackPostId && a.targetId === event.defenderId;
  // A third absence disqualifies (setting the attacks aside) before its pending attacks hit.
  const dropped = state.droppedAttacks;
  return {
    ...state,
    pendingAttacks: state.pendingAttacks.filter((a) => !answered(a)),
    ...(dropped ? { droppedAttacks: dropped.filter((a) => !answered(a)) } : {}),
  };
}

export function effectApplied(state: Duel, event: EventOf<"effect.applied">): Duel {
  return updateDuelist(state, event.duelistId, (d) => {
    if (event.effect === "disarmed") return { ...d, disarmed: true };
    if (event.effect === "cannot-attack") return { ...d, cannotAttackNextTurn: true };
    return { ...d, nextDefenceModifier: d.nextDefenceModifier + event.modifier };
  });
}

export function wandRecovered(state: Duel, event: EventOf<"wand.recovered">): Duel {
  return updateDuelist(state, event.duelistId, (d) => ({ ...d, disarmed: event.disarmedAgain === true }));
}

export function particularityUsed(state: Duel, event: EventOf<"particularity.used">): Duel {
  return updateDuelist(state, event.duelistId, (d) => ({
    ...d,
    usedParticularities: [...d.usedParticularities, event.particularityId],
  }));
}

/** A post of the thread's history: remembered, so its duplicates and edits are known, never judged. */
export function history(state: Duel, event: EventOf<"post.history">): Duel {
  return withPost(state, event, false);
}

/** An ignored post still tells the thread's title when it changed. */
export function ignored(state: Duel, event: EventOf<"post.ignored">): Duel {
  return event.threadTitle ? { ...state, threadTitle: event.threadTitle } : state;
}
