import type { DuelEvent } from "../../domain/events.js";
import type { RefereeCommandBody } from "../../domain/referee-actions.js";
import type { DuelState } from "../../domain/state.js";
import { ApiError } from "../../errors.js";
import { requireForum } from "../access.js";
import type { AppDeps } from "../deps.js";
import { decidedBy, type Principal } from "../principal.js";
import { parseDuelId } from "../webhook-schemas.js";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export interface RefereeCommandOutcome {
  readonly result: "applied" | "duplicate" | "ignored";
  readonly events: readonly DuelEvent[];
  /** The duel after the command; as it was read when the command was a duplicate. */
  readonly state: DuelState;
}

/**
 * A referee command (CONTRACT.md section 6, R-7.1), validated by `refereeCommandBodySchema`, on
 * its way to the decider: the one path shared by `POST /duels/{id}/commands` and the admin page's
 * forms, so a form can do nothing the API cannot. An idempotency key makes a retry (or a form
 * submitted twice) apply once. Only the operator and that forum's people may decide (403
 * `forbidden_forum`), and the audit log names who did (CONTRACT.md 3.1).
 */
export async function runRefereeCommand(
  deps: AppDeps,
  principal: Principal,
  duelId: string,
  body: RefereeCommandBody,
  idempotencyKey?: string,
): Promise<RefereeCommandOutcome> {
  const duel = await deps.store.loadDuel(parseDuelId(duelId));
  if (!duel) throw new ApiError(404, "duel_not_found", "Duel inconnu.");
  requireForum(principal, duel.state.forumId);
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new ApiError(
      400,
      "invalid_idempotency_key",
      "Idempotency-Key : 100 caractères au plus, lettres, chiffres et -_.:",
    );
  }
  const { reason, ...action } = body;
  const outcome = await deps.duels.execute(
    duelId,
    {
      type: "referee",
      now: deps.clock.now().toISOString(),
      by: { id: duel.state.referee.id, via: "api", who: decidedBy(principal) },
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
    state: outcome.result === "duplicate" ? duel.state : outcome.state,
  };
}
