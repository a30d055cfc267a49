import type { Duel } from "../domain/state.js";
import { ApiError } from "../errors.js";
import type { LoadedDuel } from "../ports/duel-repository.js";
import { errorTexts } from "../texts/errors.js";

/*
 * A post's text is stored as JSON inside DynamoDB items, which hold 400 KB at most: in its input
 * (the command, and once more in the events of a post that waits: `post.queued`,
 * `correction.opened`) and, while it waits behind a correction window, in the duel's
 * snapshot. Past the limit the write fails and every retry of the forum fails again, so the sizes
 * are bounded here, on the stored form (UTF-8 bytes of the JSON string, escapes included), and a
 * post over them is refused with 413 before anything is written.
 */

/**
 * One post's text, stored form. Twice this plus the rest of an input stays far below 400 KB.
 * Forums allow less (Discourse 32,000 characters by default, phpBB 60,000, Forumactif 65,535).
 */
export const MAX_POST_BYTES = 100_000;

/**
 * The texts a snapshot holds at once: the posts waiting in the queue and in correction windows, with
 * the new one. Leaves 100 KB of the item to the rest of the state.
 */
export const MAX_HELD_POST_BYTES = 300_000;

/** The bytes a text takes once stored: JSON-escaped, in UTF-8. */
export function storedBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), "utf8");
}

function heldBytes(state: Duel): number {
  let total = 0;
  for (const post of state.queue) total += storedBytes(post.content);
  for (const window of state.pending) total += storedBytes(window.post.content);
  return total;
}

/**
 * Refuses, with 413 `post_too_large`, a post whose text could not be stored in the duel: too long
 * on its own, or, for a post the duel has not seen, too long with the posts it already holds waiting
 * (CONTRACT.md 2). A post the duel knows is not held again (a retry stays a duplicate, an edit is
 * not queued).
 */
export function checkPostSize(content: string, postId: string, loaded: LoadedDuel): void {
  const state = loaded.duel?.state;
  if (!state) return;
  const bytes = storedBytes(content);
  if (bytes > MAX_POST_BYTES) {
    throw new ApiError(413, "post_too_large", errorTexts.post_too_large.post(bytes, MAX_POST_BYTES), {
      bytes,
      max: MAX_POST_BYTES,
    });
  }
  if (loaded.marks[postId] !== undefined || state.posts[postId] !== undefined) return;
  const held = heldBytes(state);
  if (held + bytes > MAX_HELD_POST_BYTES) {
    throw new ApiError(
      413,
      "post_too_large",
      errorTexts.post_too_large.held(held, bytes, MAX_HELD_POST_BYTES),
      { bytes, held, max: MAX_HELD_POST_BYTES },
    );
  }
}
