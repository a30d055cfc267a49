import { expect } from "vitest";
import type { DuelCommand } from "../../shared/domain/commands.js";
import { decide } from "../../shared/domain/decide.js";
import type { DuelEvent } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import type { RefereeAction } from "../../shared/domain/referee-actions.js";
import { initialState } from "../../shared/domain/state.js";
import { REFEREE } from "./fixtures.js";

/**
 * Decider tests as the rules read them (STYLE.md 9): given the duel's past events, when a command,
 * then the events it decides (in order and no more, each as much as the test names) or the error
 * it refuses with. (`then` itself would make the object a thenable, which `await` would call.)
 */
export function given(...history: (readonly DuelEvent[])[]) {
  const state = fold(initialState, history.flat());
  return {
    when(command: DuelCommand) {
      const decision = () => decide(command, state, "when");
      return {
        decides(expected: readonly Record<string, unknown>[]): void {
          const events = decision();
          expect(events).toHaveLength(expected.length);
          expect(events).toMatchObject(expected);
        },
        refuses(code: string, more: { message?: string; details?: unknown; status?: number } = {}): void {
          expect(decision).toThrowError(expect.objectContaining({ code, ...more }));
        },
      };
    },
  };
}

/** The duel's referee deciding through the API at `now` (a reason given when there is one). */
export function refereeDecides(action: RefereeAction, now: string, reason?: string): DuelCommand {
  return { type: "referee", now, by: { id: REFEREE.id, via: "api" }, action, ...(reason ? { reason } : {}) };
}
