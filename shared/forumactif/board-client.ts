import { BoardFetchError } from "../errors.js";
import { type FetchLike, guardedFetch } from "../net/guarded-fetch.js";
import { channelUrlProblem, type DestinationPolicy } from "../validation/channel-urls.js";
import { decodePage, encodeForm } from "./board-charset.js";
import {
  type BoardAccount,
  type BoardAnswer,
  type BoardSessions,
  type FormPost,
  logIn,
  processBoardSessions,
  type SessionFailure,
} from "./board-session.js";
import type { CookieJar } from "./cookie-jar.js";

/** Names the project to the boards it reads, so an admin who sees it in their logs knows who asks. */
export const USER_AGENT =
  "ArbitreAutomatiqueDuClubDeDuel/1.0 (+https://github.com/duel-referee; lecteur de sujets Forumactif)";

/** What a page's last read answered, for a conditional request. */
export interface PageValidators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type FetchedPage =
  | ({ readonly status: "fresh"; readonly url: string; readonly html: string } & PageValidators)
  | { readonly status: "unchanged"; readonly url: string };

export interface BoardClientOptions {
  /** Where boards may be read: the hiboux's policy (CONTRACT.md section 3), public hosts only when deployed. */
  readonly policy: DestinationPolicy;
  /**
   * The transport; by default the guarded one the notifiers use too (`shared/net/guarded-fetch.ts`),
   * which connects only to addresses the policy allows, checked on what the name resolves to (no
   * DNS rebinding).
   */
  readonly fetch?: FetchLike;
  /**
   * The deployment's clock (epoch ms): a host's rest after a 429 or 5xx ends on it, so under the
   * local manual clock it ends when the clock is moved, not in real time.
   */
  readonly now?: () => number;
  /** Least time between two requests to one host (per process), 1 s unless given. */
  readonly minIntervalMs?: number;
  readonly timeoutMs?: number;
  /** Pages over this are refused rather than read: a topic page is far smaller. */
  readonly maxBytes?: number;
  /** The bot accounts' sessions (default: the process's, shared with the PM notifier and the replier). */
  readonly sessions?: BoardSessions;
}

const MAX_REDIRECTS = 3;

/** Why a board address may not be read (the same policy as the hiboux' channels); undefined when it may. */
export function boardHostProblem(url: string, policy: DestinationPolicy): string | undefined {
  return channelUrlProblem("forumactif", url, policy);
}

/** A session step that stopped: the read fails and is retried, the referee told after a few. */
function sessionFailure(why: SessionFailure): BoardFetchError {
  if (why === "login_refused")
    return new BoardFetchError("login_refused", "the board refused the bot account's login");
  return new BoardFetchError("http_error", `the board's login could not be used (${why})`);
}

/**
 * One host's turn: the last request (requests queue behind it), when the host may be asked again
 * after a pause between two requests (real time: politeness to the board, at most a second), and
 * until when it rests after a 429 or 5xx (on the deployment's clock).
 */
type HostSlot = { queue: Promise<unknown>; nextRequestAt: number; restUntil: number };

/**
 * How long a 429 or 503 asks to wait: its `Retry-After` (seconds, or a date of the board's own
 * clock, so counted from the real time), or a minute.
 */
function retryAfter(header: string | null): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? 60_000 : Math.max(0, at - Date.now());
}

/**
 * Reads a board's pages politely: a User-Agent naming the project, conditional requests,
 * one request at a time per host with a pause between two, and a host that answered 429 or 5xx is
 * left alone until its `Retry-After` (or a minute) has passed. Redirects are followed by hand so
 * that each hop is checked against the host policy.
 */
export class BoardClient {
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;
  private readonly minIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly hosts = new Map<string, HostSlot>();
  /** The bot accounts' sessions, per board and account, for the process's life. */
  private readonly sessions: BoardSessions;

  constructor(private readonly options: BoardClientOptions) {
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
    this.fetchImpl =
      options.fetch ??
      guardedFetch(options.policy, undefined, { maxBytes: this.maxBytes, overflow: "refuse" });
    this.now = options.now ?? Date.now;
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.sessions = options.sessions ?? processBoardSessions;
  }

  /**
   * Reads one page; `validators` from its previous read make the request conditional. With the
   * forum's bot `account`, the page is read in the account's session when it has one (it logs in
   * only when a page asks for it: see {@link logIn}), so a wrong account never stops what guests read.
   */
  get(url: string, validators?: PageValidators, account?: BoardAccount): Promise<FetchedPage> {
    return this.queued(url, (slot) =>
      this.request(url, slot, validators, account === undefined ? null : this.sessions.jar(account)),
    );
  }

  /**
   * Logs the account in afresh (its session is gone: the board showed a login form to it). A wrong
   * name or password throws `login_refused`; the password goes only to the board's own login form.
   * A login of the same account already under way (by the PMs or the replies) is waited for instead.
   */
  logIn(account: BoardAccount): Promise<void> {
    return this.sessions.logInOnce(account, (jar) =>
      this.queued(account.baseUrl, (slot) => this.logInNow(slot, jar, account)),
    );
  }

  /** Runs `work` in the host's turn: one request at a time per host. */
  private queued<T>(url: string, work: (slot: HostSlot) => Promise<T>): Promise<T> {
    const host = new URL(url).host;
    const slot = this.hosts.get(host) ?? { queue: Promise.resolve(), nextRequestAt: 0, restUntil: 0 };
    this.hosts.set(host, slot);
    const run = slot.queue.then(() => work(slot));
    slot.queue = run.catch(() => undefined);
    return run;
  }

  private logInNow(slot: HostSlot, jar: CookieJar, account: BoardAccount): Promise<void> {
    const request = async (j: CookieJar, url: URL, body?: FormPost): Promise<BoardAnswer> => {
      const response = await this.exchange(url.toString(), slot, j, body === undefined ? {} : { body });
      if (response.status === 304) throw new BoardFetchError("http_error", "HTTP 304 to a login step");
      const page = await this.fresh(response, url.toString());
      return { status: response.status, location: response.headers.get("location"), ...page };
    };
    return logIn(request, jar, account, sessionFailure);
  }

  /**
   * One request, paced and checked: the host's rest is kept, the address is checked against the
   * policy, the session's cookies go along and come back; a 429 or 5xx throws.
   */
  private async exchange(
    url: string,
    slot: HostSlot,
    jar: CookieJar | null,
    extra: { readonly headers?: Record<string, string>; readonly body?: FormPost },
  ): Promise<Response> {
    const rest = slot.restUntil - this.now();
    if (rest > 0)
      throw new BoardFetchError("host_resting", `host resting for ${Math.ceil(rest / 1000)} s`, rest);
    const pause = slot.nextRequestAt - Date.now();
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    const refusal = boardHostProblem(url, this.options.policy);
    if (refusal) throw new BoardFetchError("refused_host", `refused address ${url}: ${refusal}`);
    const headers: Record<string, string> = {
      "user-agent": USER_AGENT,
      accept: "text/html,application/xhtml+xml",
      ...extra.headers,
    };
    const cookie = jar?.header() ?? null;
    if (cookie !== null) headers.cookie = cookie;
    if (extra.body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: extra.body === undefined ? "GET" : "POST",
        headers,
        ...(extra.body === undefined ? {} : { body: encodeForm(extra.body.fields, extra.body.charset) }),
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      slot.nextRequestAt = Date.now() + this.minIntervalMs;
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === "EDESTINATIONREFUSED")
        throw new BoardFetchError("refused_host", `refused address ${url}: not a public host`);
      if (code === "EANSWERTOOLARGE") throw new BoardFetchError("too_large", "page too large");
      throw new BoardFetchError("network", error instanceof Error ? error.message : String(error));
    }
    slot.nextRequestAt = Date.now() + this.minIntervalMs;
    jar?.store(response.headers.getSetCookie(), this.now());
    if (response.status === 429 || response.status >= 500) {
      const rest = retryAfter(response.headers.get("retry-after"));
      slot.restUntil = this.now() + rest;
      await response.body?.cancel();
      const code = response.status === 429 ? "rate_limited" : "server_error";
      throw new BoardFetchError(code, `HTTP ${response.status} from ${url}`, rest);
    }
    return response;
  }

  /**
   * A page's body read whole (within the size limit), in the charset its answer declares (the
   * header's, else the page's `<meta>`: older boards still serve ISO-8859-1).
   */
  private async fresh(response: Response, url: string): Promise<{ html: string; charset: string }> {
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > this.maxBytes) {
      await response.body?.cancel();
      throw new BoardFetchError("too_large", `page of ${length} bytes`);
    }
    let bytes: ArrayBuffer;
    try {
      bytes = await response.arrayBuffer();
    } catch (error) {
      throw new BoardFetchError(
        "network",
        `${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (bytes.byteLength > this.maxBytes) throw new BoardFetchError("too_large", "page too large");
    return decodePage(bytes, response.headers.get("content-type"));
  }

  private async request(
    url: string,
    slot: HostSlot,
    validators: PageValidators | undefined,
    jar: CookieJar | null,
  ): Promise<FetchedPage> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const headers: Record<string, string> = {};
      if (hop === 0 && validators?.etag) headers["if-none-match"] = validators.etag;
      if (hop === 0 && validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
      // The session's cookies stay on the board: a redirect elsewhere is followed without them.
      const sameBoard = new URL(current).origin === new URL(url).origin;
      const response = await this.exchange(current, slot, sameBoard ? jar : null, { headers });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
        await response.body?.cancel();
        current = new URL(location, current).toString();
        continue;
      }
      if (response.status === 304) return { status: "unchanged", url: current };
      if (!response.ok) {
        await response.body?.cancel();
        throw new BoardFetchError("http_error", `HTTP ${response.status} from ${current}`);
      }
      const { html } = await this.fresh(response, current);
      return {
        status: "fresh",
        url: current,
        html,
        etag: response.headers.get("etag"),
        lastModified: response.headers.get("last-modified"),
      };
    }
    throw new BoardFetchError("http_error", `too many redirects from ${url}`);
  }
}
