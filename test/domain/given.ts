import { expect } from "vitest";
import type { DuelCommand } from "../../shared/domain/commands.js";
import { decide } from "../../shared/domain/decide.js";
import type { DuelEvent } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import { initialState } from "../../shared/domain/state.js";

/** What a decision should be: its events (each as much as the test names), or a refusal. */
type Expected = readonly Record<string, unknown>[] | Refusal;

class Refusal {
  constructor(
    readonly fields: { readonly code: string; readonly message?: string; readonly details?: unknown },
  ) {}
}

/** The decider refuses the command with this error code (and message, details when named). */
export function refused(code: string, more: { message?: string; details?: unknown } = {}): Refusal {
  return new Refusal({ code, ...more });
}

/**
 * Decider tests as the rules read them (STYLE.md 9): given the duel's past events, when a command,
 * then the events it decides, in order and no more, or the error it refuses with.
 */
export function given(...history: (readonly DuelEvent[])[]) {
  const state = fold(initialState, history.flat());
  return {
    when: (command: DuelCommand) => ({
      then(expected: Expected): void {
        const decision = () => decide(command, state, "when");
        if (expected instanceof Refusal) {
          expect(decision).toThrowError(expect.objectContaining(expected.fields));
          return;
        }
        const events = decision();
        expect(events).toHaveLength(expected.length);
        expect(events).toMatchObject(expected);
      },
    }),
  };
}
