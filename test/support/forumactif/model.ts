/**
 * The fake board's model of a topic: what Forumactif stores, before any template renders it.
 * Tests build topics from these and expect the reader to give back exactly the same posts.
 */

/** One post as the board stores it. */
export interface ModelPost {
  readonly postId: string;
  /** Null for an account without a profile link (the Game Master, a guest). */
  readonly authorId: string | null;
  readonly authorName: string;
  /** ISO UTC, minute precision. */
  readonly createdAt: string;
  /** The message as Forumactif renders it (BBCode already turned into HTML), trimmed. */
  readonly html: string;
  /** The poster's signature HTML, shown under the message; never part of it. */
  readonly signature?: string | null;
  readonly edited?: { readonly by: string; readonly at: string; readonly count: number } | null;
  /** Colour of the poster's group, as Forumactif wraps names in styled spans. */
  readonly color?: string;
}

/** A topic as the board stores it. */
export interface TopicModel {
  readonly topicId: string;
  readonly slug: string;
  readonly title: string;
  /** Posts per page (a board setting; 25 by default). */
  readonly perPage: number;
  readonly posts: readonly ModelPost[];
}

/** Language of the board's texts and dates. */
export type BoardLanguage = "fr" | "en";
