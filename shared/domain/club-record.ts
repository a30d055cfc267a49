import type { Duel, DuelResult } from "./state.js";

/**
 * What the club's records keep of one duel (CONTRACT.md 8): who played, how it ended, the faults
 * that stand, the stakes and the bans it imposes. Derived from the duel's state alone, so a
 * cancelled disqualification, a revised winner or a lifted ban changes the record with the duel,
 * in the same commit: the records never hold a second truth.
 */
export interface ClubDuelRecord {
  readonly duelId: string;
  readonly forumId: string;
  readonly threadId: string;
  /** The thread's title where known (absent from records stored before it was kept). */
  readonly threadTitle?: string | null;
  readonly status: Duel["status"];
  readonly createdAt: string;
  readonly duelists: readonly ClubDuelist[];
  /** The turn being played, while the duel runs. */
  readonly turn: { readonly duelistId: string; readonly number: number; readonly deadline: string } | null;
  /** When it finished; null while it runs (and for a finished duel stored before the end was dated). */
  readonly endedAt: string | null;
  readonly winnerId: string | null;
  readonly reason: DuelResult["reason"] | null;
  readonly stakes: string | null;
  /** As the referee recorded it after the end; null until then. */
  readonly stakesHonoured: boolean | null;
  /** The bans this duel imposes that have not ended. */
  readonly bans: readonly { readonly duelistId: string; readonly until: string }[];
}

export interface ClubDuelist {
  readonly id: string;
  readonly name: string;
  readonly outcome: "won" | "lost" | "draw" | "disqualified" | null;
  /** Faults that stand (cancelled ones do not count). */
  readonly actionFaults: number;
  readonly absenceFaults: number;
}

/** The duel's record as the club's records show it. */
export function clubRecordOf(duel: Duel): ClubDuelRecord {
  const finished = duel.status === "finished" ? duel : null;
  const standing = duel.faults.filter((f) => !f.cancelled);
  return {
    duelId: duel.id,
    forumId: duel.forumId,
    threadId: duel.threadId,
    threadTitle: duel.threadTitle ?? null,
    status: duel.status,
    createdAt: duel.createdAt,
    duelists: duel.duelists.map((d) => ({
      id: d.id,
      name: d.name,
      outcome:
        d.status === "disqualified"
          ? "disqualified"
          : !finished
            ? null
            : finished.result.winnerId === d.id
              ? "won"
              : finished.result.winnerId === null
                ? "draw"
                : "lost",
      actionFaults: standing.filter((f) => f.duelistId === d.id && f.kind === "action").length,
      absenceFaults: standing.filter((f) => f.duelistId === d.id && f.kind === "absence").length,
    })),
    turn:
      duel.status === "active"
        ? { duelistId: duel.turn.duelistId, number: duel.turn.number, deadline: duel.turn.deadline }
        : null,
    endedAt: finished?.endedAt ?? null,
    winnerId: finished?.result.winnerId ?? null,
    reason: finished?.result.reason ?? null,
    stakes: duel.stakes,
    stakesHonoured: finished ? (duel.stakesHonoured ?? null) : null,
    bans: duel.bans.filter((b) => !b.ended).map((b) => ({ duelistId: b.duelistId, until: b.until })),
  };
}

/**
 * The duel's record when a decision changed it, for the commit to write; undefined when it is as
 * it was (most posts change only the points, which the records do not keep).
 */
export function changedClubRecord(before: Duel | null, after: Duel): ClubDuelRecord | undefined {
  const record = clubRecordOf(after);
  if (before && JSON.stringify(clubRecordOf(before)) === JSON.stringify(record)) return undefined;
  return record;
}
