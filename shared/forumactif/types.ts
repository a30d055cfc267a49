/**
 * What the referee reads from a Forumactif board: a topic page decoded into posts, whatever the
 * board's template version. Every field comes from the page itself; nothing is guessed.
 */

/** Forumactif's template versions (the folders of the public default templates, `Etana/template`). */
export type TemplateVersion =
  | "phpbb2"
  | "phpbb3"
  | "punbb"
  | "invision"
  | "modernbb"
  | "awesomebb"
  | "mobile";

/** All template versions, in the order detection tries them. */
export const TEMPLATE_VERSIONS: readonly TemplateVersion[] = [
  "phpbb2",
  "phpbb3",
  "punbb",
  "invision",
  "modernbb",
  "awesomebb",
  "mobile",
];

/**
 * A forum die as its admin defined it in the role-play module: its name ("Duel") and one image per
 * face. `faces` maps a face image, by full URL or by file name (`de-duel-4.png`), to its value.
 */
export interface DiceSettings {
  readonly name: string;
  readonly faces: Readonly<Record<string, number>>;
}

/** Forumactif's "last edited by … on …, edited N times" note, each part null when the note omits it. */
export interface EditedNote {
  readonly by: string | null;
  /** ISO UTC, minute precision. */
  readonly at: string | null;
  readonly count: number | null;
}

/** One post of a topic page. */
export interface TopicPost {
  /** Forumactif's post id (the `post--{id}` class), digits only. */
  readonly postId: string;
  /** The poster's user id from the `/u{id}` profile link; null for guests and system accounts without one. */
  readonly authorId: string | null;
  /** The poster's displayed name, text only (styling spans removed, entities decoded). */
  readonly authorName: string;
  /** When the post was made, ISO UTC, minute precision (Forumactif shows minutes only). */
  readonly createdAt: string;
  /** The rendered message as HTML, without the signature and without the edited note. */
  readonly html: string;
  /** The edited note, or null when the post shows none. */
  readonly edited: EditedNote | null;
}

/** Where a page sits in its topic. */
export interface TopicPagination {
  /** Posts per page when the page shows it (from the page links), else null. */
  readonly perPage: number | null;
  /** Number of posts before this page (the `p{offset}` of the address). */
  readonly offset: number;
  /** 1-based page number. */
  readonly currentPage: number;
  /** 1-based number of the topic's last page (equal to currentPage on a single page). */
  readonly lastPage: number;
  /** Offset of the last page when a link to it is shown (or when this is the last page), else null. */
  readonly lastPageOffset: number | null;
}

/**
 * A forum's own names for its theme's parts, as CSS selectors (`source.markup`): `post` in the
 * page, the others inside one post.
 */
export interface PostMarkup {
  readonly post: string;
  readonly author: string;
  readonly date: string;
  readonly message: string;
}

/** A post the page shows but that cannot be read: what is known of it, and why (French). */
export interface UnreadablePost {
  readonly postId: string | null;
  readonly authorName: string | null;
  readonly problem: string;
  /** The readable post just before it on the page, null when it comes first: its place in the thread. */
  readonly after: string | null;
}

/** A topic page read: its readable posts, and those it shows but that cannot be read. */
export interface TopicPage {
  /** The template version whose table read the page, or `custom` (the theme's own markup). */
  readonly template: TemplateVersion | "custom";
  readonly topicId: string;
  readonly title: string | null;
  readonly pagination: TopicPagination;
  /** The page's readable posts in page order (which is thread order); advertising blocks are not posts. */
  readonly posts: readonly TopicPost[];
  readonly unreadable: readonly UnreadablePost[];
}
