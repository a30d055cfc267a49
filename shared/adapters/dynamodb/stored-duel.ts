import type { Duel, DuelBase, DuelResult, Turn } from "../../domain/state.js";

/**
 * A duel's state as a snapshot holds it. Snapshots written while the state was one record for
 * every status hold `turn`, `result` and `stoppedTurn` as null where the status has none, and the
 * oldest finished ones no `stoppedTurn`.
 */
export interface StoredDuel extends DuelBase {
  readonly status: Duel["status"];
  readonly turn?: Turn | null;
  readonly result?: DuelResult | null;
  readonly stoppedTurn?: Turn | null;
}

/** The duel a snapshot holds, in the shape its status gives (`Duel`), whichever way it was written. */
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
