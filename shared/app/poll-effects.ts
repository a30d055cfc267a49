import type { Duel } from "../domain/state.js";
import type { TopicPost, UnreadablePost } from "../forumactif/types.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { Hibou } from "../ports/notifier.js";
import type { OutboxEntry } from "../ports/outbox-store.js";
import type { ChainRead } from "../ports/poll-store.js";
import type { TimerSpec } from "../ports/scheduler.js";
import { postTime } from "../texts/format.js";
import { forumactifTexts } from "../texts/forumactif.js";
import { durationMs } from "../time/duration.js";
import { outboxEntry, standaloneEntries } from "./effects.js";

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

/**
 * Past its due time, what a healthy chain's read may still take before it schedules the next one:
 * EventBridge Scheduler fires a one-time schedule within about a minute, and the timer function's
 * run that fails is tried again by Lambda twice, about one then two minutes later, each run up to
 * its 30 s timeout. Four and a half minutes at worst; five.
 */
export const CHAIN_SLACK_MS = 5 * 60_000;

/**
 * A chain's next read as recorded beside its schedule: overdue one whole interval and the slack
 * after its due time. Counted from the chain's last read (due one interval after it), that is the
 * forum's interval twice plus the slack: a chain is taken for lost once it has missed a read and the
 * one after would be due too, never while its read is merely late (and still retried). The due
 * time already holds the backoff of a failing board, so a chain waiting out its backoff is not late.
 */
export function chainRead(timer: TimerSpec, pollEvery: string): ChainRead {
  const overdue = Date.parse(timer.at) + durationMs(pollEvery) + CHAIN_SLACK_MS;
  return { duelId: timer.duelId, at: timer.at, overdueAt: new Date(overdue).toISOString() };
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
  /** `post`: the post as `PostNames` names it. */
  unreadableDice(state: Duel, postId: string, post: string, reason: string): PollHibouDraft {
    return {
      key: `dice.${postId}`,
      kind: "forumactif.dice-unreadable",
      title: say.diceUnreadable.title,
      text: say.diceUnreadable.text(state.threadId, post, reason),
    };
  },
  unreadablePost(state: Duel, key: string, post: string, problem: string): PollHibouDraft {
    return {
      key: `unreadable-post.${key}`,
      kind: "forumactif.post-unreadable",
      title: say.unreadablePost.title,
      text: say.unreadablePost.text(state.threadId, post, problem),
    };
  },
  refused(state: Duel, postId: string, post: string, message: string): PollHibouDraft {
    return {
      key: `refused.${postId}`,
      kind: "forumactif.post-refused",
      title: say.postRefused.title,
      text: say.postRefused.text(state.threadId, post, message),
    };
  },
};

/** What naming a post takes: who wrote it, and when. */
type NamedPost = Pick<TopicPost, "postId" | "authorName" | "createdAt">;

/**
 * How the poller's hiboux name the posts of the pages it read: by author and time in the thread,
 * in the board's time zone (« le message d'Alice Dubois de 14 h 02 »), never by id; a post that
 * cannot be read, by its author if shown and the readable post before it.
 */
export class PostNames {
  private readonly posts: ReadonlyMap<string, NamedPost>;

  /** `posts`: the pages' posts and the changes found in them (a deletion is on no page). */
  constructor(
    posts: Iterable<NamedPost>,
    private readonly now: string,
    private readonly timeZone: string,
  ) {
    this.posts = new Map([...posts].map((post) => [post.postId, post]));
  }

  of(postId: string): string {
    const post = this.posts.get(postId);
    return post === undefined
      ? say.post(null, "")
      : say.post(post.authorName, postTime(post.createdAt, this.now, this.timeZone));
  }

  ofUnreadable(post: UnreadablePost): string {
    return say.postAfter(post.authorName, post.after === null ? null : this.of(post.after));
  }
}

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
