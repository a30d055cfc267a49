import type { DuelState } from "../domain/state.js";
import { postMark } from "../domain/state.js";
import type { Clock } from "../ports/clock.js";
import type { DuelRepository, LoadedDuel } from "../ports/duel-repository.js";
import type { DuelService } from "./duel-service.js";
import { duelIdOf } from "./incoming-post.js";

/**
 * A deleted thread deletes its posts (XenForo removes them with the thread and sends no post
 * event for them): each post the duel has seen and not yet seen deleted is deleted, one input
 * each, exactly as the post's own deletion would be (`d.<postId>`), so a repeated thread deletion,
 * or a post deleted before, changes nothing.
 */
export async function deleteThreadPosts(
  deps: {
    readonly duels: DuelService;
    readonly store: Pick<DuelRepository, "listPostMarks">;
    readonly clock: Clock;
  },
  loaded: LoadedDuel,
  forumId: string,
  threadId: string,
): Promise<{ result: "applied" | "ignored" | "duplicate"; duelId?: string }> {
  const duelId = duelIdOf(forumId, threadId);
  if (!loaded.duel) return { result: "ignored" };
  const state: DuelState = {
    ...loaded.duel.state,
    posts: { ...loaded.duel.state.posts, ...(await deps.store.listPostMarks(duelId)) },
  };
  const now = deps.clock.now().toISOString();
  let applied = false;
  // Oldest post first (numeric ids where the forum has them): faults are counted in thread order.
  const ids = Object.keys(state.posts).sort((a, b) => a.length - b.length || a.localeCompare(b));
  for (const postId of ids) {
    const mark = postMark(state, postId);
    if (!mark || mark.deleted) continue;
    const outcome = await deps.duels.execute(
      duelId,
      { type: "post.deleted", now, postId, authorId: mark.authorId, deletedAt: now },
      { inputId: `d.${postId}`, forumId },
    );
    if (outcome.result === "applied") applied = true;
  }
  return { result: applied ? "applied" : "duplicate", duelId };
}
