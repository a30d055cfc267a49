import { HASH_LENGTH } from "../../domain/decide-post.js";
import type { Duel, PostMark } from "../../domain/state.js";

/*
 * A duel keeps a mark of every post it has seen (`DuelState.posts`), which would make its snapshot
 * grow with the thread. The snapshot item keeps only the marks that inputs about other posts may
 * read or change ("hot"): the posts waiting in the queue or in a correction window. Every mark is
 * stored on its own item too (`POST#<postId>`), and a decision reads the marks it names with the
 * snapshot. Both hold a mark as one compact string: a duel keeps one per post, each byte counts.
 */

const FLAGS = { tampered: 1, deleted: 2, inDuel: 4, valid: 8 } as const;

/** A post mark as stored: one hex flags character, the content hash, then the author's id. */
export function encodeMark(mark: PostMark): string {
  const flags =
    (mark.tampered ? FLAGS.tampered : 0) |
    (mark.deleted ? FLAGS.deleted : 0) |
    (mark.inDuel ? FLAGS.inDuel : 0) |
    (mark.valid ? FLAGS.valid : 0);
  return `${flags.toString(16)}${mark.hash.padEnd(HASH_LENGTH, "_").slice(0, HASH_LENGTH)}${mark.authorId}`;
}

/** A stored mark as the decider keeps it. */
export function decodeMark(raw: string): PostMark {
  const flags = Number.parseInt(raw.slice(0, 1), 16);
  return {
    hash: raw.slice(1, 1 + HASH_LENGTH),
    authorId: raw.slice(1 + HASH_LENGTH),
    tampered: (flags & FLAGS.tampered) !== 0,
    deleted: (flags & FLAGS.deleted) !== 0,
    inDuel: (flags & FLAGS.inDuel) !== 0,
    valid: (flags & FLAGS.valid) !== 0,
  };
}

/** Stored marks by post id, decoded. */
export function decodeMarks(raw: Readonly<Record<string, string>>): Record<string, PostMark> {
  const marks: Record<string, PostMark> = {};
  for (const [postId, mark] of Object.entries(raw)) marks[postId] = decodeMark(mark);
  return marks;
}

/** The posts whose marks stay in the snapshot: queued or in a correction window. */
export function hotPostIds(state: Duel): Set<string> {
  return new Set([...state.queue.map((p) => p.postId), ...state.pending.map((p) => p.post.postId)]);
}

/** The marks the snapshot item keeps: the hot ones, encoded. */
export function snapshotMarks(state: Duel): Record<string, string> {
  const posts: Record<string, string> = {};
  for (const id of hotPostIds(state)) {
    const mark = state.posts[id];
    if (mark !== undefined) posts[id] = encodeMark(mark);
  }
  return posts;
}

/** Whether two marks are alike. */
export function sameMark(a: PostMark | undefined, b: PostMark | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return (
    a.hash === b.hash &&
    a.authorId === b.authorId &&
    a.tampered === b.tampered &&
    a.deleted === b.deleted &&
    a.inDuel === b.inDuel &&
    a.valid === b.valid
  );
}

/** A mark to store: its new value, or null when the post is no longer one the duel has seen. */
export interface MarkChange {
  readonly postId: string;
  readonly mark: PostMark | null;
}

/**
 * The marks that differ between what is stored and the new state. `stored` holds every mark the
 * decision knows to be stored; with `complete`, a stored mark the new state lacks is removed (a
 * replay decided the whole duel again), otherwise marks it did not read are left alone.
 */
export function markChanges(
  stored: Readonly<Record<string, PostMark>>,
  next: Readonly<Record<string, PostMark>>,
  complete: boolean,
): MarkChange[] {
  const changes: MarkChange[] = [];
  for (const [postId, mark] of Object.entries(next)) {
    if (!sameMark(stored[postId], mark)) changes.push({ postId, mark });
  }
  if (complete) {
    for (const postId of Object.keys(stored)) if (!(postId in next)) changes.push({ postId, mark: null });
  }
  return changes;
}
