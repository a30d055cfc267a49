import { durationMs } from "../time/duration.js";

/** When a watched topic's chain reads next, and which of its reads read the topic whole. */

const MAX_BACKOFF_MS = 3_600_000;

/**
 * How often each watched topic is read whole at the least, whatever its section's list says: an
 * edit or the deletion of a post before the last changes no last post, so the list cannot show it.
 */
export const WHOLE_READ_EVERY_MS = 30 * 60_000;

/**
 * Whether this read of the chain is one of the topic's whole reads: one in every
 * WHOLE_READ_EVERY_MS of the grid, each topic on its own instant so that the whole reads of a
 * board's topics do not all fall on the same poll.
 */
export function wholeReadDue(duelId: string, now: Date, pollEvery: string): boolean {
  const every = durationMs(pollEvery);
  const round = Math.max(1, Math.round(WHOLE_READ_EVERY_MS / every));
  let stagger = 0;
  for (const char of duelId) stagger = (stagger * 31 + char.charCodeAt(0)) % round;
  return (Math.floor(now.getTime() / every) + stagger) % round === 0;
}

/**
 * The next read of a chain, `wait` from now, brought back to the forum's interval grid: two chains
 * of one topic (a lost one re-armed while it still ran) name the same reads and merge into one.
 */
export function onGrid(now: Date, wait: number, pollEvery: string): string {
  const every = durationMs(pollEvery);
  const at = now.getTime() + wait;
  return new Date(at - (at % every)).toISOString();
}

/** The next read: the forum's interval, doubled after each failure in a row (an hour at most). */
export function nextWait(pollEvery: string, failures: number, throttled: boolean): number {
  const every = durationMs(pollEvery);
  if (failures === 0) return every;
  const backoff = every * 2 ** Math.min(failures - (throttled ? 0 : 1), 6);
  return Math.min(Math.max(backoff, every), Math.max(every, MAX_BACKOFF_MS));
}
