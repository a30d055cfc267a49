import { DomainError } from "../errors.js";
import { refusalTexts as say } from "../texts/refusals.js";
import type { Emitter } from "./emitter.js";
import { type DuelistState, duelistOf } from "./state.js";

/** What every referee decision shares: how it is recorded, and the reason given with it. */
export interface Ruling {
  /** Records the decision, once its preconditions hold and before its effects. */
  readonly record: () => void;
  readonly reason: string | undefined;
  /** The reason as an event's field (absent when none was given). */
  readonly because: { readonly reason?: string };
}

export function requireDuelist(e: Emitter, id: string): DuelistState {
  const duelist = duelistOf(e.state, id);
  if (!duelist) throw new DomainError("duelist_not_found", say.duelist_not_found(id), 404);
  return duelist;
}

export function requireRunning(e: Emitter): void {
  if (e.state.status === "finished") throw new DomainError("duel_finished", say.duel_finished, 409);
}

export function requireActive(d: DuelistState): void {
  if (d.status !== "active") throw new DomainError("duelist_not_active", say.duelist_not_active(d.name), 409);
}
