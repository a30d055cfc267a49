import { readRefereeCommands } from "../parsing/referee-commands.js";
import { readContext } from "./assess.js";
import type { DuelCommand } from "./commands.js";
import type { DuelState } from "./state.js";

/*
 * A duel keeps a mark of every post it has seen (`DuelState.posts`), which would make its snapshot
 * grow with the thread. The snapshot keeps only the marks that inputs about other posts may read or
 * change ("hot"): the posts waiting in the queue or in a correction window. Every other mark is
 * stored on its own, and an input reads the marks it names with the snapshot.
 */

/** The posts whose marks stay in the snapshot: queued or in a correction window. */
export function hotPostIds(state: DuelState): Set<string> {
  return new Set([...state.queue.map((p) => p.postId), ...state.pending.map((p) => p.post.postId)]);
}

/** The state as its snapshot keeps it: the hot marks only. */
export function snapshotState(state: DuelState): DuelState {
  const hot = hotPostIds(state);
  const posts: Record<string, string> = {};
  for (const id of hot) {
    const mark = state.posts[id];
    if (mark !== undefined) posts[id] = mark;
  }
  return { ...state, posts };
}

/**
 * The posts whose marks deciding this command may read: the post itself, and the posts a referee's
 * correction names (by the API, or in an `[arbitre]` block of the referee's post, read as the
 * decider will read it).
 */
export function postIdsRead(command: DuelCommand, state: DuelState): string[] {
  switch (command.type) {
    case "post.deleted":
      return [command.postId];
    case "post.received":
    case "post.edited": {
      const { post } = command;
      if (post.authorId !== state.referee.id || !post.content.toLowerCase().includes("[arbitre")) {
        return [post.postId];
      }
      const corrected = readRefereeCommands(post.content, post.format, readContext(state)).flatMap((line) =>
        line.ok && line.action.command === "correction" ? [line.action.postId] : [],
      );
      return [...new Set([post.postId, ...corrected])];
    }
    case "referee":
      return command.action.command === "correction" ? [command.action.postId] : [];
    default:
      return [];
  }
}

/** A mark to store: its new value, or null when the post is no longer one the duel has seen. */
export interface MarkChange {
  readonly postId: string;
  readonly mark: string | null;
}

/**
 * The marks that differ between what is stored and the new state. `stored` holds every mark the
 * caller knows to be stored; with `complete`, a stored mark the new state lacks is removed (a replay
 * decided the whole duel again), otherwise marks it did not read are left alone.
 */
export function markChanges(
  stored: Readonly<Record<string, string>>,
  next: Readonly<Record<string, string>>,
  complete: boolean,
): MarkChange[] {
  const changes: MarkChange[] = [];
  for (const [postId, mark] of Object.entries(next)) {
    if (stored[postId] !== mark) changes.push({ postId, mark });
  }
  if (complete) {
    for (const postId of Object.keys(stored)) if (!(postId in next)) changes.push({ postId, mark: null });
  }
  return changes;
}
