import type { ClubDuelRecord } from "../domain/club-record.js";
import type { ForumConfig } from "./forum-store.js";

/** A forum and its duels' records, as one read gives them. */
export interface ClubRead {
  /** The forum's settings, its secrets left sealed (the records are public and need none). */
  readonly forum: ForumConfig | null;
  /** Every duel's record of the forum, in no particular order. */
  readonly records: readonly ClubDuelRecord[];
}

/** The club's records (CONTRACT.md 8): one record per duel of a forum, kept with each duel's commit. */
export interface ClubStore {
  club(forumId: string): Promise<ClubRead>;
}
