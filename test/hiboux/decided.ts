import { effectsOf } from "../../shared/app/effects.js";
import type { DuelEvent } from "../../shared/domain/events.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import { type Effect, entriesOf } from "../../shared/ports/outbox-store.js";
import type { Duel } from "../domain/fixtures.js";

/**
 * What one decision writes to the outbox, as the app layer writes it: `run` decides on `duel`;
 * `now` is when the decision is taken (the duel's clock unless given).
 */
export function decided(
  duel: Duel,
  run: () => readonly DuelEvent[],
  forum: ForumConfig,
  now?: string,
): Effect[] {
  const before = duel.state;
  const events = run();
  const command = duel.inputs.at(-1);
  return effectsOf({
    forum,
    before,
    after: duel.state,
    events,
    ...(command ? { command } : {}),
    revised: [],
    timers: { schedule: [], cancel: [] },
    version: 2,
    now: now ?? duel.now,
  })
    .flatMap(entriesOf)
    .map((e) => e.effect);
}

/** The hiboux among a decision's effects. */
export const hibouxOf = (effects: readonly Effect[]): Hibou[] =>
  effects.flatMap((e) => (e.type === "notify" ? [e.hibou] : []));
