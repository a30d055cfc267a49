import type { ForumAccount } from "../ports/duelist-store.js";
import { normalizeKey } from "./normalize.js";

/** Which forum account a name written by a referee is, or why it is none. */
export type AccountLookup =
  | { readonly kind: "found"; readonly account: Pick<ForumAccount, "userId" | "name"> }
  | { readonly kind: "unknown" }
  | { readonly kind: "ambiguous"; readonly candidates: readonly ForumAccount[] };

/** `#42`, or `#42 Alice Dubois`: an account number, and the name to give an account not seen yet. */
const ACCOUNT_NUMBER = /^#\s*(\S+)(?:\s+(.+))?$/;

/**
 * Finds the account a referee names: `@login` by login, `#42` by account id, anything else by the
 * name the forum shows or the login, without case or accents. Unlike a duelist in a duel, a first
 * name alone is not enough: a forum has far more accounts than a duel has duelists, and guessing
 * would register the wrong person.
 *
 * Only the authors of posts already received are known; `#42 Alice Dubois` also names an account
 * that has posted nothing yet (a new forum): its number is the forum's, the name the referee's.
 */
export function findAccount(written: string, accounts: readonly ForumAccount[]): AccountLookup {
  const text = written.trim();
  let matches: ForumAccount[];
  const numbered = ACCOUNT_NUMBER.exec(text);
  if (text.startsWith("@")) {
    const login = text.slice(1).toLowerCase();
    matches = accounts.filter((a) => a.username?.toLowerCase() === login);
  } else if (numbered) {
    const [, userId = "", name = ""] = numbered;
    matches = accounts.filter((a) => a.userId === userId);
    if (matches.length === 0 && name.trim() !== "")
      return { kind: "found", account: { userId, name: name.trim() } };
  } else {
    const key = normalizeKey(text);
    matches =
      key.length === 0
        ? []
        : accounts.filter(
            (a) =>
              normalizeKey(a.name) === key || (a.username !== undefined && normalizeKey(a.username) === key),
          );
  }
  const byId = [...new Map(matches.map((a) => [a.userId, a])).values()];
  const [only] = byId;
  if (byId.length === 1 && only) return { kind: "found", account: only };
  return byId.length > 1 ? { kind: "ambiguous", candidates: byId } : { kind: "unknown" };
}
