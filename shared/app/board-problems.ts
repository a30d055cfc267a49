import { DeliveryError } from "../errors.js";
import type { PollStore } from "../ports/poll-store.js";

/** How long a process trusts that a forum's board problem is cleared before clearing it again. */
const CLEAR_EVERY_MS = 60_000;

/**
 * The board problems of CONTRACT.md 4.4 as the relay meets them: a write refused in a way no wait
 * helps (`board_blocked`: a captcha, the bot's login refused, an unknown recipient) is recorded at
 * once for the forum's admin (desk and `GET /status`); a write to that forum's board that goes
 * through clears it (once a minute per process at most: a write costs no extra storage write).
 */
export class BoardProblems {
  private readonly cleared = new Map<string, number>();

  constructor(
    private readonly store: Pick<PollStore, "setBoardProblem">,
    private readonly now: () => Date,
  ) {}

  /** Records the failure when it is a board problem; never throws (the delivery's failure stands). */
  async failed(forumId: string, error: unknown): Promise<void> {
    if (!(error instanceof DeliveryError) || error.code !== "board_blocked") return;
    this.cleared.delete(forumId);
    const at = this.now().toISOString();
    await this.store.setBoardProblem(forumId, { forumId, problem: error.message, at }).catch(() => undefined);
  }

  /** A write to the forum's board went through: its problem, if any, is over. */
  async wentThrough(forumId: string): Promise<void> {
    const now = this.now().getTime();
    const last = this.cleared.get(forumId);
    if (last !== undefined && now - last < CLEAR_EVERY_MS) return;
    this.cleared.set(forumId, now);
    await this.store.setBoardProblem(forumId, null).catch(() => undefined);
  }
}
