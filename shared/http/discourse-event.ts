import { contentHash } from "../domain/decide-post.js";
import { postMark } from "../domain/state.js";
import type { LoadedDuel } from "../ports/duel-repository.js";

/** The post events Discourse sends (`WebHook.default_event_types`, WEBHOOKS.md section 1). */
export const DISCOURSE_POST_EVENTS = new Set([
  "post_created",
  "post_edited",
  "post_destroyed",
  "post_recovered",
]);

/** What a Discourse delivery does to a post, or `contradicted` when its header says otherwise. */
export type DiscourseChange = "created" | "edited" | "deleted" | "contradicted";

/** The fields of a Discourse post that tell what happened to it, all in the signed body. */
export interface SignedPostState {
  readonly id: number;
  readonly raw?: string;
  readonly deleted_at?: string | null;
  readonly user_deleted?: boolean;
}

/**
 * What happened to the post, read from the signed body and never from `X-Discourse-Event`, which
 * Discourse does not sign (CONTRACT.md 4.2): a body with `deleted_at` or `user_deleted` is a
 * deletion; any other body is the post as it stands, an edit when the duel knows the post with
 * other content, its creation otherwise (a recovered post, `post_recovered`, is a post as it stands:
 * its deletion stays what it was). The header must agree with the body: a body that is no deletion
 * under `post_destroyed`, or a deletion under `post_created` or `post_recovered`, is `contradicted`
 * and changes nothing. `post_edited` may carry a deletion: an author deleting their own post makes
 * Discourse edit it to a stub (`user_deleted`) before the destroy.
 */
export function discourseChange(event: string, post: SignedPostState, loaded: LoadedDuel): DiscourseChange {
  const deleted = (post.deleted_at !== undefined && post.deleted_at !== null) || post.user_deleted === true;
  if (deleted) return event === "post_created" || event === "post_recovered" ? "contradicted" : "deleted";
  if (event === "post_destroyed") return "contradicted";
  const postId = String(post.id);
  const state = loaded.duel?.state;
  const known = state && postMark({ ...state, posts: { ...state.posts, ...loaded.marks } }, postId);
  return known && known.hash !== contentHash(post.raw ?? "") ? "edited" : "created";
}
