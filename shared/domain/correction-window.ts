import type { TimerSpec } from "../ports/scheduler.js";
import { addDuration } from "../time/duration.js";
import type { Duel, DuelState, StoredPost } from "./state.js";
import { timersOf } from "./timers.js";

/** The end of a post's correction window: 30 minutes (the ruleset's) from when it was posted. */
export function correctionUntil(state: Duel, post: Pick<StoredPost, "createdAt">): string {
  return addDuration(post.createdAt, state.ruleset.delays.correction);
}

/**
 * Whether a post's correction window had already closed when the system received it (a delivery
 * delayed, a topic read late). counts the window "from the moment they posted": it ran in the
 * thread's time whether or not the post had reached us, so the decider opens it as for any post
 * (the right is spent) and its end is already due; only the invitation is left out, no hibou asking
 * for a correction in the past. The receiving time is part of the stored input, so a replay decides
 * and tells the same.
 */
export function closedOnArrival(post: StoredPost, until: string): boolean {
  return post.receivedAt !== undefined && Date.parse(until) <= Date.parse(post.receivedAt);
}

/**
 * The correction windows of `state` whose end is due by `now`: fired at once by whoever received
 * their post (shared/app/post-intake.ts), as their own timer inputs at the window's end, so the
 * action fault applies now rather than at the scheduler's next run, and a correction posted in time
 * in the thread that arrives later still takes its place before that end (CONTRACT.md 4.3).
 */
export function correctionsDue(state: DuelState, now: string): TimerSpec[] {
  return timersOf(state).filter((t) => t.kind === "correction" && Date.parse(t.at) <= Date.parse(now));
}
