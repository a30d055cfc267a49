import type { DuelEvent } from "../domain/events.js";
import type { DuelState } from "../domain/state.js";
import type { DuelistChange } from "../ports/duel-store.js";

/**
 * What a decision changes in the duelists' records: their duels' status and outcome, and their
 * bans, so a registration elsewhere can refuse a banned duelist.
 */
export function duelistChanges(
  before: DuelState,
  after: DuelState,
  events: readonly DuelEvent[],
  now: string,
): DuelistChange[] {
  const changes: DuelistChange[] = [];
  const statusChanged = before.status !== after.status;
  const outcomeChanged = after.duelists.some(
    (d) => before.duelists.find((b) => b.id === d.id)?.status !== d.status,
  );
  if (statusChanged || outcomeChanged) {
    for (const d of after.duelists) {
      const outcome =
        d.status === "disqualified"
          ? "disqualified"
          : after.status !== "finished"
            ? null
            : after.result?.winnerId === d.id
              ? "won"
              : after.result?.winnerId === null
                ? "draw"
                : "lost";
      changes.push({
        type: "duel",
        forumId: after.forumId,
        userId: d.id,
        duelId: after.id,
        threadId: after.threadId,
        status: after.status,
        outcome,
        at: now,
      });
    }
  }
  for (const event of events) {
    if (event.type === "ban.started") {
      changes.push({
        type: "ban",
        forumId: after.forumId,
        userId: event.duelistId,
        bannedUntil: event.until,
        at: now,
      });
    } else if (event.type === "ban.ended") {
      changes.push({
        type: "ban",
        forumId: after.forumId,
        userId: event.duelistId,
        bannedUntil: null,
        at: now,
      });
    }
  }
  return changes;
}
