/**
 * Forumactif topic addresses: `/t{topicId}-{slug}` for the first page, `/t{topicId}p{offset}-{slug}`
 * for the page that starts after `offset` posts. The slug is decoration: the board serves the topic
 * whatever slug is given, so a missing one is written as `topic`.
 */

const TOPIC_PATH = /(?:^|\/)t(\d{1,12})(?:p(\d{1,9}))?(?:-[^/?#]*)?(?:[?#].*)?$/;

/** Whether a thread id is a Forumactif topic number, the only kind a board's addresses hold. */
export function isTopicId(threadId: string): boolean {
  return /^\d{1,12}$/.test(threadId);
}

/**
 * The address of a topic page. `offset` is the number of posts before the page (0 or absent for
 * the first page); `slug` is the board's slug for the topic when known.
 */
export function topicUrl(baseUrl: string, topicId: string, offset = 0, slug?: string): string {
  if (!isTopicId(topicId)) throw new RangeError(`not a Forumactif topic id: ${topicId}`);
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`not a page offset: ${offset}`);
  const base = baseUrl.replace(/\/+$/, "");
  const cleanSlug = (slug ?? "").replace(/[^a-zA-Z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "topic";
  return `${base}/t${topicId}${offset > 0 ? `p${offset}` : ""}-${cleanSlug}`;
}

/**
 * The topic id in a topic address (`https://board/t123-duel`, `/t123p25-duel#456`, `t123`) or in a
 * bare id (`123`); null when the text names no topic.
 */
export function parseTopicId(urlOrId: string): string | null {
  const text = urlOrId.trim();
  if (/^\d{1,12}$/.test(text)) return text;
  let path = text;
  try {
    path = new URL(text).pathname;
  } catch {
    // Not an absolute URL: read it as a path.
  }
  const match = TOPIC_PATH.exec(path);
  return match?.[1] ?? null;
}

/** The offset written in a topic page address (`p25` → 25, none → 0), or null when it names no topic page. */
export function parseTopicOffset(url: string): number | null {
  let path = url.trim();
  try {
    path = new URL(path).pathname;
  } catch {
    // Not an absolute URL: read it as a path.
  }
  const match = TOPIC_PATH.exec(path);
  if (match === null) return null;
  return match[2] === undefined ? 0 : Number.parseInt(match[2], 10);
}

/**
 * The address of a section's page of topics: `/f{sectionId}-{slug}` for its first page,
 * `/f{sectionId}p{offset}-{slug}` for the page after `offset` topics.
 */
export function sectionUrl(baseUrl: string, sectionId: string, offset = 0): string {
  if (!/^\d{1,12}$/.test(sectionId)) throw new RangeError(`not a Forumactif section id: ${sectionId}`);
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`not a page offset: ${offset}`);
  const base = baseUrl.replace(/\/+$/, "");
  return `${base}/f${sectionId}${offset > 0 ? `p${offset}` : ""}-section`;
}
