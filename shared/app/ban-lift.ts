import type { DuelCommand } from "../domain/commands.js";
import type { Actor } from "../domain/events.js";
import { DomainError } from "../errors.js";
import type { Clock } from "../ports/clock.js";
import type { DuelRepository } from "../ports/duel-repository.js";
import type { DuelistStore } from "../ports/duelist-store.js";
import { refusalTexts } from "../texts/refusals.js";
import type { DuelService } from "./duel-service.js";

export interface BanLiftDeps {
  readonly store: Pick<DuelRepository, "loadDuel"> & Pick<DuelistStore, "getDuelist">;
  readonly duels: DuelService;
  readonly clock: Clock;
  readonly newId: () => string;
}

export interface BanLiftRequest {
  readonly forumId: string;
  readonly duelistId: string;
  readonly reason: string;
  /** The forum's admin or the operator (the edge checked the role). */
  readonly who: Actor;
}

/**
 * A ban lifted alone (R-7.1, the last word; CONTRACT.md 6 `DELETE /forums/{forumId}/bans/{duelistId}`):
 * each of the duelist's duels whose ban is in force decides its end, recorded there with who and why,
 * so the duelist's record and the club's records (CONTRACT.md 8) change with the duel, at once.
 * None in force is 404 `ban_not_found`, nothing changed.
 */
export async function liftBan(
  deps: BanLiftDeps,
  request: BanLiftRequest,
): Promise<{ readonly duelistId: string; readonly lifted: readonly { duelId: string; until: string }[] }> {
  const { forumId, duelistId, reason, who } = request;
  const now = deps.clock.now().toISOString();
  const record = await deps.store.getDuelist(forumId, duelistId);
  const duelIds = [...new Set((record?.duels ?? []).map((d) => d.duelId))];
  const lifted: { duelId: string; until: string }[] = [];
  for (const duelId of duelIds) {
    const duel = await deps.store.loadDuel(duelId);
    const ban = duel?.state.bans.find((b) => b.duelistId === duelistId && !b.ended && b.until > now);
    if (!duel || duel.state.forumId !== forumId || !ban) continue;
    const command: DuelCommand = { type: "ban.lift", now, who, duelistId, reason };
    await deps.duels.execute(duelId, command, { inputId: `b.${deps.newId()}`, forumId });
    lifted.push({ duelId, until: ban.until });
  }
  if (lifted.length === 0) throw new DomainError("ban_not_found", refusalTexts.ban_not_found, 404);
  return { duelistId, lifted };
}
