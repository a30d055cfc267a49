import type { ThreadBotConfig, ThreadReply } from "../../ports/thread-bot.js";
import { escapeDiscourse } from "../escape.js";
import { field, getJson, type HttpOptions, post } from "./http.js";

type DiscourseBot = Extract<ThreadBotConfig, { type: "discourse" }>;

/** How many of the topic's last posts are searched for a reply's marker. */
const LOOK_BACK = 20;

/** The reply as Discourse Markdown: the title in bold, one line each, the marker in small print. */
export function discourseReplyRaw(reply: ThreadReply): string {
  return [
    `**${escapeDiscourse(reply.title)}**`,
    ...reply.lines.map(escapeDiscourse),
    `<small>${reply.marker}</small>`,
  ].join("\n");
}

const base = (bot: DiscourseBot) => bot.baseUrl.replace(/\/+$/, "");
const headers = (bot: DiscourseBot) => ({ "Api-Key": bot.apiKey, "Api-Username": bot.apiUsername });

/** Posts a reply in a topic: `POST /posts.json` with `topic_id` and `raw`, as the bot's API user. */
export async function postDiscourseReply(reply: ThreadReply, bot: DiscourseBot, http?: HttpOptions) {
  await post(
    "Discourse",
    `${base(bot)}/posts.json`,
    { accept: "application/json", ...headers(bot) },
    JSON.stringify({ topic_id: Number(reply.threadId), raw: discourseReplyRaw(reply) }),
    http,
  );
}

/**
 * Whether the bot already posted this reply: the topic's post ids (`GET /t/{id}.json`), then its
 * last posts (`GET /t/{id}/posts.json?post_ids[]=…`), searched for the marker in a post of the bot.
 */
export async function discourseReplyPosted(reply: ThreadReply, bot: DiscourseBot, http?: HttpOptions) {
  const topic = await getJson(
    "Discourse",
    `${base(bot)}/t/${encodeURIComponent(reply.threadId)}.json`,
    headers(bot),
    http,
  );
  const stream = field(field(topic, "post_stream"), "stream");
  const ids = Array.isArray(stream) ? stream.slice(-LOOK_BACK) : [];
  if (ids.length === 0) return false;
  const query = ids.map((id) => `post_ids[]=${encodeURIComponent(String(id))}`).join("&");
  const page = await getJson(
    "Discourse",
    `${base(bot)}/t/${encodeURIComponent(reply.threadId)}/posts.json?${query}`,
    headers(bot),
    http,
  );
  const posts = field(field(page, "post_stream"), "posts");
  return (
    Array.isArray(posts) &&
    posts.some((p) => {
      const username = field(p, "username");
      const text = `${field(p, "raw") ?? ""}${field(p, "cooked") ?? ""}`;
      return (
        typeof username === "string" &&
        username.toLowerCase() === bot.apiUsername.toLowerCase() &&
        text.includes(reply.marker)
      );
    })
  );
}
