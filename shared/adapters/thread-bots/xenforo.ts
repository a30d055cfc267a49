import type { ThreadBotConfig, ThreadReply } from "../../ports/thread-bot.js";
import { escapeXenForo } from "../escape.js";
import { field, getJson, type HttpOptions, post } from "./http.js";

type XenForoBot = Extract<ThreadBotConfig, { type: "xenforo" }>;

/** The reply as BBCode: the title in bold, one line each, the marker in small print. */
export function xenforoReplyMessage(reply: ThreadReply): string {
  return [
    `[B]${escapeXenForo(reply.title)}[/B]`,
    ...reply.lines.map(escapeXenForo),
    `[SIZE=1]${reply.marker}[/SIZE]`,
  ].join("\n");
}

const api = (bot: XenForoBot) => `${bot.baseUrl.replace(/\/+$/, "")}/api`;
const headers = (bot: XenForoBot): Record<string, string> =>
  bot.superUserKey ? { "XF-Api-Key": bot.apiKey, "XF-Api-User": bot.userId } : { "XF-Api-Key": bot.apiKey };

/** Posts a reply in a thread: `POST /api/posts/` with `thread_id` and `message`, form-encoded. */
export async function postXenForoReply(reply: ThreadReply, bot: XenForoBot, http?: HttpOptions) {
  const body = new URLSearchParams({ thread_id: reply.threadId, message: xenforoReplyMessage(reply) });
  await post(
    "XenForo",
    `${api(bot)}/posts/`,
    { accept: "application/json", "content-type": "application/x-www-form-urlencoded", ...headers(bot) },
    body.toString(),
    http,
  );
}

/**
 * Whether the bot already posted this reply: the thread's last page of posts (and the one before,
 * should others have replied since), `GET /api/threads/{id}/posts?page=n`, searched for the marker.
 */
export async function xenforoReplyPosted(reply: ThreadReply, bot: XenForoBot, http?: HttpOptions) {
  const url = (page: number) =>
    `${api(bot)}/threads/${encodeURIComponent(reply.threadId)}/posts?page=${page}`;
  const found = (body: unknown) => {
    const posts = field(body, "posts");
    return (
      Array.isArray(posts) &&
      posts.some(
        (p) =>
          String(field(p, "user_id")) === bot.userId &&
          String(field(p, "message") ?? "").includes(reply.marker),
      )
    );
  };
  const first = await getJson("XenForo", url(1), headers(bot), http);
  const lastPage = Number(field(field(first, "pagination"), "last_page") ?? 1);
  if (!Number.isInteger(lastPage) || lastPage <= 1) return found(first);
  for (const page of [lastPage, lastPage - 1]) {
    if (page === 1) return found(first);
    if (found(await getJson("XenForo", url(page), headers(bot), http))) return true;
  }
  return false;
}
