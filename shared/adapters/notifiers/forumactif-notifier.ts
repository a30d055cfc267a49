/**
 * Hiboux as Forumactif private messages: on these boards a private message is
 * what members call a hibou. Forumactif has no API, so the forum's bot account logs in through
 * the board's `/login` form and sends through `/privmsg?mode=post`, as a member would: the forms
 * are read from the page, so the board's own hidden fields travel unchanged, and only a form that
 * posts back to the same board ever receives the password.
 */

import { DeliveryError } from "../../errors.js";
import { encodeForm } from "../../forumactif/board-charset.js";
import { formBody, formWithField, readForms } from "../../forumactif/board-form.js";
import { type BoardAccount, type BoardSessions, boardRoot } from "../../forumactif/board-session.js";
import { judgePrivateMessage } from "../../forumactif/board-write.js";
import { descendants, innerHtml, parseHtml } from "../../forumactif/html-tree.js";
import { fragmentText } from "../../forumactif/page-text.js";
import type { FetchLike } from "../../net/guarded-fetch.js";
import type { Hibou } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeForumactif, escapeForumactifSubject } from "../escape.js";
import { type BoardWriter, blockedError, boardWriter, type WriteLanes } from "./board-writer.js";
import { truncate } from "./text.js";

/** The board and its bot account (a secret: never logged, never returned). */
export type ForumactifAccount = BoardAccount;

export interface ForumactifNotifierOptions {
  readonly fetch?: FetchLike;
  readonly timeoutMs?: number;
  readonly userAgent?: string;
  readonly now?: () => number;
  /** The accounts' sessions and write turns (default: the process's, shared with the reader and the replier). */
  readonly sessions?: BoardSessions;
  readonly lanes?: WriteLanes;
}

export interface ForumactifNotifier {
  deliver(hibou: Hibou, account: ForumactifAccount): Promise<void>;
}

/** Forumactif cuts subjects; a short one reads whole in the inbox. */
const SUBJECT_MAX = 60;

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

/**
 * Whether the board knows a member of that name, from its member list's search
 * (`/memberlist?username=…`, a `/uN` link shown with the name); null when the list cannot tell (it
 * is closed to the account, or the page is no list).
 */
async function memberKnown(writer: BoardWriter, account: ForumactifAccount, name: string, charset: string) {
  const base = boardRoot(account.baseUrl);
  const query = encodeForm(new URLSearchParams([["username", name]]), charset);
  const page = await writer.memberPage(account, new URL(`/memberlist?${query}`, base));
  if (page.status !== 200 || !readForms(page.html).some((f) => f.fields.some(([n]) => n === "username")))
    return null;
  const wanted = name.trim().toLocaleLowerCase("fr");
  return [...descendants(parseHtml(page.html))].some(
    (a) =>
      a.name === "a" &&
      /^(?:https?:\/\/[^/]+)?\/u\d+(?:[-?#/]|$)/.test(a.attribs.href ?? "") &&
      fragmentText(innerHtml(page.html, a)).trim().toLocaleLowerCase("fr") === wanted,
  );
}

/** Creates the notifier; sessions are kept per board and account for the process's life. */
export function createForumactifNotifier(options: ForumactifNotifierOptions = {}): ForumactifNotifier {
  const writer = boardWriter({
    send: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    userAgent: options.userAgent ?? "ArbitreAutomatiqueDuClubDeDuel/1.0 (hiboux Forumactif)",
    now: options.now ?? Date.now,
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.lanes ? { lanes: options.lanes } : {}),
  });

  return {
    async deliver(hibou, account) {
      const recipient = hibou.to.username?.trim();
      if (recipient === undefined || recipient === "") {
        throw new DeliveryError(notifierTexts.noForumactifUsername(hibou.to), false);
      }
      const base = boardRoot(account.baseUrl);
      const page = await writer.memberPage(account, new URL("/privmsg?mode=post", base));
      const form = formWithField(page.html, "message");
      if (form === null) throw new DeliveryError(notifierTexts.forumactifUnexpected, false);
      const { subject, message } = forumactifPrivateMessage(hibou);
      const fields = formBody(
        form,
        { "username[]": recipient, subject, message },
        "post" in form.submits ? "post" : null,
      );
      const verdict = await writer.post(account, page, form, fields, judgePrivateMessage);
      if (verdict.kind === "done") return;
      // The form again is the flood control, unless the board knows no member of that name.
      if (
        verdict.kind === "form_back" &&
        (await memberKnown(writer, account, recipient, page.charset)) === false
      )
        throw blockedError(notifierTexts.forumactifUnknownRecipient(recipient));
      throw writer.failure(verdict, false);
    },
  };
}
