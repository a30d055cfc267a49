/**
 * A Forumactif bot account's session on its board, shared by the three parts that act as a member:
 * the board reader (duel sections guests cannot read), the PM notifier (hiboux) and the thread
 * replier (verdicts). Forumactif has no API, so the account logs in through the board's `/login`
 * form as a browser would; the form is read from the page, its own hidden fields travel unchanged,
 * and the password is only ever posted to a form of the board's own origin. Sessions are kept per
 * forum and whole account for the process, one for all three parts (CONTRACT.md 4.4), and an
 * account logs in one login at a time.
 */
import { createHash } from "node:crypto";
import { type BoardForm, formBody, formWithField } from "./board-form.js";
import { showsLoggedIn } from "./board-write.js";
import { CookieJar } from "./cookie-jar.js";

/** A board and its bot account (a secret: never logged, never returned), as one forum's settings name it. */
export interface BoardAccount {
  /** The forum whose settings name the account: its session is that forum's alone. */
  readonly forumId: string;
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
}

/** One answer of the board, as the session needs it. */
export interface BoardAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
  /** The charset the page was decoded in: a form it holds is sent back in it. */
  readonly charset: string;
}

/** A form's fields to post, and the charset of the page that held the form. */
export interface FormPost {
  readonly fields: URLSearchParams;
  readonly charset: string;
}

/** One request with the session's cookies (the caller sends them and stores what comes back). */
export type BoardRequest = (jar: CookieJar, url: URL, body?: FormPost) => Promise<BoardAnswer>;

/** Why a session step stopped; each caller turns it into its own error. */
export type SessionFailure = "foreign_form" | "no_login_form" | "redirect_loop" | "login_refused";

const MAX_HOPS = 4;

/** The board's root, with a trailing slash, from the address an admin gave. */
export function boardRoot(baseUrl: string): URL {
  return new URL(`${baseUrl.replace(/\/+$/, "")}/`);
}

/**
 * A session's key: the forum, and a hash of the whole account (board, name and password). Another
 * forum naming the same account, or the same forum once its password changed, starts a session of
 * its own and logs in with what it holds: a wrong password is refused by the board, never carried
 * by a session someone else opened. The hash keeps the password itself out of the key.
 */
function sessionKey(account: BoardAccount): string {
  const whole = [boardRoot(account.baseUrl).origin, account.username, account.password].join("\u0000");
  return `${account.forumId}\u0000${createHash("sha256").update(whole).digest("base64url")}`;
}

/**
 * The cookie jars of every forum's account this process has logged in with, and the logins in
 * progress: a part that finds the session gone while another part logs the account in waits for
 * that login instead of making a second one (two logins of one account race: the second may end
 * the first's session).
 */
export class BoardSessions {
  private readonly jars = new Map<string, CookieJar>();
  private readonly logins = new Map<string, Promise<void>>();

  jar(account: BoardAccount): CookieJar {
    const key = sessionKey(account);
    const jar = this.jars.get(key) ?? new CookieJar();
    this.jars.set(key, jar);
    return jar;
  }

  /**
   * Logs the account in with `login`, unless a login of the same account is in progress: then
   * waits for it and shares its outcome.
   */
  logInOnce(account: BoardAccount, login: (jar: CookieJar) => Promise<void>): Promise<void> {
    const key = sessionKey(account);
    const running = this.logins.get(key);
    if (running !== undefined) return running;
    const started = login(this.jar(account)).finally(() => this.logins.delete(key));
    this.logins.set(key, started);
    return started;
  }
}

/**
 * The sessions of this process, shared by its board reader, its PM notifier and its thread
 * replier: one session per board account whichever part needs it.
 */
export const processBoardSessions = new BoardSessions();

/** A GET that follows the board's redirects, on the board's origin only. */
export async function boardPage(
  request: BoardRequest,
  jar: CookieJar,
  url: URL,
  fail: (why: SessionFailure) => Error,
): Promise<BoardAnswer> {
  let at = url;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const answer = await request(jar, at);
    if (answer.status < 300 || answer.status >= 400 || answer.location === null) return answer;
    at = new URL(answer.location, at);
    if (at.origin !== url.origin) throw fail("foreign_form");
  }
  throw fail("redirect_loop");
}

/** Where a form posts, refused unless it is the board itself. */
export function formTarget(
  form: BoardForm,
  base: URL,
  fallback: string,
  fail: (why: SessionFailure) => Error,
): URL {
  const url = new URL(form.action === "" ? fallback : form.action, base);
  if (url.origin !== base.origin) throw fail("foreign_form");
  return url;
}

/**
 * Logs the account in afresh: the jar is emptied, `/login` is read, its form is posted with the
 * account's name and password. The login succeeded when the board then shows the account logged
 * in (`_userdata["session_logged_in"] = 1`), on the page it answered or the one it sends to;
 * anything else (the login form again, an information page without a form) is a refused login.
 */
export async function logIn(
  request: BoardRequest,
  jar: CookieJar,
  account: BoardAccount,
  fail: (why: SessionFailure) => Error,
): Promise<void> {
  jar.clear();
  const base = boardRoot(account.baseUrl);
  const loginPage = await boardPage(request, jar, new URL("/login", base), fail);
  const form = formWithField(loginPage.html, "password");
  if (form === null) throw fail("no_login_form");
  const submit = "login" in form.submits ? "login" : (Object.keys(form.submits)[0] ?? null);
  const body = formBody(
    form,
    { username: account.username, password: account.password, autologin: "on" },
    submit,
  );
  const target = formTarget(form, base, "/login", fail);
  const answer = await request(jar, target, { fields: body, charset: loginPage.charset });
  const next = answer.status >= 300 && answer.status < 400 && answer.location !== null;
  const sentTo = next ? new URL(answer.location ?? "/", target) : null;
  if (sentTo !== null && sentTo.origin !== base.origin) throw fail("foreign_form");
  const shown = sentTo === null ? answer : await boardPage(request, jar, sentTo, fail);
  if (!showsLoggedIn(shown.html)) {
    jar.clear();
    throw fail("login_refused");
  }
}
