/**
 * Hiboux as Forumactif private messages: on these boards a private message is
 * what members call a hibou. Forumactif has no API, so the forum's bot account logs in through
 * the board's `/login` form and sends through `/privmsg?mode=post`, as a member would: the forms
 * are read from the page, so the board's own hidden fields travel unchanged, and only a form that
 * posts back to the same board ever receives the password.
 */

import { DeliveryError } from "../../errors.js";
import { type BoardForm, formBody, formWithField } from "../../forumactif/board-form.js";
import {
  type BoardAccount,
  BoardSessions,
  boardPage,
  boardRoot,
  formTarget,
  logIn,
} from "../../forumactif/board-session.js";
import type { CookieJar } from "../../forumactif/cookie-jar.js";
import type { FetchLike } from "../../net/guarded-fetch.js";
import type { Hibou } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeForumactif, escapeForumactifSubject } from "../escape.js";
import { BOARD_FLOOD, boardRequest, sessionFailure } from "./board-request.js";
import { truncate } from "./text.js";

/** The board and its bot account (a secret: never logged, never returned). */
export type ForumactifAccount = BoardAccount;

export interface ForumactifNotifierOptions {
  readonly fetch?: FetchLike;
  readonly timeoutMs?: number;
  readonly userAgent?: string;
  readonly now?: () => number;
}

export interface ForumactifNotifier {
  deliver(hibou: Hibou, account: ForumactifAccount): Promise<void>;
}

/** Forumactif cuts subjects; a short one reads whole in the inbox. */
const SUBJECT_MAX = 60;
const SENT = /message a été envoyé|message a bien été envoyé|envoyé avec succès|message has been sent/i;

/**
 * A hibou as the subject and text of a Forumactif private message, as the recipient reads them:
 * escaped for the board, which reads the text as BBCode and HTML.
 */
export function forumactifPrivateMessage(hibou: Hibou): {
  readonly subject: string;
  readonly message: string;
} {
  return {
    // Cut before it is escaped, so a cut never splits a character reference.
    subject: escapeForumactifSubject(
      truncate(
        notifierTexts.forumactifSubject(
          hibou.duel?.name,
          hibou.title.replace(/\s+/g, " ").trim() || notifierTexts.discourseDefaultTitle,
        ),
        SUBJECT_MAX,
      ),
    ),
    // The text already ends with the rules it applied (as for Discourse): no second rule line.
    message: escapeForumactif(
      hibou.duel?.url || hibou.duel?.threadTitle
        ? `${hibou.text}\n\n${notifierTexts.forumactifThread(hibou.duel.url, hibou.duel.threadTitle)}`
        : hibou.text,
    ),
  };
}

/** Creates the notifier; sessions are kept per board and account for the process's life. */
export function createForumactifNotifier(options: ForumactifNotifierOptions = {}): ForumactifNotifier {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const userAgent = options.userAgent ?? "ArbitreAutomatiqueDuClubDeDuel/1.0 (hiboux Forumactif)";
  const now = options.now ?? Date.now;
  const sessions = new BoardSessions();

  const request = boardRequest({ send, timeoutMs, userAgent, now });

  /** The PM form, logging in first when the session is missing or gone. */
  async function messageForm(jar: CookieJar, base: URL, account: ForumactifAccount): Promise<BoardForm> {
    const formUrl = new URL("/privmsg?mode=post", base);
    const read = async () =>
      formWithField((await boardPage(request, jar, formUrl, sessionFailure)).html, "message");
    const first = jar.header() === null ? null : await read();
    if (first !== null) return first;
    await logIn(request, jar, account, sessionFailure);
    const form = await read();
    if (form === null) throw new DeliveryError(notifierTexts.forumactifLoginRefused, false);
    return form;
  }

  return {
    async deliver(hibou, account) {
      const recipient = hibou.to.username?.trim();
      if (recipient === undefined || recipient === "") {
        throw new DeliveryError(notifierTexts.noForumactifUsername(hibou.to), false);
      }
      const base = boardRoot(account.baseUrl);
      const jar = sessions.jar(account);
      const form = await messageForm(jar, base, account);
      const { subject, message } = forumactifPrivateMessage(hibou);
      const body = formBody(
        form,
        { "username[]": recipient, subject, message },
        "post" in form.submits ? "post" : null,
      );
      const answer = await request(jar, formTarget(form, base, "/privmsg", sessionFailure), body);
      if (answer.status >= 300 && answer.location !== null && /privmsg/.test(answer.location)) {
        if (!/mode=post/.test(answer.location)) return;
      }
      if (SENT.test(answer.html)) return;
      if (BOARD_FLOOD.test(answer.html)) throw new DeliveryError(notifierTexts.forumactifFlood, true, 60_000);
      if (formWithField(answer.html, "password") !== null) {
        jar.clear();
        throw new DeliveryError(notifierTexts.forumactifSessionLost, true);
      }
      throw new DeliveryError(notifierTexts.forumactifUnexpected, false);
    },
  };
}
