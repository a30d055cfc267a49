import type { DuelState } from "../domain/state.js";
import type { DuelCommit } from "../ports/duel-store.js";

/** What this process last committed to one duel, and the delivery keys it wrote, by post. */
interface DuelRecord {
  version: number;
  state: DuelState;
  readonly keys: Map<string, Set<string>>;
  keyCount: number;
}

/**
 * A small in-process record of the deliveries this process has committed, so that a repeated
 * delivery (a forum's retry, a second delivery of the same post and content) is answered
 * `duplicate` without reading the duel, and of the version it last wrote, so that a duel read
 * before that commit is known to be stale without trying to write it.
 *
 * It mirrors what the store already refuses: a post's delivery keys are written with its mark,
 * only ever added, and any of them found again makes the store refuse the commit as a duplicate
 * (`commit.ts`). So a key here is a key there. Only commits that succeeded are recorded, and what
 * is forgotten (beyond the bounds below, or in another process) is found in the store as before.
 */
export class RecentDeliveries {
  private readonly duels = new Map<string, DuelRecord>();

  constructor(
    private readonly bounds: { readonly duels: number; readonly keysPerDuel: number } = {
      duels: 256,
      keysPerDuel: 4096,
    },
  ) {}

  /** Whether this post's delivery carries a key already committed for it: a repeat. */
  seen(duelId: string, postId: string, keys: readonly string[]): boolean {
    const known = this.duels.get(duelId)?.keys.get(postId);
    return known !== undefined && keys.some((key) => known.has(key));
  }

  /** The version and state this process last committed for the duel, if it remembers one. */
  latest(duelId: string): { readonly version: number; readonly state: DuelState } | undefined {
    return this.duels.get(duelId);
  }

  /** Records a commit that succeeded: its version, the state it stored, and its deliveries' keys. */
  committed(commit: DuelCommit, state: DuelState): void {
    const previous = this.duels.get(commit.duelId);
    // Most recently used last: the first entry is the one to forget when there are too many.
    this.duels.delete(commit.duelId);
    const record: DuelRecord = previous ?? { version: 0, state, keys: new Map(), keyCount: 0 };
    if (commit.snapshot.version > record.version) {
      record.version = commit.snapshot.version;
      record.state = state;
    }
    for (const delivery of commit.deliveries) {
      if (delivery.keys.length === 0) continue;
      const keys = record.keys.get(delivery.postId) ?? new Set<string>();
      record.keys.delete(delivery.postId);
      record.keys.set(delivery.postId, keys);
      for (const key of delivery.keys) {
        if (keys.has(key)) continue;
        keys.add(key);
        record.keyCount++;
      }
    }
    // Forget the posts least recently written first: their repeats are still refused by the store.
    for (const [postId, keys] of record.keys) {
      if (record.keyCount <= this.bounds.keysPerDuel) break;
      record.keys.delete(postId);
      record.keyCount -= keys.size;
    }
    this.duels.set(commit.duelId, record);
    for (const duelId of this.duels.keys()) {
      if (this.duels.size <= this.bounds.duels) break;
      this.duels.delete(duelId);
    }
  }
}
