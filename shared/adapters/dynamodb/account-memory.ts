import type { ForumAccount } from "../../ports/duelist-store.js";
import { remember } from "../remember.js";

/**
 * How long an account a store read or wrote answers for it in place of a read. A process that
 * serves a duel sees its duelists' accounts on every post; another process that renamed one
 * meanwhile is seen once this has passed (the next post under the new name writes it again at once:
 * a name other than the one remembered is written, as if read).
 */
export const ACCOUNT_MEMORY_MS = 60_000;
/** Accounts remembered at once: the authors of the duels a process serves. */
const ACCOUNT_MEMORY_SIZE = 2000;

/** The forums' accounts a store read or wrote lately, so that the next post of an author need not read theirs. */
export class AccountMemory {
  private readonly known = new Map<string, { readonly account: ForumAccount; readonly until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The account as this store last read or wrote it, if that was lately. */
  recall(forumId: string, userId: string): ForumAccount | undefined {
    const kept = this.known.get(`${forumId}\n${userId}`);
    return kept && kept.until > this.now() ? kept.account : undefined;
  }

  /** An account as it is stored now (read, or written by a commit that succeeded). */
  remember(forumId: string, account: ForumAccount): void {
    const until = this.now() + ACCOUNT_MEMORY_MS;
    remember(this.known, `${forumId}\n${account.userId}`, { account, until }, ACCOUNT_MEMORY_SIZE);
  }
}
