/** Least time between two pings of one topic that are acted on, per process. */
export const PING_EVERY_MS = 10_000;
/** Topics remembered per forum: a flood of made-up ids pushes out only that forum's oldest. */
const TOPICS_PER_FORUM = 1000;
/** Forums remembered: only those that read a board are, so this is far more than there are. */
const FORUMS = 1000;
/** Pings a caller may send per window before waiting (more than a reader's browser sends). */
const PINGS_PER_CALLER = 30;
const CALLER_WINDOW_MS = 10 * 60 * 1000;
/** Callers remembered. */
const CALLERS = 10_000;

/** A map that keeps at most `max` entries, forgetting the least recently set one. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
  get size(): number {
    return this.entries.size;
  }
}

/**
 * What one address may ask of a public route in a window, in memory of one process: past `max`,
 * its requests wait for the window's end, unanswered by storage. Bounded in addresses remembered.
 */
export class AddressBudget {
  private readonly callers = new Recent<{ since: number; spent: number }>(CALLERS);

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one request of `caller`'s budget; answers the milliseconds to wait (0: go ahead). */
  spend(caller: string): number {
    const now = this.now();
    const was = this.callers.get(caller);
    const current = was && now - was.since < this.windowMs ? was : { since: now, spent: 0 };
    if (current.spent >= this.max) return current.since + this.windowMs - now;
    this.callers.set(caller, { since: current.since, spent: current.spent + 1 });
    return 0;
  }
}

/**
 * The ping route's limits, in memory of one process (CONTRACT.md 4.4). A topic is acted on once per
 * {@link PING_EVERY_MS}, watched or not, so that the answer never tells which topics are watched.
 * The memory is bounded per forum and in forums and callers, each forgetting its oldest entry, so a
 * flood of made-up ids pushes out only what it brought. Every ping costs its caller (its address),
 * made-up topics as much as watched ones (a cost on unwatched ones alone would tell them apart):
 * past a few in a window, that caller's pings wait, unread, and cost the storage nothing.
 */
export class PingLimiter {
  private readonly forums = new Recent<Recent<number>>(FORUMS);
  private readonly callers = new Recent<{ since: number; pings: number }>(CALLERS);

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds before this caller may ping again (0: now), or before this topic may. */
  wait(forumId: string, topicId: string, caller: string): number {
    const now = this.now();
    const spent = this.callers.get(caller);
    if (spent && now - spent.since < CALLER_WINDOW_MS && spent.pings >= PINGS_PER_CALLER) {
      return spent.since + CALLER_WINDOW_MS - now;
    }
    const last = this.forums.get(forumId)?.get(topicId);
    return last !== undefined && now - last < PING_EVERY_MS ? last + PING_EVERY_MS - now : 0;
  }

  /** Charges a caller for a ping. */
  charge(caller: string): void {
    const now = this.now();
    const spent = this.callers.get(caller);
    const current = spent && now - spent.since < CALLER_WINDOW_MS ? spent : { since: now, pings: 0 };
    this.callers.set(caller, { since: current.since, pings: current.pings + 1 });
  }

  /** Remembers a ping of a forum that reads a board, watched topic or not. */
  pinged(forumId: string, topicId: string): void {
    let topics = this.forums.get(forumId);
    if (!topics) {
      topics = new Recent<number>(TOPICS_PER_FORUM);
      this.forums.set(forumId, topics);
    }
    topics.set(topicId, this.now());
  }

  /** Topics remembered for a forum (for tests of the bound). */
  remembered(forumId: string): number {
    return this.forums.get(forumId)?.size ?? 0;
  }
}
