/** One piece of work waiting for its duel. */
interface Waiting {
  /** Its place in the thread (CONTRACT.md 4.3), for a post; absent for any other command. */
  readonly order: string | undefined;
  readonly start: () => void;
}

/**
 * Runs a duel's work one piece at a time within this process, so that concurrent deliveries for
 * one duel wait their turn instead of all reading the same version and all but one losing the
 * commit. Across processes the version condition of the commit stays the guarantee; this only
 * spares a process from racing itself.
 *
 * Work waits in arrival order, except that a run of posts waiting together is served in the
 * thread's order: a burst of shuffled posts is then applied mostly in order, and few of them
 * arrive "late" and cost a replay. A post never overtakes a command (a referee decision, a
 * timer) that came before it, so commands keep their arrival order relative to posts.
 *
 * ```
 * waiting:  post 12   post 10   post 11   timer   post 9
 * served:   post 10   post 11   post 12   timer   post 9
 * ```
 */
export class DuelQueue {
  private readonly lanes = new Map<string, { running: boolean; waiting: Waiting[] }>();

  /** Runs `work` once every earlier piece of this duel's work is done; `order` as above. */
  async run<T>(duelId: string, order: string | undefined, work: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(duelId);
    if (!lane) {
      lane = { running: false, waiting: [] };
      this.lanes.set(duelId, lane);
    }
    const queued = lane;
    const turn = new Promise<void>((start) => queued.waiting.push({ order, start }));
    if (!lane.running) {
      lane.running = true;
      // Work arriving on a quiet duel starts once the deliveries received in the same turn of the
      // event loop have queued too, so that a burst starts from its earliest post.
      setImmediate(() => this.next(duelId, queued));
    }
    await turn;
    try {
      return await work();
    } finally {
      this.next(duelId, lane);
    }
  }

  private next(duelId: string, lane: { running: boolean; waiting: Waiting[] }): void {
    const at = nextIndex(lane.waiting);
    const [chosen] = lane.waiting.splice(at, 1);
    if (chosen) {
      // The lane stays running: the chosen work takes it over without a gap another could enter.
      chosen.start();
      return;
    }
    lane.running = false;
    this.lanes.delete(duelId);
  }
}

/**
 * The waiting work to start next: the first to arrive, or, when that is a post, the earliest post
 * in the thread among the posts that arrived with it (before any other command). Ties keep arrival.
 */
export function nextIndex(waiting: readonly { readonly order: string | undefined }[]): number {
  let best = 0;
  const first = waiting[0]?.order;
  if (first === undefined) return best;
  let bestOrder = first;
  for (let i = 1; i < waiting.length; i++) {
    const order = waiting[i]?.order;
    if (order === undefined) break;
    if (order < bestOrder) {
      best = i;
      bestOrder = order;
    }
  }
  return best;
}
