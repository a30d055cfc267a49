import type { DuelCommand } from "../domain/commands.js";
import type { DuelEvent } from "../domain/events.js";
import { compareOrder, type InputOrder } from "../domain/input-order.js";
import { arrivalOrder, type InputStates, isThreadOrdered, replay } from "../domain/replay.js";
import type { DuelState } from "../domain/state.js";
import type { LoadedDuel, StoredInput } from "../ports/duel-repository.js";

/** An input whose events a late post changed, with the events it had before. */
export interface RevisedInput extends StoredInput {
  readonly previous: readonly DuelEvent[];
  /** The duel around the input in the replayed order: its hiboux tell the duel as it stood then. */
  readonly states: InputStates;
}

/** What a late post's replay decided: the post's own events and place, and every verdict it changed. */
export interface LateReplay {
  /** The post's place in the thread, among every stored input. */
  readonly order: InputOrder;
  readonly events: readonly DuelEvent[];
  /** The duel around the post in its place: later inputs follow it, so the final state is not its own. */
  readonly states: InputStates;
  readonly revised: readonly RevisedInput[];
  readonly after: DuelState;
}

/**
 * Whether a thread input arrived after inputs it comes before in the thread (CONTRACT.md 4.3).
 * A post the duel has never seen counts even when it decides nothing on the state as it is now:
 * made in time, it may undo what happened after it (a deadline that ended the duel).
 */
export function isLate(
  command: DuelCommand,
  order: InputOrder,
  duel: LoadedDuel["duel"],
  decidesSomething: boolean,
): boolean {
  return (
    duel !== null && decidesSomething && isThreadOrdered(command) && compareOrder(order, duel.lastOrder) < 0
  );
}

/**
 * An input's events as verdicts to compare: the thread's title a post named is no verdict, and the
 * late post naming it first leaves a later post's verdicts as they were.
 */
function verdicts(events: readonly DuelEvent[] | undefined): string {
  return JSON.stringify(events, (key, value) => (key === "threadTitle" ? undefined : value));
}

/**
 * A late post takes its place in the thread: the whole duel is decided again in the thread's
 * order from its stored inputs, and every input whose verdict changed is returned as revised (to
 * be rewritten and announced as such). Null when the input is already stored: a duplicate.
 */
export async function replayLatePost(
  store: { readWholeDuel(duelId: string): Promise<StoredInput[]> },
  duelId: string,
  command: DuelCommand,
  inputId: string,
  order: InputOrder,
  sequence: number,
): Promise<LateReplay | null> {
  const stored = await store.readWholeDuel(duelId);
  if (stored.some((i) => i.inputId === inputId)) return null;
  const placed = arrivalOrder(
    order,
    command,
    sequence,
    stored.map((i) => i.order),
  );
  const replayed = replay([...stored, { order: placed, inputId, command }]);
  const previous = new Map(stored.map((i) => [i.inputId, i.events]));
  const revised = replayed.inputs
    .filter((i) => i.inputId !== inputId && verdicts(previous.get(i.inputId)) !== verdicts(i.events))
    .map(({ order, inputId, command, events, before, after }) => ({
      order,
      inputId,
      command,
      events,
      previous: previous.get(inputId) ?? [],
      states: { before, after },
    }));
  const own = replayed.inputs.find((i) => i.inputId === inputId);
  return {
    order: placed,
    events: own?.events ?? [],
    states: own
      ? { before: own.before, after: own.after }
      : { before: replayed.state, after: replayed.state },
    revised,
    after: replayed.state,
  };
}
