/**
 * Posts whose thread shows their time to the minute only (Forumactif): the duelist gets the
 * benefit of the doubt against what happened outside the thread in that minute (CONTRACT.md 4.4).
 *
 *   10:05:00            top on the desk 10:05:40            deadline 10:05:50      10:05:59.999
 *      |──────────────────────────|──────────────────────────────|─────────────────────|
 *      ▲ a post shown « 10:05 » sits here: before the top (a salute is no turn out of
 *        order) and before its deadline (in time); a spell, which before the top would
 *        disqualify, sits after a top of its minute given outside the thread        ▲
 *
 * Inside the thread the page's order decides: a top posted in the thread is itself a post of
 * its minute, and posts of one instant keep the thread's order (replay.ts).
 */
import { assess } from "./assess.js";
import type { PostInput } from "./commands.js";
import { type DuelState, duelistOf, type Turn } from "./state.js";

const MINUTE_MS = 60_000;

/** The start of the minute an instant falls in, ISO. */
export function minuteOf(iso: string): string {
  const ms = Date.parse(iso);
  return new Date(ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS)).toISOString();
}

/** Whether the first turn started (the top) in the minute that starts at `minute`, by a decision outside the thread. */
function toppedOutsideIn(turn: Turn, minute: string): boolean {
  // A top posted in the thread is a post of its minute: it starts it, and the thread's order decides.
  return turn.number === 1 && minuteOf(turn.startedAt) === minute && turn.startedAt !== minute;
}

/**
 * The instant a post sits at in the duel's order: its own time, or, shown to the minute only, the
 * start of that minute, except a spell after a top given outside the thread in its minute, which
 * sits at the minute's end. `state` is the duel as the post finds it (absent: the minute's start).
 */
export function postInstant(post: PostInput, state?: DuelState): string {
  if (!post.shownToTheMinute) return post.createdAt;
  const minute = minuteOf(post.createdAt);
  if (state?.status !== "active" || !toppedOutsideIn(state.turn, minute)) return minute;
  const duelist = duelistOf(state, post.authorId);
  if (duelist === undefined) return minute;
  const a = assess(state, duelist, { ...post, createdAt: minute, dice: post.serverDice });
  const casts = a.spell !== null || a.unlistedSpells.length > 0 || a.particularities.length > 0;
  return casts ? new Date(Date.parse(minute) + MINUTE_MS - 1).toISOString() : minute;
}
