/**
 * Verdicts in a Forumactif topic: the board has no API, so the forum's `source`
 * account replies as a member would, through `/post?t={topicId}&mode=reply`. The form is read from
 * the page (its hidden fields and token travel unchanged), the session is the one `/login` gives,
 * and the password only ever goes to a form of the board's own origin.
 */

import { DeliveryError } from "../../errors.js";
import { type BoardForm, formBody, formWithField } from "../../forumactif/board-form.js";
import { BoardSessions, boardPage, boardRoot, formTarget, logIn } from "../../forumactif/board-session.js";
import { readTopicPage } from "../../forumactif/read-topic-page.js";
import { topicUrl } from "../../forumactif/urls.js";
import { guardedFetch } from "../../net/guarded-fetch.js";
import type { ThreadBot, ThreadReply } from "../../ports/thread-bot.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeForumactif } from "../escape.js";
import { BOARD_FLOOD, boardRequest, sessionFailure } from "../notifiers/board-request.js";
import type { HttpOptions } from "../notifiers/http.js";

type ForumactifBot = Extract<ThreadBot, { type: "forumactif" }>;

/** A topic page is far smaller; the reader refuses bigger ones too. */
const PAGE_BYTES = 4 * 1024 * 1024;
const POSTED = /enregistré avec succès|message a (?:bien )?été enregistré|entered successfully/i;

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

/** Creates the replier; sessions are kept per board and account for the process's life. */
export function createForumactifReplier(options: HttpOptions = {}): ForumactifReplier {
  const send = options.fetch ?? guardedFetch(options.destinations, undefined, PAGE_BYTES);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sessions = new BoardSessions();

  const request = boardRequest({
    send,
    timeoutMs,
    userAgent: "ArbitreAutomatiqueDuClubDeDuel/1.0 (verdicts Forumactif)",
    now: Date.now,
  });

  /** A page in the account's session, logging in first when the board shows its login form. */
  async function memberPage(bot: ForumactifBot, url: URL): Promise<string> {
    const jar = sessions.jar(bot);
    const read = async () => (await boardPage(request, jar, url, sessionFailure)).html;
    if (jar.header() !== null) {
      const html = await read();
      if (formWithField(html, "password") === null) return html;
    }
    await logIn(request, jar, bot, sessionFailure);
    return read();
  }

  async function replyForm(bot: ForumactifBot, topicId: string): Promise<BoardForm> {
    const base = boardRoot(bot.baseUrl);
    const url = new URL(`/post?t=${encodeURIComponent(topicId)}&mode=reply`, base);
    const form = formWithField(await memberPage(bot, url), "message");
    if (form === null) throw new DeliveryError(notifierTexts.forumactifUnexpected, false);
    return form;
  }

  /** The bot's posts on one page of the topic. */
  async function botPosts(bot: ForumactifBot, url: string) {
    const page = readTopicPage(await memberPage(bot, new URL(url)), {
      timeZone: bot.timeZone,
      now: new Date().toISOString(),
    });
    const name = bot.username.trim().toLowerCase();
    return { page, posts: page.posts.filter((p) => p.authorName.trim().toLowerCase() === name) };
  }

  return {
    async post(reply, bot) {
      const base = boardRoot(bot.baseUrl);
      const form = await replyForm(bot, reply.threadId);
      const body = formBody(
        form,
        { message: forumactifReplyMessage(reply) },
        "post" in form.submits ? "post" : null,
      );
      const jar = sessions.jar(bot);
      const answer = await request(jar, formTarget(form, base, "/post", sessionFailure), body);
      // The board sends the member to the new post, or says it was recorded.
      if (answer.status >= 300 && answer.location !== null && !/mode=reply/.test(answer.location)) return;
      if (POSTED.test(answer.html)) return;
      if (BOARD_FLOOD.test(answer.html)) throw new DeliveryError(notifierTexts.forumactifFlood, true, 60_000);
      if (formWithField(answer.html, "password") !== null) {
        jar.clear();
        throw new DeliveryError(notifierTexts.forumactifSessionLost, true);
      }
      throw new DeliveryError(notifierTexts.forumactifUnexpected, false);
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
