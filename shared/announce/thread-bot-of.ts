import type { ForumConfig } from "../ports/forum-store.js";
import type { ThreadBot } from "../ports/thread-bot.js";

/**
 * The forum's bot as a poster uses it: a `forumactif` bot is the `source`'s account on the
 * source's board (CONTRACT.md 3, `bot`); without a source account there is none.
 */
export function threadBotOf(forum: ForumConfig | null | undefined): ThreadBot | undefined {
  const bot = forum?.bot;
  if (bot === undefined || bot.type !== "forumactif") return bot;
  const source = forum?.source;
  if (!source?.account) return undefined;
  return {
    type: "forumactif",
    forumId: forum?.forumId ?? "",
    baseUrl: source.baseUrl,
    timeZone: source.timeZone,
    ...source.account,
  };
}
