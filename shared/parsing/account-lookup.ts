import type { ForumAccount } from "../ports/duel-store.js";
import { normalizeKey } from "./normalize.js";

/** Which forum account a name written by a referee is, or why it is none. */
export type AccountLookup =
  | { readonly kind: "found"; readonly account: ForumAccount }
  | { readonly kind: "unknown" }
  | { readonly kind: "ambiguous"; readonly candidates: readonly ForumAccount[] };

/**
 * Finds the account a referee names: `@login` by login, `#42` by account id, anything else by the
 * name the forum shows or the login, without case or accents. Unlike a duelist in a duel, a first
 * name alone is not enough: a forum has far more accounts than a duel has duelists, and guessing
 * would register the wrong person.
 */
export function findAccount(written: string, accounts: readonly ForumAccount[]): AccountLookup {
  const text = written.trim();
  let matches: ForumAccount[];
  if (text.startsWith("@")) {
    const login = text.slice(1).toLowerCase();
    matches = accounts.filter((a) => a.username?.toLowerCase() === login);
  } else if (text.startsWith("#")) {
    matches = accounts.filter((a) => a.userId === text.slice(1).trim());
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
