import type { DuelCommand } from "../domain/commands.js";
import type { Actor, DuelEvent } from "../domain/events.js";
import type { RefereeCommandBody } from "../domain/referee-actions.js";
import { type Duel, isOpened } from "../domain/state.js";
import { DomainError } from "../errors.js";
import type { Clock } from "../ports/clock.js";
import type { DuelRepository } from "../ports/duel-repository.js";
import { errorTexts } from "../texts/errors.js";
import type { DuelService, Outcome } from "./duel-service.js";

type RefereeDecision = Extract<DuelCommand, { type: "referee" }>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export interface RefereeCommandDeps {
  readonly store: Pick<DuelRepository, "loadDuel">;
  readonly duels: DuelService;
  readonly clock: Clock;
  readonly newId: () => string;
}

/** A referee's decision as the API or the desk received it, its caller known. */
export interface RefereeCommandRequest {
  readonly duelId: string;
  readonly body: RefereeCommandBody;
  /** Who decides (CONTRACT.md 3.1), named in the audit log. */
  readonly who: Actor;
  /** Throws the edge's refusal (403) when the caller may not decide in this forum's duels. */
  readonly authorize: (forumId: string) => void;
  /** Makes a retry (or a form submitted twice) apply once. */
  readonly idempotencyKey?: string | undefined;
}

export interface RefereeCommandOutcome {
  readonly result: "applied" | "duplicate" | "ignored";
  readonly events: readonly DuelEvent[];
  /** The duel after the command; as it was read when the command was a duplicate. */
  readonly state: Duel;
}

/**
 * A referee command (CONTRACT.md section 6, R-7.1), validated by `refereeCommandBodySchema`, on
 * its way to the decider: the one path shared by `POST /duels/{id}/commands` and the desk's
 * forms, so a form can do nothing the API cannot. The duel is read to learn its forum (the caller
 * must be allowed there) and its referee, in whose name the decision is made.
 */
export async function runRefereeCommand(
  deps: RefereeCommandDeps,
  request: RefereeCommandRequest,
): Promise<RefereeCommandOutcome> {
  const { duelId, idempotencyKey } = request;
  const duel = await deps.store.loadDuel(duelId);
  if (!duel) throw new DomainError("duel_not_found", errorTexts.duel_not_found, 404);
  request.authorize(duel.state.forumId);
  // The key becomes part of a stored dedup key: only characters every store keeps as they are.
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new DomainError("invalid_idempotency_key", errorTexts.invalid_idempotency_key, 400);
  }
  const { reason, ...action } = request.body;
  const command: RefereeDecision = {
    type: "referee",
    now: deps.clock.now().toISOString(),
    by: { id: duel.state.referee.id, via: "api", who: request.who },
    action,
    ...(reason ? { reason } : {}),
  };
  const options = {
    inputId: `r.${idempotencyKey ?? deps.newId()}`,
    forumId: duel.state.forumId,
    dedupKeys: idempotencyKey ? [{ kind: "command" as const, duelId, idempotencyKey }] : [],
  };
  let outcome: Outcome;
  try {
    outcome = await deps.duels.execute(duelId, command, options);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // a refused decision is recorded, only as refused, under the same input and keys, so a
    // retry with the same Idempotency-Key finds it and records nothing more. The caller's answer
    // is the refusal itself, unchanged.
    await deps.duels.execute(
      duelId,
      { ...command, refused: { code: error.code, message: error.message } },
      options,
    );
    throw error;
  }
  return {
    result: outcome.result,
    events: outcome.events,
    state: outcome.result === "duplicate" || !isOpened(outcome.state) ? duel.state : outcome.state,
  };
}
