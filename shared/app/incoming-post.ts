import type { PostFormat } from "../parsing/types.js";

/** The duel of a thread: one duel per thread, so its id is derived, never looked up. */
export function duelIdOf(forumId: string, threadId: string): string {
  return `${forumId}.${threadId}`;
}

/** A forum post event, whatever forum sent it. */
export interface IncomingPost {
  readonly forumId: string;
  readonly threadId: string;
  readonly kind: "created" | "edited" | "deleted";
  readonly postId: string;
  readonly authorId: string;
  readonly authorName: string;
  readonly username?: string;
  readonly createdAt: string;
  /** The forum shows `createdAt` to the minute only (Forumactif): see `PostInput.shownToTheMinute`. */
  readonly shownToTheMinute?: boolean;
  /** When the edit or deletion happened. */
  readonly changedAt: string;
  readonly content: string;
  readonly format: PostFormat;
  readonly forumDice?: readonly [number, number];
  /** The thread's title as the forum shows it, where the sender gives it. */
  readonly threadTitle?: string;
  /**
   * The sender's delivery id (`webhook-id`, `X-Discourse-Event-Id`), scoped by sender; absent when
   * the sender gave none (then only the post and its content tell a repeat).
   */
  readonly deliveryKey?: string;
}
