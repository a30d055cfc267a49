import type { DuelCommand } from "../domain/commands.js";
import type { ExecuteOptions, Outcome } from "./decision.js";
import { DuelBatches } from "./duel-batches.js";
import { DuelDecisions, type DuelServiceDeps } from "./duel-decisions.js";

export type { ExecuteOptions, Outcome } from "./decision.js";
export {
  type Committed,
  type DecisionObserver,
  type DuelServiceDeps,
  jitteredBackoff,
} from "./duel-decisions.js";

/**
 * Where every command to a duel goes. The decision path is `DuelDecisions` (load, decide, derive
 * the effects, commit; again after a conflict); within this process a duel's commands wait their
 * turn and a burst's posts are committed together (`DuelBatches`, which drives that path); every
 * outcome is told to the observer (the business metrics).
 */
export class DuelService {
  private readonly batches: DuelBatches;

  constructor(private readonly deps: DuelServiceDeps) {
    this.batches = new DuelBatches(new DuelDecisions(deps), deps.store, deps.maxCommitItems);
  }

  async execute(duelId: string, command: DuelCommand, options: ExecuteOptions): Promise<Outcome> {
    const outcome = await this.batches.execute(duelId, command, options);
    this.deps.observer?.decided(command, outcome);
    return outcome;
  }
}
