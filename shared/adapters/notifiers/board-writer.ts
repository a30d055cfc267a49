/**
 * The bot account's writes to a Forumactif board (private messages and replies), as CONTRACT.md 4.4
 * « Writing to a real board » has them: in the account's one session (shared with the reader), one
 * write at a time per board account, a write the board's flood control refused held back until the
 * wait it stated has passed, forms sent in the board's charset, and what the board did judged from
 * the shape of its answer (`shared/forumactif/board-write.ts`).
 */
import { DeliveryError } from "../../errors.js";
import type { BoardForm } from "../../forumactif/board-form.js";
import { formWithField } from "../../forumactif/board-form.js";
import {
  type BoardAccount,
  type BoardAnswer,
  type BoardSessions,
  boardPage,
  boardRoot,
  formTarget,
  logIn,
  processBoardSessions,
} from "../../forumactif/board-session.js";
import type { WriteAnswer, WriteVerdict } from "../../forumactif/board-write.js";
import type { FetchLike } from "../../net/guarded-fetch.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { boardRequest, sessionFailure } from "./board-request.js";

/** One board account's writes: the last one (the next queues behind it), and its flood control's hold. */
interface Lane {
  queue: Promise<unknown>;
  /** Until when (the deployment's clock, epoch ms) the board refuses this account's next write. */
  floodUntil: number;
}

/** The lanes of this process, shared by its PM notifier and its thread replier. */
export class WriteLanes {
  private readonly lanes = new Map<string, Lane>();

  lane(account: BoardAccount): Lane {
    const key = `${boardRoot(account.baseUrl).origin}\u0000${account.username.trim().toLowerCase()}`;
    const lane = this.lanes.get(key) ?? { queue: Promise.resolve(), floodUntil: 0 };
    this.lanes.set(key, lane);
    return lane;
  }
}

export const processWriteLanes = new WriteLanes();

export interface BoardWriterOptions {
  readonly send: FetchLike;
  readonly timeoutMs: number;
  readonly userAgent: string;
  /** The deployment's clock (epoch ms): a flood's wait is counted on it, as the relay's retries are. */
  readonly now: () => number;
  readonly sessions?: BoardSessions;
  readonly lanes?: WriteLanes;
}

/** The write the flood control holds back: nothing was sent; sent again once the wait has passed. */
function floodError(waitMs: number): DeliveryError {
  return new DeliveryError(
    notifierTexts.forumactifFlood(Math.ceil(waitMs / 1000)),
    true,
    waitMs,
    "board_flood",
  );
}

/** A failure of a write no wait helps, told at once to the forum's admin. */
export function blockedError(message: string): DeliveryError {
  return new DeliveryError(message, false, undefined, "board_blocked");
}

export type BoardWriter = ReturnType<typeof boardWriter>;

export function boardWriter(options: BoardWriterOptions) {
  const sessions = options.sessions ?? processBoardSessions;
  const lanes = options.lanes ?? processWriteLanes;
  const request = boardRequest({
    send: options.send,
    timeoutMs: options.timeoutMs,
    userAgent: options.userAgent,
    now: options.now,
  });

  /** A member's page, in the account's session: logged in first (one login at a time) when needed. */
  async function memberPage(account: BoardAccount, url: URL): Promise<BoardAnswer> {
    const jar = sessions.jar(account);
    if (jar.header() !== null) {
      const page = await boardPage(request, jar, url, sessionFailure);
      if (formWithField(page.html, "password") === null) return page;
    }
    await sessions.logInOnce(account, (fresh) => logIn(request, fresh, account, sessionFailure));
    return boardPage(request, jar, url, sessionFailure);
  }

  /**
   * Posts `form` of `page` with `values` in the account's turn, and judges the answer: done, or the
   * verdict to act on. A flood's wait is kept for the account's next writes; a write that falls in
   * it is not sent.
   */
  async function post(
    account: BoardAccount,
    page: BoardAnswer,
    form: BoardForm,
    fields: URLSearchParams,
    judge: (answer: WriteAnswer) => WriteVerdict,
  ): Promise<WriteVerdict> {
    const lane = lanes.lane(account);
    const turn = lane.queue.then(async (): Promise<WriteVerdict> => {
      const held = lane.floodUntil - options.now();
      if (held > 0) throw floodError(held);
      const base = boardRoot(account.baseUrl);
      const jar = sessions.jar(account);
      const answer = await request(jar, formTarget(form, base, "/post", sessionFailure), {
        fields,
        charset: page.charset,
      });
      const verdict = judge(answer);
      if (verdict.kind === "form_back") lane.floodUntil = options.now() + verdict.waitMs;
      if (verdict.kind === "login") jar.clear();
      return verdict;
    });
    lane.queue = turn.catch(() => undefined);
    return turn;
  }

  /** The error for a verdict that is not done (`unknown` as the caller says: retried or not). */
  function failure(verdict: Exclude<WriteVerdict, { kind: "done" }>, unknownRetried: boolean): DeliveryError {
    switch (verdict.kind) {
      case "form_back":
        return floodError(verdict.waitMs);
      case "captcha":
        return blockedError(notifierTexts.forumactifCaptcha);
      case "login":
        return new DeliveryError(notifierTexts.forumactifSessionLost, true);
      case "maintenance":
        return new DeliveryError(notifierTexts.forumactifMaintenance, true);
      case "unknown":
        return new DeliveryError(
          unknownRetried ? notifierTexts.forumactifUnexpectedRetried : notifierTexts.forumactifUnexpected,
          unknownRetried,
        );
    }
  }

  return { request, memberPage, post, failure, sessions };
}
