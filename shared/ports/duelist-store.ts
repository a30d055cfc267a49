import type { DuelState } from "../domain/state.js";

/** A change to a duelist's record that a duel's events imply (registration, bans, results). */
export type DuelistChange =
  | {
      readonly type: "duel";
      readonly forumId: string;
      readonly userId: string;
      readonly duelId: string;
      readonly threadId: string;
      readonly status: DuelState["status"];
      readonly outcome: "won" | "lost" | "draw" | "disqualified" | null;
      readonly at: string;
    }
  | {
      /** The ban one duel imposes on a duelist, or null when that duel's ban is over or undone. */
      readonly type: "ban";
      readonly forumId: string;
      readonly userId: string;
      readonly duelId: string;
      readonly bannedUntil: string | null;
      readonly at: string;
    };

/** A duelist's record across duels: bans and history (CONTRACT.md `GET /duelists/...`). */
export interface DuelistRecord {
  readonly forumId: string;
  readonly userId: string;
  readonly bannedUntil: string | null;
  readonly duels: readonly {
    readonly duelId: string;
    readonly threadId: string;
    readonly status: DuelState["status"];
    readonly outcome: "won" | "lost" | "draw" | "disqualified" | null;
    readonly at: string;
  }[];
}

/**
 * An account of a forum as its posts show it: the author's id, display name and login (Discourse's
 * username). Kept so that a referee can name duelists in the thread (CONTRACT.md 6).
 */
export interface ForumAccount {
  readonly userId: string;
  readonly name: string;
  readonly username?: string;
  readonly seenAt: string;
}

/** Duelists across duels (their bans and history) and the accounts a forum's posts show. */
export interface DuelistStore {
  getDuelist(forumId: string, userId: string): Promise<DuelistRecord | null>;
  /** Bans in force for these users, for registration. */
  bansOf(forumId: string, userIds: readonly string[]): Promise<Record<string, string | null>>;
  /** Records (or refreshes) the author of a post seen in the forum. */
  rememberAccount(forumId: string, account: ForumAccount): Promise<void>;
  /** Every account the forum's posts have shown. */
  listAccounts(forumId: string): Promise<ForumAccount[]>;
}
