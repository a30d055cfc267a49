import type { ThreadPoster } from "../../ports/thread-bot.js";
import { discourseReplyPosted, postDiscourseReply } from "./discourse.js";
import { createForumactifReplier } from "./forumactif.js";
import type { HttpOptions } from "./http.js";
import { postXenForoReply, xenforoReplyPosted } from "./xenforo.js";

export { discourseReplyRaw } from "./discourse.js";
export { forumactifReplyMessage } from "./forumactif.js";
export { xenforoReplyMessage } from "./xenforo.js";

/** The thread poster for every bot type of CONTRACT.md section 3 (`bot`). */
export function createThreadPoster(
  options: { readonly http?: HttpOptions; readonly now?: () => number } = {},
): ThreadPoster {
  // One replier for the process: it keeps the boards' sessions (the process's, shared with the
  // reader and the private messages); a flood's wait is counted on the deployment's clock.
  const forumactif = createForumactifReplier({
    ...options.http,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    async alreadyPosted(reply, bot) {
      if (bot.type === "forumactif") return forumactif.alreadyPosted(reply, bot);
      return bot.type === "discourse"
        ? discourseReplyPosted(reply, bot, options.http)
        : xenforoReplyPosted(reply, bot, options.http);
    },
    async post(reply, bot) {
      if (bot.type === "forumactif") await forumactif.post(reply, bot);
      else if (bot.type === "discourse") await postDiscourseReply(reply, bot, options.http);
      else await postXenForoReply(reply, bot, options.http);
    },
  };
}
