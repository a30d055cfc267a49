/**
 * Verdicts in a Forumactif topic: the board has no API, so the forum's `source`
 * account replies as a member would, through `/post?t={topicId}&mode=reply`. The form is read from
 * the page (its hidden fields and token travel unchanged), the session is the one `/login` gives,
 * and the password only ever goes to a form of the board's own origin.
 */

import { DeliveryError } from "../../errors.js";
import { formBody, formWithField } from "../../forumactif/board-form.js";
import { type BoardSessions, boardRoot } from "../../forumactif/board-session.js";
import { judgeReply } from "../../forumactif/board-write.js";
import { readTopicPage } from "../../forumactif/read-topic-page.js";
import { topicUrl } from "../../forumactif/urls.js";
import { guardedFetch } from "../../net/guarded-fetch.js";
import type { ThreadBot, ThreadReply } from "../../ports/thread-bot.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeForumactif } from "../escape.js";
import { boardWriter, type WriteLanes } from "../notifiers/board-writer.js";
import type { HttpOptions } from "../notifiers/http.js";

type ForumactifBot = Extract<ThreadBot, { type: "forumactif" }>;

/** A topic page is far smaller; the reader refuses bigger ones too. */
const PAGE_BYTES = 4 * 1024 * 1024;

/** The reply as Forumactif BBCode: the title in bold, one line each, the marker in small print. */
export function forumactifReplyMessage(reply: ThreadReply): string {
  return [
    `[b]${escapeForumactif(reply.title)}[/b]`,
    ...reply.lines.map(escapeForumactif),
    `[size=9]${reply.marker}[/size]`,
  ].join("\n");
}

export interface ForumactifReplier {
  post(reply: ThreadReply, bot: ForumactifBot): Promise<void>;
  alreadyPosted(reply: ThreadReply, bot: ForumactifBot): Promise<boolean>;
}

/** The replier's sessions and write turns (default: the process's, shared with the reader and the PMs). */
export interface ReplierOptions extends HttpOptions {
  readonly sessions?: BoardSessions;
  readonly lanes?: WriteLanes;
  /** The deployment's clock (epoch ms), on which a flood's wait is counted. */
  readonly now?: () => number;
}

/** Creates the replier; sessions are kept per board and account for the process's life. */
export function createForumactifReplier(options: ReplierOptions = {}): ForumactifReplier {
  const writer = boardWriter({
    send: options.fetch ?? guardedFetch(options.destinations, undefined, PAGE_BYTES),
    timeoutMs: options.timeoutMs ?? 10_000,
    userAgent: "ArbitreAutomatiqueDuClubDeDuel/1.0 (verdicts Forumactif)",
    now: options.now ?? Date.now,
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.lanes ? { lanes: options.lanes } : {}),
  });

  /** The bot's posts on one page of the topic. */
  async function botPosts(bot: ForumactifBot, url: string) {
    const page = readTopicPage((await writer.memberPage(bot, new URL(url))).html, {
      timeZone: bot.timeZone,
      now: new Date().toISOString(),
    });
    const name = bot.username.trim().toLowerCase();
    return { page, posts: page.posts.filter((p) => p.authorName.trim().toLowerCase() === name) };
  }

  return {
    async post(reply, bot) {
      const base = boardRoot(bot.baseUrl);
      const url = new URL(`/post?t=${encodeURIComponent(reply.threadId)}&mode=reply`, base);
      const page = await writer.memberPage(bot, url);
      const form = formWithField(page.html, "message");
      if (form === null) throw new DeliveryError(notifierTexts.forumactifUnexpected, false);
      const fields = formBody(
        form,
        { message: forumactifReplyMessage(reply) },
        "post" in form.submits ? "post" : null,
      );
      const verdict = await writer.post(bot, page, form, fields, (answer) =>
        judgeReply(answer, reply.threadId),
      );
      // An unknown answer is retried: the relay looks for the reply in the topic first (never twice).
      if (verdict.kind !== "done") throw writer.failure(verdict, true);
    },

    /**
     * The topic's last page (and the one before, should others have replied since), read as the
     * poller reads it, searched for the bot's post that carries the marker.
     */
    async alreadyPosted(reply, bot) {
      const holds = (posts: readonly { html: string }[]) => posts.some((p) => p.html.includes(reply.marker));
      const first = await botPosts(bot, topicUrl(bot.baseUrl, reply.threadId));
      const { lastPage, lastPageOffset, perPage } = first.page.pagination;
      if (lastPage <= 1 || perPage === null || lastPageOffset === null) return holds(first.posts);
      for (const offset of [lastPageOffset, lastPageOffset - perPage]) {
        if (offset <= 0) return holds(first.posts);
        if (holds((await botPosts(bot, topicUrl(bot.baseUrl, reply.threadId, offset))).posts)) return true;
      }
      return false;
    },
  };
}
