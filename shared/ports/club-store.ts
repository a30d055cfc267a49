import type { ClubDuelRecord } from "../domain/club-record.js";
import type { ForumConfig } from "./forum-store.js";

/** Instants a club page's finished duels ended between: `from` included, `to` excluded (ISO). */
export interface EndedRange {
  readonly from: string;
  readonly to: string;
}

/** What a club page reads (CONTRACT.md 8). */
export interface ClubRead {
  /** The forum's settings, its secrets left sealed (the records are public and need none). */
  readonly forum: ForumConfig | null;
  /** The records of the duels running and of those that ended within the ranges read, in no order. */
  readonly records: readonly ClubDuelRecord[];
  /** When the forum's first recorded duel ended (its seasons begin there); null before any did. */
  readonly firstEndedAt: string | null;
}

/**
 * The club's records (CONTRACT.md 8): one record per duel of a forum, kept with each duel's commit,
 * indexed by the forum and by when the duel ended, so a page reads what it shows and nothing of
 * the club's past.
 */
export interface ClubStore {
  /** The forum, its secrets left sealed; an eventually consistent read (the pages are public). */
  clubForum(forumId: string): Promise<ForumConfig | null>;
  /** The forum's running duels' records and those of the duels that ended within `ended`. */
  clubRecords(forumId: string, ended: readonly EndedRange[]): Promise<Omit<ClubRead, "forum">>;
}
