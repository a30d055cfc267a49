import { outboxEntry, standaloneEntries } from "../app/effects.js";
import type { Duel } from "../domain/state.js";
import type { ForumConfig, OutboxEntry } from "../ports/duel-store.js";
import type { Hibou } from "../ports/notifier.js";
import type { TimerSpec } from "../ports/scheduler.js";
import { forumactifTexts } from "../texts/forumactif.js";

/**
 * What the poller adds to the outbox on its own (no decision of the duel makes these): its next
 * read, and the hiboux that tell the referee what the poller could not do. The relay performs them
 * like every other effect.
 */

/**
 * A read of the topic at `at`. `ref` tells a chain's read (`chain`: each schedules the next) from
 * a read brought forward by a ping (`ping`: schedules nothing, so pings never multiply the chain).
 */
export function pollTimer(duelId: string, at: string, ref: "chain" | "ping"): TimerSpec {
  const stamp = at.replace(/[-:.]/g, "");
  return { name: `${duelId}.poll.${ref}.${stamp}`, duelId, kind: "poll", at, ref };
}

/**
 * The outbox entry that schedules a read of the topic, named by the read and by who asked for it
 * (`by`): an admin re-arming a chain at the instant the chain scheduled the same read still writes.
 */
export function schedulePoll(timer: TimerSpec, now: string, by = "chain"): OutboxEntry {
  return outboxEntry(`${timer.name}.by-${by}`, timer.duelId, now, {
    type: "timers",
    cancel: [],
    schedule: [timer],
  });
}

/** The French hiboux of the poller, to the duel's referee. */
export type PollHibouDraft = {
  readonly key: string;
  readonly kind: string;
  readonly title: string;
  readonly text: string;
};

const say = forumactifTexts;

export const pollHiboux = {
  unreadable(state: Duel, failures: number, error: string): PollHibouDraft {
    return {
      key: `unreadable.${failures}`,
      kind: "forumactif.unreadable",
      title: say.unreadable.title,
      text: say.unreadable.text(state.threadId, failures, error),
    };
  },
  readable(state: Duel, since: string): PollHibouDraft {
    return {
      key: `readable.${since}`,
      kind: "forumactif.readable",
      title: say.readable.title,
      text: say.readable.text(state.threadId),
    };
  },
  unreadableDice(state: Duel, postId: string, reason: string): PollHibouDraft {
    return {
      key: `dice.${postId}`,
      kind: "forumactif.dice-unreadable",
      title: say.diceUnreadable.title,
      text: say.diceUnreadable.text(state.threadId, postId, reason),
    };
  },
  refused(state: Duel, postId: string, message: string): PollHibouDraft {
    return {
      key: `refused.${postId}`,
      kind: "forumactif.post-refused",
      title: say.postRefused.title,
      text: say.postRefused.text(state.threadId, postId, message),
    };
  },
};

/** A poller's hibou to the duel's referee, through each of the forum's channels. */
export function refereeHiboux(
  forum: ForumConfig | null,
  state: Duel,
  draft: PollHibouDraft,
  now: string,
): OutboxEntry[] {
  const username = forum?.referees.find((r) => r.id === state.referee.id)?.username;
  const hibou: Hibou = {
    id: `${state.id}.poll.${draft.key}`,
    duelId: state.id,
    forumId: state.forumId,
    threadId: state.threadId,
    to: {
      role: "referee",
      id: state.referee.id,
      name: state.referee.name,
      ...(username ? { username } : {}),
    },
    kind: draft.kind,
    title: draft.title,
    text: draft.text,
    createdAt: now,
    eventId: `poll.${draft.key}`,
  };
  // Routed as every hibou: a shared channel hears of it only if it serves the referees.
  return standaloneEntries(forum, hibou, now);
}
