/**
 * What a board did with a form the bot account sent (CONTRACT.md 4.4, « Writing to a real board »),
 * judged from the shape of its answer, never from its wording (boards speak many languages and
 * admins reword their pages):
 * - a reply is posted when the answer links the new post (`/viewtopic?…p=N#N`, `/tNpM-…#N`) or
 *   redirects to it;
 * - a private message is sent when the answer is the board's information page (`message_body`,
 *   which links back to the inbox) or redirects to the inbox, not the posting form again;
 * - the posting form shown again is the board's flood control (its wait read from the page, else a
 *   minute); a confirmation-code page (`post_confirm`, a reCAPTCHA, a FunCaptcha) or the login form
 *   are failures of their own; any other page is of unknown shape.
 */
import { formWithField, readForms } from "./board-form.js";
import { fragmentText } from "./page-text.js";

/** One answer of the board to a form, as the judge needs it. */
export interface WriteAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
}

export type WriteVerdict =
  | { readonly kind: "done" }
  /** The posting form again: flood control, to send again after `waitMs`. */
  | { readonly kind: "form_back"; readonly waitMs: number }
  | { readonly kind: "captcha" }
  | { readonly kind: "login" }
  /** The board is closed for maintenance: nothing was done, waiting helps. */
  | { readonly kind: "maintenance" }
  | { readonly kind: "unknown" };

/** The wait a board states when it gives no number. */
export const DEFAULT_FLOOD_WAIT_MS = 60_000;

/** True when the page shows the account logged in (`_userdata["session_logged_in"] = 1`). */
export function showsLoggedIn(html: string): boolean {
  return (
    /_userdata\s*\[\s*["']session_logged_in["']\s*\]\s*=\s*["']?1\b/.test(html) ||
    /["']?session_logged_in["']?\s*:\s*["']?1\b/.test(html)
  );
}

/** A confirmation-code page or a captcha: a person must answer it, the bot cannot. */
export function asksConfirmation(html: string): boolean {
  if (readForms(html).some((form) => form.fields.some(([name]) => name === "post_confirm"))) return true;
  return /class=["'][^"']*\b(?:g-recaptcha|h-captcha)\b|id=["']funcaptcha["']|recaptcha\/api\.js|funcaptcha\.com|hcaptcha\.com/i.test(
    html,
  );
}

/**
 * The wait a page states, in seconds or minutes (« 30 secondes », « 1 minute », « 45 seconds »,
 * « 20 s »), else a minute. The figure nearest a unit of time counts, whatever the sentence says.
 */
export function statedWaitMs(html: string): number {
  const text = fragmentText(html).replace(/\s+/g, " ");
  const match =
    /(\d{1,5})\s*(secondes?|seconds?|sekunden?|segundos?|secondi|sec\.?|s\b|minutes?|minuten?|minutos?|minuti|min\b)/i.exec(
      text,
    );
  if (match === null) return DEFAULT_FLOOD_WAIT_MS;
  const figure = Number(match[1]);
  const ms = /^m/i.test(match[2] ?? "") ? figure * 60_000 : figure * 1000;
  return ms > 0 && ms <= 3_600_000 ? ms : DEFAULT_FLOOD_WAIT_MS;
}

/** Failures every write shares: a confirmation code, the login form, the posting form again. */
function commonFailure(answer: WriteAnswer): WriteVerdict | null {
  if (answer.status >= 300 && answer.status < 400 && answer.location !== null) {
    if (/\/login\b/.test(answer.location)) return { kind: "login" };
    return null;
  }
  if (asksConfirmation(answer.html)) return { kind: "captcha" };
  if (/\bmaintenance\b/i.test(fragmentText(answer.html))) return { kind: "maintenance" };
  if (formWithField(answer.html, "password") !== null) return { kind: "login" };
  if (formWithField(answer.html, "message") !== null)
    return { kind: "form_back", waitMs: statedWaitMs(answer.html) };
  return null;
}

/** A link to a post of the topic: `/viewtopic?t=T&p=N#N`, `/tTpM-…#N`, `/tT-…#N`. */
function linksPost(target: string, topicId: string): boolean {
  const path = target.replace(/^https?:\/\/[^/]+/i, "");
  if (/^\/viewtopic\?(?:[^#]*&)?p=\d+/.test(path)) return true;
  return new RegExp(`^/t${topicId}(?:p\\d+)?-[^#]*#\\d+$`).test(path);
}

/** The page's link targets, entities decoded by the parser. */
function linkTargets(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi)].map((m) =>
    (m[1] ?? "").replace(/&amp;/g, "&"),
  );
}

/** What the board did with a reply to topic `topicId`. */
export function judgeReply(answer: WriteAnswer, topicId: string): WriteVerdict {
  const failure = commonFailure(answer);
  if (failure !== null) return failure;
  if (answer.status >= 300 && answer.status < 400 && answer.location !== null)
    return linksPost(answer.location, topicId) ? { kind: "done" } : { kind: "unknown" };
  return linkTargets(answer.html).some((href) => linksPost(href, topicId))
    ? { kind: "done" }
    : { kind: "unknown" };
}

/** A redirect to a folder of the member's private messages, not to the posting form. */
function linksInbox(target: string): boolean {
  return /\/privmsg\?(?:[^#]*&)?folder=/.test(target) && !/mode=post/.test(target);
}

/**
 * The board's information page (`message_body`, whatever its template): a page of the board
 * (its `_userdata`) that holds no form to fill and no post, what Forumactif shows after a form it
 * took. A search box in the header is no form to fill.
 */
function isInformationPage(html: string): boolean {
  const forms = readForms(html).filter((form) => form.method === "post");
  return /\b_userdata\b/.test(html) && !/\bpost--\d/.test(html) && forms.length === 0;
}

/** What the board did with a private message. */
export function judgePrivateMessage(answer: WriteAnswer): WriteVerdict {
  const failure = commonFailure(answer);
  if (failure !== null) return failure;
  if (answer.status >= 300 && answer.status < 400 && answer.location !== null)
    return linksInbox(answer.location) ? { kind: "done" } : { kind: "unknown" };
  return isInformationPage(answer.html) ? { kind: "done" } : { kind: "unknown" };
}
