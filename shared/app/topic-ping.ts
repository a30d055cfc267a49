import { forumactifSource, isWatched } from "../forumactif/watched.js";
import type { Clock } from "../ports/clock.js";
import type { DuelRepository } from "../ports/duel-repository.js";
import type { PollStore } from "../ports/poll-store.js";
import { pollTimer, schedulePoll } from "./poll-effects.js";

/**
 * A ping (CONTRACT.md 4.4): brings a watched topic's next read forward to now, at most once a
 * minute per topic (the read's name and its outbox entry are the minute's, so a second ping in the
 * same minute writes nothing new). Says whether the topic was scheduled, is not watched, or the
 * forum reads no Forumactif board. A topic that is not watched costs the same write, one that never
 * takes effect: the answer's time tells nothing either. Apart from the poller, so the webhook function that answers
 * pings carries no page reader.
 */
export async function pingTopic(
  deps: {
    readonly store: Pick<DuelRepository, "loadForumAndDuel">;
    readonly polls: PollStore;
    readonly clock: Clock;
  },
  forumId: string,
  duelId: string,
): Promise<"scheduled" | "unwatched" | "no-board"> {
  const { forum, duel } = await deps.store.loadForumAndDuel(forumId, duelId);
  if (!forumactifSource(forum)) return "no-board";
  const minute = `${deps.clock.now().toISOString().slice(0, 16)}:00.000Z`;
  const read = schedulePoll(pollTimer(duelId, minute, "ping"), minute);
  if (!duel || !isWatched(duel.state.status)) {
    await deps.polls.addNothingLike(read);
    return "unwatched";
  }
  await deps.polls.addOutbox([read]);
  return "scheduled";
}
