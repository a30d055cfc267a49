import { parseTopicId, topicUrl } from "../forumactif/urls.js";
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

/** A topic's or thread's number in the paths `threadUrl` writes: `/t/slug/123`, `/threads/slug.123/`. */
// The slug, when there is one, is not all digits: `/t/123/45` is topic 123 at its post 45.
const DISCOURSE_PATH = /^\/t\/(?:[^/]*[^/\d][^/]*\/)?(\d{1,12})(?:\/\d+)?\/?$/;
const XENFORO_PATH = /^\/threads\/(?:[^/]*\.)?(\d{1,12})\/?(?:page-\d+\/?)?$/;

/** Where the forum's threads are, when its settings say: its Discourse or XenForo address. */
function threadBase(forum: ForumConfig): { type: "discourse" | "xenforo"; baseUrl: string } | null {
  if (forum.bot?.type === "discourse" || forum.bot?.type === "xenforo")
    return { type: forum.bot.type, baseUrl: forum.bot.baseUrl };
  const discourse = forum.notify.find((c) => c.type === "discourse");
  return discourse?.type === "discourse" ? { type: "discourse", baseUrl: discourse.baseUrl } : null;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/**
 * Whether `typed` is an address rather than a thread id: `https://…`, or a host and a path
 * (`poudlard.forumactif.com/t1234-duel`).
 */
export function isThreadAddress(typed: string): boolean {
  return /^https?:\/\//i.test(typed.trim()) || /^[\w-]+(?:\.[\w-]+)+(?::\d+)?\//.test(typed.trim());
}

/**
 * The thread id an address names on the forum, the inverse of `threadUrl`: a topic's address on
 * its Forumactif board, read as the source's preview reads it (`parseTopicId`: `/t1234-duel`,
 * `/t1234p25-duel#456`), a Discourse topic (`/t/duel/123`) or a XenForo thread
 * (`/threads/duel.123/`). Null when the address is not one of the forum's threads (another host,
 * another kind of page).
 */
export function threadIdFromAddress(forum: ForumConfig | null, typed: string): string | null {
  const text = typed.trim();
  const address = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  const host = hostOf(address);
  if (!forum || host === null) return null;
  if (forum.source && hostOf(forum.source.baseUrl) === host) return parseTopicId(address);
  const base = threadBase(forum);
  if (base === null || hostOf(base.baseUrl) !== host) return null;
  // A forum installed under a folder (`https://example.org/forum`) has its threads beneath it.
  const folder = trimmed(new URL(base.baseUrl).pathname);
  const full = new URL(address).pathname;
  const path = full.startsWith(`${folder}/`) ? full.slice(folder.length) : full;
  const match = (base.type === "discourse" ? DISCOURSE_PATH : XENFORO_PATH).exec(path);
  return match?.[1] ?? null;
}
