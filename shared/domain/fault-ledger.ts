import { type Ruleset, type Year, yearKey } from "../rules/ruleset.js";
import type { FaultRecord } from "./state.js";

/** What one standing fault brings, counted again from the duelist's standing faults. */
export interface FaultStanding {
  readonly eventId: string;
  readonly sanctionPoints: number;
  /** Points the sanction actually took (fewer than its points when it reached 0, R-1.6). */
  readonly lostPoints: number;
  readonly disqualified: boolean;
  readonly counted: boolean;
}

export interface FaultLedger {
  readonly faults: readonly FaultStanding[];
  /** The running counter of. */
  readonly actionFaults: number;
  readonly absenceFaults: number;
}

/** Points a fault's sanction took; a stored record that lacks the figure counts its nominal points. */
export function lostPointsOf(fault: FaultRecord): number {
  return fault.lostPoints ?? fault.sanctionPoints;
}

/**
 * A duelist's faults counted again, in the order they were given, as the sanction rules count
 * them: every n-th action fault brings the year's sanction and closes the cycle,
 * the k-th absence fault the k-th line of the absence table. Applied to the faults
 * left once one is cancelled, it says what the duel would hold had that fault never been.
 * A fault whose sanction is unchanged keeps the points it actually took.
 */
export function faultLedger(ruleset: Ruleset, year: Year, faults: readonly FaultRecord[]): FaultLedger {
  const threshold = ruleset.actionFaultsBeforeSanction;
  const table = ruleset.absenceSanctions;
  const out: FaultStanding[] = [];
  let cycle: number[] = [];
  let absences = 0;
  for (const fault of faults) {
    let sanctionPoints = 0;
    let disqualified = false;
    let counted = true;
    if (fault.kind === "action") {
      cycle.push(out.length);
      if (cycle.length >= threshold) {
        sanctionPoints = ruleset.actionFaultSanction[yearKey(year)];
        for (const i of cycle) {
          const earlier = out[i];
          if (earlier) out[i] = { ...earlier, counted: false };
        }
        counted = false;
        cycle = [];
      }
    } else {
      absences += 1;
      const line = table[Math.min(absences, table.length) - 1];
      sanctionPoints = line?.points ?? 0;
      disqualified = line?.disqualify ?? false;
    }
    const lostPoints = sanctionPoints === fault.sanctionPoints ? lostPointsOf(fault) : sanctionPoints;
    out.push({ eventId: fault.eventId, sanctionPoints, lostPoints, disqualified, counted });
  }
  return { faults: out, actionFaults: cycle.length, absenceFaults: absences };
}
