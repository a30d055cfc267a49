import {
  ConcurrencyError,
  type DuelCommit,
  type DuelStore,
  DuplicateError,
  type LoadedDuel,
  type StoredInput,
} from "../ports/duel-store.js";
import type { DecisionStore } from "./decision.js";

/**
 * Several decisions of one duel made one after the other as if each had been committed, then
 * written as one commit (group commit): a burst of posts for one duel costs one read and one
 * transaction instead of one of each per post, and each post is decided exactly as it would have
 * been alone (same state before it, same events, same hiboux, same version numbers).
 *
 * Reads see the duel as read once, with the staged decisions over it; the staged commits merge the
 * way one transaction writes them (`commit.ts`: the last write of an item wins, dedup keys add up).
 * A staged commit that would repeat a staged delivery or input key is refused here as the store
 * would refuse it; what only the store knows (another process's writes) it refuses at the end, when
 * the merged commit is conditioned on the version first read.
 */
export class StagedCommits implements DecisionStore {
  private readonly staged: DuelCommit[] = [];
  private storedInputs: Promise<StoredInput[]> | undefined;
  private storedMarks: Promise<Record<string, string>> | undefined;

  constructor(
    private readonly store: DuelStore,
    private readonly first: LoadedDuel,
  ) {}

  /** The duel as the next decision reads it: as first read, with the staged commits applied. */
  loaded(): LoadedDuel {
    const last = this.staged.at(-1);
    if (!last) return this.first;
    // The marks the first read brought, as the staged commits left them.
    const marks: Record<string, string> = { ...this.first.marks };
    for (const [postId, mark] of this.stagedMarks()) {
      if (mark === null) delete marks[postId];
      else marks[postId] = mark;
    }
    return { ...this.first, duel: last.snapshot, marks };
  }

  async loadPostMarks(duelId: string, postIds: readonly string[]): Promise<Record<string, string>> {
    const staged = this.stagedMarks();
    const unknown = postIds.filter((id) => !staged.has(id) && !this.first.postsRead.includes(id));
    const read = unknown.length > 0 ? await this.store.loadPostMarks(duelId, unknown) : {};
    const out: Record<string, string> = {};
    for (const id of postIds) {
      const mark = staged.has(id) ? staged.get(id) : (this.first.marks[id] ?? read[id]);
      if (typeof mark === "string") out[id] = mark;
    }
    return out;
  }

  async listInputs(duelId: string): Promise<StoredInput[]> {
    this.storedInputs ??= this.store.listInputs(duelId);
    const byKey = new Map((await this.storedInputs).map((i) => [i.key, i]));
    for (const commit of this.staged) for (const input of commit.inputs) byKey.set(input.key, input);
    return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async listPostMarks(duelId: string): Promise<Record<string, string>> {
    this.storedMarks ??= this.store.listPostMarks(duelId);
    const marks = { ...(await this.storedMarks) };
    for (const [postId, mark] of this.stagedMarks()) {
      if (mark === null) delete marks[postId];
      else marks[postId] = mark;
    }
    return marks;
  }

  async commit(commit: DuelCommit): Promise<void> {
    const version = this.staged.at(-1)?.snapshot.version ?? this.first.duel?.version ?? 0;
    if (commit.expectedVersion !== version) throw new ConcurrencyError(commit.duelId);
    const inputs = new Map(this.staged.flatMap((c) => c.inputs.map((i) => [i.key, i.inputId] as const)));
    for (const input of commit.inputs) {
      const taken = inputs.get(input.key);
      if (taken !== undefined && taken !== input.inputId) throw new DuplicateError(input.key);
    }
    // A delivery's keys are recorded on its post's item, other keys on their own (`commit.ts`).
    const keysOf = (c: DuelCommit) => [
      ...c.dedupKeys,
      ...c.marks.flatMap((m) => (m.seen ?? []).map((key) => `${m.postId}\n${key}`)),
    ];
    const seen = new Set(this.staged.flatMap(keysOf));
    const repeated = keysOf(commit).find((key) => seen.has(key));
    if (repeated !== undefined) throw new DuplicateError(repeated);
    this.staged.push(commit);
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
      inputs: this.staged.flatMap((c) => c.inputs),
      dedupKeys: this.staged.flatMap((c) => c.dedupKeys),
      marks: this.staged.flatMap((c) => c.marks),
      outbox: this.staged.flatMap((c) => c.outbox),
      duelists: this.staged.flatMap((c) => c.duelists),
    };
  }

  /** Each post's mark as the staged commits left it (null: removed), the last write winning. */
  private stagedMarks(): Map<string, string | null> {
    const marks = new Map<string, string | null>();
    for (const commit of this.staged)
      for (const write of commit.marks) if (write.mark !== undefined) marks.set(write.postId, write.mark);
    return marks;
  }
}

/**
 * The items a commit makes in its transaction, as `commit.ts` writes them: the snapshot, the
 * ruleset at worst, each input key, each post mark, each dedup key, each outbox entry and each
 * duelist item once.
 */
export function commitItems(commit: DuelCommit): number {
  const distinct = <T>(values: readonly T[], key: (v: T) => string) => new Set(values.map(key)).size;
  return (
    2 +
    distinct(commit.inputs, (i) => i.key) +
    distinct(commit.marks, (m) => m.postId) +
    new Set(commit.dedupKeys).size +
    distinct(commit.outbox, (e) => `${e.duelId}|${e.createdAt}|${e.id}`) +
    distinct(commit.duelists, (d) => `${d.type}|${d.forumId}|${d.userId}|${d.duelId}`)
  );
}
