/**
 * Identical reads of a duel made at the same moment, shared: a burst of deliveries for one post
 * (a forum retrying, several deliveries of it) asks for the same forum, duel and post mark, and
 * one consistent read answers them all instead of hundreds queueing at the table.
 *
 * A shared read is as fresh as a read of each caller's own, because a caller only joins a read
 * that no write of this process has overtaken: a commit to the duel, or a change of the forum,
 * forgets the reads in flight that it concerns (they still answer those already waiting), so a
 * caller arriving after that write starts a read of its own and sees it. A write of another
 * process is not seen any sooner by a read of one's own either; the version condition of the
 * commit is what catches it.
 */
export class ReadsInFlight<T> {
  private readonly reads = new Map<string, { forumId: string; duelId: string; read: Promise<T> }>();

  /** The read in flight for the same forum, duel and posts, or a new one made by `read`. */
  share(forumId: string, duelId: string, postIds: readonly string[], read: () => Promise<T>): Promise<T> {
    const key = JSON.stringify([forumId, duelId, [...postIds].sort()]);
    const inFlight = this.reads.get(key);
    if (inFlight) return inFlight.read;
    const entry = { forumId, duelId, read: read() };
    this.reads.set(key, entry);
    const done = () => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    };
    entry.read.then(done, done);
    return entry.read;
  }

  /** A write to the duel (committed or not: its outcome may be unknown) ends sharing its reads. */
  wroteDuel(duelId: string): void {
    for (const [key, entry] of this.reads) if (entry.duelId === duelId) this.reads.delete(key);
  }

  /** A change of the forum (its secrets, its referees) ends sharing the reads that include it. */
  wroteForum(forumId: string): void {
    for (const [key, entry] of this.reads) if (entry.forumId === forumId) this.reads.delete(key);
  }
}
