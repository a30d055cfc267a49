import { formatDuration } from "../texts/format.js";
import { durationMs, isDuration } from "../time/duration.js";

/**
 * Time to write one turn: a post of 100 words at least (R-6.3) with its action block. A floor of
 * the reply window, not a rule of the club's texts: without one, `P0D` or `PT1S` was accepted and a
 * single clock tick after the top recorded absence after absence until disqualification.
 */
const WRITING_TIME_MS = 30 * 60_000;

/**
 * The shortest reply window a duel or a ruleset may set (R-6.1): the correction window (R-6.7)
 * plus the time to write a turn. The next duelist's deadline counts from the previous post
 * (R-6.1), and when that post opens a correction window the next duelist's post waits behind it
 * (R-6.7) and they cannot know what hit them until it closes: the window must outlast it, with
 * time left to write. With the club's rules (30 minutes) that is one hour. A dérogation (R-6.2a)
 * only lengthens a deadline and keeps its own limit.
 */
export function minReplyWindowMs(correctionDelay: string): number {
  const correction = isDuration(correctionDelay) ? durationMs(correctionDelay) : 0;
  return correction + WRITING_TIME_MS;
}

/** A length in milliseconds as an ISO-8601 duration of hours and minutes (`PT1H`, `PT24H30M`). */
function isoOf(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ""}${m || !h ? `${m}M` : ""}`;
}

/**
 * The one check of a reply window, wherever one is accepted (`POST /duels`, the desk's form, the
 * thread's `[arbitre]duel`, a forum's ruleset): null when it is a duration at least
 * `minReplyWindowMs` long, else the shortest one accepted, in French ("1 heure").
 */
export function replyWindowTooShort(window: string, correctionDelay: string): string | null {
  const min = minReplyWindowMs(correctionDelay);
  if (isDuration(window) && durationMs(window) >= min) return null;
  return formatDuration(isoOf(min));
}
