import { topicUrl } from "../forumactif/urls.js";
import type { ForumConfig } from "../ports/forum-store.js";

const trimmed = (url: string) => url.replace(/\/+$/, "");

/**
 * Where a duel's thread is read on its forum, when the forum's settings say where the forum is:
 * its Forumactif source, its thread bot, or a Discourse channel. Null when they do not (a forum
 * that only sends webhooks names no address of its own).
 */
export function threadUrl(forum: ForumConfig | null, threadId: string): string | null {
  if (!forum) return null;
  if (forum.source && /^\d{1,12}$/.test(threadId)) return topicUrl(forum.source.baseUrl, threadId);
  const id = encodeURIComponent(threadId);
  if (forum.bot?.type === "discourse") return `${trimmed(forum.bot.baseUrl)}/t/${id}`;
  if (forum.bot?.type === "xenforo") return `${trimmed(forum.bot.baseUrl)}/threads/${id}/`;
  const discourse = forum.notify.find((c) => c.type === "discourse");
  return discourse?.type === "discourse" ? `${trimmed(discourse.baseUrl)}/t/${id}` : null;
}
