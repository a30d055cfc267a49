import { DomainError } from "../errors.js";
import type { DuelCommand } from "./commands.js";
import { decide } from "./decide.js";
import { rejection } from "./decide-referee.js";
import { stamp } from "./emitter.js";
import type { DuelEvent } from "./events.js";
import { fold } from "./evolve.js";
import { compareOrder, type InputOrder, sortablePostId } from "./input-order.js";
import { postInstant } from "./minute-doubt.js";
import { type DuelState, initialState } from "./state.js";

/**
 * Where an input sits in the duel's order (CONTRACT.md 4.3): posts by their time in the thread,
 * then post id; at the same instant a post comes before a timer (a post at the deadline is in
 * time). Registration always sorts first. A post shown to the minute only sits where the doubt
 * favours its author (minute-doubt.ts), as the duel `state` it arrives in tells.
 */
export function inputOrderOf(
  command: DuelCommand,
  inputId: string,
  sequence = 0,
  state?: DuelState,
): InputOrder {
  switch (command.type) {
    case "register":
      return { rank: "registration" };
    case "post.received":
      return {
        rank: "post",
        instant: postInstant(command.post, state),
        post: { id: sortablePostId(command.post.postId) },
      };
    case "post.edited":
      return {
        rank: "post",
        instant: command.editedAt,
        post: { id: sortablePostId(command.post.postId), change: { type: "edit", inputId } },
      };
    case "post.deleted":
      return {
        rank: "post",
        instant: command.deletedAt,
        post: { id: sortablePostId(command.postId), change: { type: "delete" } },
      };
    case "ban.lift":
    case "referee":
      // Referee decisions at one instant keep their arrival order: the duel's version at the time.
      return { rank: "decision", instant: command.now, sequence, inputId };
    case "timer.fired":
      return { rank: "timer", instant: command.timer.at, timer: command.timer.name };
  }
}

/**
 * A thread input's order once referee decisions of its very instant are in the duel: a post and an
 * API decision at the same instant keep their arrival order (CONTRACT.md 4.3), so the input sorts
 * after those decisions, among them by `sequence` (the duel's version on arrival), as a decision
 * would. `orders` are those already stored (the last one, or all of them before a replay).
 */
export function arrivalOrder(
  order: InputOrder,
  command: DuelCommand,
  sequence: number,
  orders: readonly InputOrder[],
): InputOrder {
  if (!isThreadOrdered(command) || order.rank !== "post") return order;
  const { instant, post } = order;
  if (!orders.some((o) => o.rank === "decision" && o.instant === instant)) return order;
  return { rank: "decision", instant, sequence, post };
}

/** Inputs whose place in the order does not depend on arrival: they are appended as they come. */
export function isThreadOrdered(command: DuelCommand): boolean {
  return (
    command.type === "post.received" || command.type === "post.edited" || command.type === "post.deleted"
  );
}

export interface ReplayInput {
  readonly order: InputOrder;
  readonly inputId: string;
  readonly command: DuelCommand;
}

/** The duel just before one input and just after it, in the order it was decided in. */
export interface InputStates {
  readonly before: DuelState;
  readonly after: DuelState;
}

export interface ReplayedInput extends ReplayInput, InputStates {
  readonly events: readonly DuelEvent[];
}

/**
 * Decides every input again in their order, from the initial state: what the duel would be had
 * the posts arrived in the thread's order. A referee decision that no longer holds becomes a
 * rejected command in the log instead of an error, so a late post can never block the duel.
 */
export function replay(inputs: readonly ReplayInput[]): { state: DuelState; inputs: ReplayedInput[] } {
  const sorted = [...inputs].sort((a, b) => compareOrder(a.order, b.order));
  let state = initialState;
  const out: ReplayedInput[] = [];
  for (const input of sorted) {
    let events: DuelEvent[];
    try {
      events = decide(input.command, state, input.inputId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const { command } = input;
      events =
        command.type === "referee"
          ? [
              stamp(
                rejection({
                  postId: null,
                  text: command.action.command,
                  code: error.code,
                  message: error.message,
                }),
                input.inputId,
                0,
                command.now,
              ),
            ]
          : [];
    }
    const before = state;
    state = fold(state, events);
    out.push({ ...input, events, before, after: state });
  }
  return { state, inputs: out };
}
