import type { Actor, DuelEvent } from "../domain/events.js";
import type { RefereeCommandBody } from "../domain/referee-actions.js";
import { type Duel, isOpened } from "../domain/state.js";
import { DomainError } from "../errors.js";
import type { Clock } from "../ports/clock.js";
import type { DuelStore } from "../ports/duel-store.js";
import { errorTexts } from "../texts/errors.js";
import type { DuelService } from "./duel-service.js";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export interface RefereeCommandDeps {
  readonly store: Pick<DuelStore, "loadDuel">;
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
  const outcome = await deps.duels.execute(
    duelId,
    {
      type: "referee",
      now: deps.clock.now().toISOString(),
      by: { id: duel.state.referee.id, via: "api", who: request.who },
      action,
      ...(reason ? { reason } : {}),
    },
    {
      inputId: `r.${idempotencyKey ?? deps.newId()}`,
      forumId: duel.state.forumId,
      dedupKeys: idempotencyKey ? [`command#${duelId}#${idempotencyKey}`] : [],
    },
  );
  return {
    result: outcome.result,
    events: outcome.events,
    state: outcome.result === "duplicate" || !isOpened(outcome.state) ? duel.state : outcome.state,
  };
}
