import type { Duel, DuelBase, DuelResult, Turn } from "../../domain/state.js";

/**
 * A duel's state as a snapshot holds it: one record for every status, where `turn`, `result` and
 * `stoppedTurn` may be null or absent when the status has none.
 */
export interface StoredDuel extends DuelBase {
  readonly status: Duel["status"];
  readonly turn?: Turn | null;
  readonly result?: DuelResult | null;
  readonly stoppedTurn?: Turn | null;
}

/** The duel a snapshot holds, in the shape its status gives (`Duel`). */
export function duelOfStored(stored: StoredDuel): Duel {
  const { status, turn, result, stoppedTurn, ...base } = stored;
  switch (status) {
    case "registered":
      return { ...base, status };
    case "active":
      if (!turn) throw new Error(`duel ${stored.id}: running without a turn in its snapshot`);
      return { ...base, status, turn };
    case "finished":
      if (!result) throw new Error(`duel ${stored.id}: finished without a result in its snapshot`);
      return { ...base, status, result, stoppedTurn: stoppedTurn ?? null };
  }
}
