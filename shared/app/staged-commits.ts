import { compareOrder, latestOrder, sameOrder } from "../domain/input-order.js";
import type { PostMark } from "../domain/state.js";
import { ConcurrencyError, DuplicateError } from "../errors.js";
import { sameDedupKey } from "../ports/dedup-key.js";
import type {
  DecidedCommit,
  DuelCommit,
  DuelRead,
  DuelRepository,
  LoadedDuel,
  StoredInput,
} from "../ports/duel-repository.js";
import type { DecisionStore } from "./decision.js";

/** The club record the last staged decision that changed it wrote (CONTRACT.md 8). */
function clubOf(staged: readonly DecidedCommit[]): Pick<DecidedCommit, "club"> {
  const club = staged.findLast((c) => c.club !== undefined)?.club;
  return club ? { club } : {};
}

/**
 * Several decisions of one duel made one after the other as if each had been committed, then
 * written as one commit (group commit): a burst of posts for one duel costs one read and one
 * transaction instead of one of each per post, and each post is decided exactly as it would have
 * been alone (same state before it, same events, same hiboux, same version numbers).
 *
 * Reads see the duel as read once, with the staged decisions over it: each staged snapshot holds
 * the marks of every post read so far, as the decisions left them. The merged commit carries what
 * was read from the store, which the repository compares the last snapshot with. A staged commit that would repeat a staged
 * delivery or input key is refused here as the store would refuse it; what only the store knows
 * (another process's writes) it refuses at the end, when the merged commit is conditioned on the
 * version first read.
 */
export class StagedCommits implements DecisionStore {
  private readonly staged: DecidedCommit[] = [];
  private storedInputs: Promise<StoredInput[]> | undefined;
  /** Every mark read from the store apart from the snapshot so far, as stored: what the merged commit read. */
  private readonly marksRead: Record<string, PostMark>;
  /** The marks read from the store since the last staged decision: what the next one read beyond it. */
  private freshReads: Record<string, PostMark> = {};
  private storedMarks: Promise<Record<string, PostMark>> | undefined;

  constructor(
    private readonly store: DuelRepository,
    private readonly first: LoadedDuel,
  ) {
    this.marksRead = { ...first.marks };
  }

  get maxCommitItems(): number {
    return this.store.maxCommitItems;
  }

  /** The items the next decision's commit makes alone, on the duel as that decision read it. */
  commitItems(commit: DecidedCommit): number {
    const last = this.staged.at(-1);
    const read: DuelRead = last
      ? { duel: this.loaded().duel, marks: { ...this.freshReads, ...last.snapshot.state.posts } }
      : { duel: this.first.duel, marks: this.marksRead };
    return this.store.commitItems({ ...commit, read });
  }

  /** The duel as the next decision reads it: as first read, with the staged commits applied. */
  loaded(): LoadedDuel {
    const last = this.staged.at(-1);
    if (!last) return this.first;
    const read = this.first.duel?.lastOrder;
    const orders = this.staged.flatMap((c) => c.inputs.map((i) => i.order));
    const lastOrder = latestOrder([...(read ? [read] : []), ...orders]);
    // The last snapshot holds every mark read so far, as the staged decisions left them.
    return { ...this.first, duel: { ...last.snapshot, lastOrder }, marks: {} };
  }

  async loadPostMarks(duelId: string, postIds: readonly string[]): Promise<Record<string, PostMark>> {
    const known = this.staged.at(-1)?.snapshot.state.posts ?? {};
    const out: Record<string, PostMark> = {};
    const unknown: string[] = [];
    for (const id of postIds) {
      const mark = known[id];
      if (mark !== undefined) out[id] = mark;
      else if (!this.replayed() && !this.first.postsRead.includes(id)) unknown.push(id);
    }
    if (unknown.length === 0) return out;
    const read = await this.store.loadPostMarks(duelId, unknown);
    Object.assign(this.marksRead, read);
    Object.assign(this.freshReads, read);
    return { ...out, ...read };
  }

  private async listInputs(duelId: string): Promise<StoredInput[]> {
    this.storedInputs ??= this.store.listInputs(duelId);
    // A staged input takes the place of the one stored at its order (a revised verdict).
    const staged = this.staged.flatMap((c) => c.inputs);
    const stored = (await this.storedInputs).filter((i) => !staged.some((s) => sameOrder(s.order, i.order)));
    const inputs = staged.filter(
      (input, i) => !staged.slice(i + 1).some((s) => sameOrder(s.order, input.order)),
    );
    return [...stored, ...inputs].sort((a, b) => compareOrder(a.order, b.order));
  }

  /**
   * The inputs and every mark, read together: one round trip for a late post, at the price of the
   * marks' read for a late post already stored (a duplicate, found in the inputs).
   */
  async readWholeDuel(duelId: string): Promise<StoredInput[]> {
    const [inputs] = await Promise.all([this.listInputs(duelId), this.listPostMarks(duelId)]);
    return inputs;
  }

  private async listPostMarks(duelId: string): Promise<Record<string, PostMark>> {
    const last = this.staged.at(-1)?.snapshot.state.posts;
    if (this.replayed() && last) return { ...last };
    this.storedMarks ??= this.store.listPostMarks(duelId);
    const stored = await this.storedMarks;
    Object.assign(this.marksRead, stored);
    Object.assign(this.freshReads, stored);
    return { ...stored, ...last };
  }

  async commit(commit: DecidedCommit): Promise<void> {
    const version = this.staged.at(-1)?.snapshot.version ?? this.first.duel?.version ?? 0;
    if (commit.expectedVersion !== version) throw new ConcurrencyError(commit.duelId);
    const inputs = this.staged.flatMap((c) => c.inputs);
    for (const input of commit.inputs) {
      const taken = inputs.find((i) => sameOrder(i.order, input.order) && i.inputId !== input.inputId);
      if (taken !== undefined) throw new DuplicateError(input.inputId);
    }
    // A delivery's keys are recorded on its post's item, other keys on their own, as the store
    // records them: a key repeats only where the store would find it again.
    const keysOf = (c: DecidedCommit) => [
      ...c.dedupKeys.map((key) => ({ postId: undefined, key })),
      ...c.deliveries.flatMap((d) => d.keys.map((key) => ({ postId: d.postId, key }))),
    ];
    const seen = this.staged.flatMap(keysOf);
    const repeated = keysOf(commit).find((k) =>
      seen.some((s) => s.postId === k.postId && sameDedupKey(s.key, k.key)),
    );
    if (repeated !== undefined) throw new DuplicateError(`${repeated.key.kind} key of ${commit.duelId}`);
    this.staged.push(commit);
    this.freshReads = {};
  }

  /** How many decisions are staged. */
  get size(): number {
    return this.staged.length;
  }

  /** Takes back the last staged decision (it made the merged commit too large). */
  dropLast(): void {
    this.staged.pop();
  }

  /** The staged decisions as one commit, conditioned on the version first read; null if none. */
  merged(): DuelCommit | null {
    const first = this.staged[0];
    const last = this.staged.at(-1);
    if (!first || !last) return null;
    return {
      ...last,
      expectedVersion: first.expectedVersion,
      read: { duel: this.first.duel, marks: { ...this.marksRead } },
      replaysDuel: this.replayed(),
      inputs: this.staged.flatMap((c) => c.inputs),
      dedupKeys: this.staged.flatMap((c) => c.dedupKeys),
      deliveries: this.staged.flatMap((c) => c.deliveries),
      outbox: this.staged.flatMap((c) => c.outbox),
      duelists: this.staged.flatMap((c) => c.duelists),
      accounts: this.staged.flatMap((c) => c.accounts ?? []),
      ...clubOf(this.staged),
    };
  }

  /** A staged decision replayed the duel: its snapshot holds every mark of the duel. */
  private replayed(): boolean {
    return this.staged.some((c) => c.replaysDuel === true);
  }
}
