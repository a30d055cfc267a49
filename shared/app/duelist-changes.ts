import { type Duel, type DuelState, isOpened } from "../domain/state.js";
import type { DuelistChange } from "../ports/duelist-store.js";

/**
 * What a decision changes in the duelists' records: their duels' status and outcome, and their
 * bans, so a registration elsewhere can refuse a banned duelist.
 */
export function duelistChanges(before: DuelState, after: Duel, now: string): DuelistChange[] {
  const changes: DuelistChange[] = [];
  // No duel before a registration: no duelist in it yet.
  const duelistsBefore = isOpened(before) ? before.duelists : [];
  const statusChanged = before.status !== after.status;
  const outcomeChanged = after.duelists.some(
    (d) => duelistsBefore.find((b) => b.id === d.id)?.status !== d.status,
  );
  if (statusChanged || outcomeChanged) {
    for (const d of after.duelists) {
      const outcome =
        d.status === "disqualified"
          ? "disqualified"
          : after.status !== "finished"
            ? null
            : after.result.winnerId === d.id
              ? "won"
              : after.result.winnerId === null
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
  // Each duel keeps its own ban of each duelist, derived from the states rather than from the
  // events, so a ban a late post undid (a replay) is lifted too; another duel's ban is untouched.
  const ids = new Set([...duelistsBefore, ...after.duelists].map((d) => d.id));
  for (const userId of ids) {
    const was = banOf(before, userId);
    const is = banOf(after, userId);
    if (was === is) continue;
    changes.push({ type: "ban", forumId: after.forumId, userId, duelId: after.id, bannedUntil: is, at: now });
  }
  return changes;
}

/** The end of the ban this duel imposes on a duelist, while it runs. */
function banOf(state: DuelState, duelistId: string): string | null {
  if (!isOpened(state)) return null;
  return state.bans.find((b) => b.duelistId === duelistId && !b.ended)?.until ?? null;
}
