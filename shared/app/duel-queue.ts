import { compareOrder, type InputOrder } from "../domain/input-order.js";

/** Work waiting for its duel: a post has its place in the thread (CONTRACT.md 4.3), any other command none. */
export interface QueuedWork {
  readonly order: InputOrder | undefined;
}

/**
 * A duel's work within this process, one batch at a time, so that concurrent deliveries for one
 * duel wait their turn instead of all reading the same version and all but one losing the commit.
 * Across processes the version condition of the commit stays the guarantee; this only spares a
 * process from racing itself.
 *
 * Work waits in arrival order, except that posts waiting together are taken together, in the
 * thread's order: a burst of shuffled posts is then decided mostly in order (few arrive "late"
 * and cost a replay), and its posts can be committed together. A post never overtakes a command
 * (a referee decision, a timer) that came before it, and commands are taken one at a time.
 *
 * ```
 * waiting:  post 12   post 10   post 11   timer   post 9
 * batches:  [post 10, post 11, post 12]   [timer]   [post 9]
 * ```
 *
 * `run` must settle each piece of work it is given (it answers its callers), and never throw.
 */
export class DuelQueue<W extends QueuedWork> {
  private readonly lanes = new Map<string, W[]>();

  constructor(private readonly run: (duelId: string, batch: readonly W[]) => Promise<void>) {}

  /** Queues work for the duel; it runs once the work before it is done. */
  add(duelId: string, work: W): void {
    const waiting = this.lanes.get(duelId);
    if (waiting) {
      waiting.push(work);
      return;
    }
    this.lanes.set(duelId, [work]);
    // Work arriving on a quiet duel starts once the deliveries received in the same turn of the
    // event loop have queued too, so that a burst starts from its earliest post.
    setImmediate(() => void this.drain(duelId));
  }

  private async drain(duelId: string): Promise<void> {
    for (;;) {
      const waiting = this.lanes.get(duelId) ?? [];
      const batch = nextBatch(waiting);
      if (batch.length === 0) break;
      try {
        await this.run(duelId, batch);
      } catch {
        // `run` answers its work's callers itself; the duel's next work must not wait forever.
      }
    }
    this.lanes.delete(duelId);
  }
}

/**
 * Takes the next batch out of `waiting`: the first command alone, or every post at the head (up to
 * the first command) in the thread's order, arrival order between equals.
 */
export function nextBatch<W extends QueuedWork>(waiting: W[]): W[] {
  const first = waiting[0];
  if (first === undefined) return [];
  if (first.order === undefined) return waiting.splice(0, 1);
  let end = 1;
  while (end < waiting.length && waiting[end]?.order !== undefined) end++;
  const posts = waiting.splice(0, end).map((work, arrival) => ({ work, arrival }));
  posts.sort((a, b) => {
    const x = a.work.order;
    const y = b.work.order;
    return (x && y ? compareOrder(x, y) : 0) || a.arrival - b.arrival;
  });
  return posts.map((p) => p.work);
}
