import type { DuelState } from "../domain/state.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { ForumactifSource } from "./source-settings.js";

/** A duel is read while it is registered or active (CONTRACT.md 4.4). */
export function isWatched(status: DuelState["status"]): boolean {
  return status === "registered" || status === "active";
}

/** The forum's Forumactif source, if it has one. */
export function forumactifSource(forum: ForumConfig | null): ForumactifSource | null {
  return forum?.source?.type === "forumactif" ? forum.source : null;
}
