import type { PostMark } from "../../domain/state.js";
import type { LoadedDuel } from "../../ports/duel-repository.js";
import type { ForumAccount } from "../../ports/duelist-store.js";

/**
 * Post marks and authors' accounts one read asks for at most (a BatchGetItem holds 100 keys, with
 * the forum and the duel).
 */
const MAX_POSTS_PER_READ = 90;

/** What one read asks for besides the forum and the duel. */
export interface ReadKeys {
  readonly postIds: readonly string[];
  readonly authorIds: readonly string[];
}

/** One read of a forum and a duel, for the posts of every caller that joined it. */
interface Group {
  readonly forumId: string;
  readonly duelId: string;
  readonly postIds: Set<string>;
  readonly authorIds: Set<string>;
  /** Set once sent: until then callers may add their posts to it. */
  sent: boolean;
  readonly answer: Promise<LoadedDuel>;
}

/**
 * Reads of one duel asked at the same moment, made as one: a burst of deliveries for a duel (a
 * forum retrying, several posts at once) asks for the same forum and duel and each its post's
 * mark, and one consistent read answers them all instead of hundreds queueing at the table.
 * Reads asked in the same turn of the event loop are sent together, for all their posts; a read
 * asked while one with its posts is in flight joins it.
 *
 * A shared read is as fresh as a read of each caller's own, because a caller only joins a read
 * that no write of this process has overtaken: a commit to the duel, or a change of the forum,
 * forgets the reads in flight that it concerns (they still answer those already waiting), so a
 * caller arriving after that write has a read of its own and sees it. A write of another process is
 * not seen any sooner by a read of one's own either; the version condition of the commit is what
 * catches it. Each caller gets the marks of its own posts only, as if it had read alone.
 */
export class ReadsInFlight {
  private readonly groups = new Map<string, Group[]>();

  /**
   * The forum, the duel, these posts' marks and these authors' accounts, read with every other
   * caller of this moment.
   */
  async share(
    forumId: string,
    duelId: string,
    postIds: readonly string[],
    read: (keys: ReadKeys) => Promise<LoadedDuel>,
    authorIds: readonly string[] = [],
  ): Promise<LoadedDuel> {
    const key = JSON.stringify([forumId, duelId]);
    const groups = this.groups.get(key) ?? [];
    const wanted = [...new Set(postIds)];
    const authors = [...new Set(authorIds)];
    let group = groups.find(
      (g) =>
        (g.sent && wanted.every((id) => g.postIds.has(id)) && authors.every((id) => g.authorIds.has(id))) ||
        (!g.sent && g.postIds.size + g.authorIds.size + wanted.length + authors.length <= MAX_POSTS_PER_READ),
    );
    if (!group) {
      group = this.open(key, forumId, duelId, read);
      groups.push(group);
      this.groups.set(key, groups);
    }
    for (const id of wanted) group.postIds.add(id);
    for (const id of authors) group.authorIds.add(id);
    return ownView(await group.answer, wanted, authors);
  }

  /** A write to the duel (committed or not: its outcome may be unknown) ends sharing its reads. */
  wroteDuel(duelId: string): void {
    this.forget((g) => g.duelId === duelId);
  }

  /** A change of the forum (its secrets, its referees) ends sharing the reads that include it. */
  wroteForum(forumId: string): void {
    this.forget((g) => g.forumId === forumId);
  }

  /** A group that reads at the end of this turn of the event loop, for the posts added until then. */
  private open(
    key: string,
    forumId: string,
    duelId: string,
    read: (keys: ReadKeys) => Promise<LoadedDuel>,
  ): Group {
    let start = () => {};
    const answer = new Promise<LoadedDuel>((resolve, reject) => {
      start = () => {
        group.sent = true;
        read({ postIds: [...group.postIds], authorIds: [...group.authorIds] }).then(resolve, reject);
      };
    });
    const group: Group = { forumId, duelId, postIds: new Set(), authorIds: new Set(), sent: false, answer };
    setImmediate(start);
    const done = () => this.remove(key, group);
    answer.then(done, done);
    return group;
  }

  /** Reads in flight that `overtaken` names are joined no more (pending ones read after the write). */
  private forget(overtaken: (g: Group) => boolean): void {
    for (const [key, groups] of this.groups) {
      const kept = groups.filter((g) => !(g.sent && overtaken(g)));
      if (kept.length > 0) this.groups.set(key, kept);
      else this.groups.delete(key);
    }
  }

  private remove(key: string, group: Group): void {
    const kept = (this.groups.get(key) ?? []).filter((g) => g !== group);
    if (kept.length > 0) this.groups.set(key, kept);
    else this.groups.delete(key);
  }
}

/** What a caller alone would have read: the marks of its own posts, the accounts of its own authors. */
function ownView(loaded: LoadedDuel, postIds: readonly string[], authorIds: readonly string[]): LoadedDuel {
  const marks: Record<string, PostMark> = {};
  for (const id of postIds) {
    const mark = loaded.marks[id];
    if (mark !== undefined) marks[id] = mark;
  }
  if (authorIds.length === 0) {
    const { accounts: _, ...rest } = loaded;
    return { ...rest, postsRead: postIds, marks };
  }
  const accounts: Record<string, ForumAccount | null> = {};
  for (const id of authorIds) accounts[id] = loaded.accounts?.[id] ?? null;
  return { ...loaded, postsRead: postIds, marks, accounts };
}
