import { addDuration } from "../time/duration.js";
import type { Duel, StoredPost } from "./state.js";

/** The end of a post's correction window: 30 minutes (the ruleset's) from when it was posted. */
export function correctionUntil(state: Duel, post: StoredPost): string {
  return addDuration(post.createdAt, state.ruleset.delays.correction);
}

/**
 * Whether a post's correction window had already closed when the system received it (a delivery
 * delayed, a topic read late). counts the window "from the moment they posted": it ran in the
 * thread's time whether or not the post had reached us, so it is recorded as opened and expired at
 * once (the right is spent, the action fault applies now), and no hibou invites a correction in the
 * past. The outcome is then the one of a post received in time and left uncorrected: the same
 * whenever the post arrives (CONTRACT.md 4.3), and the same live and on replay, since the receiving
 * time is part of the stored input.
 */
export function closedOnArrival(post: StoredPost, until: string): boolean {
  return post.receivedAt !== undefined && Date.parse(until) <= Date.parse(post.receivedAt);
}
