import { DomainError } from "../errors.js";
import type { DuelCommand } from "./commands.js";
import { decide } from "./decide.js";
import { rejection } from "./decide-referee.js";
import { stamp } from "./emitter.js";
import type { DuelEvent } from "./events.js";
import { fold } from "./evolve.js";
import { postInstant } from "./minute-doubt.js";
import { type DuelState, initialState } from "./state.js";

/** A post id that sorts as a number when it is one (forum ids are often numeric). */
function sortableId(id: string): string {
  return /^\d{1,20}$/.test(id) ? id.padStart(20, "0") : id;
}

/**
 * Where an input sits in the duel's order (CONTRACT.md 4.3): posts by their time in the thread,
 * then post id; at the same instant a post comes before a timer (a post at the deadline is in
 * time). Registration always sorts first. A post shown to the minute only sits where the doubt
 * favours its author (minute-doubt.ts), as the duel `state` it arrives in tells.
 */
export function inputKeyOf(command: DuelCommand, inputId: string, sequence = 0, state?: DuelState): string {
  switch (command.type) {
    case "register":
      return "0#register";
    case "post.received":
      return `${postInstant(command.post, state)}#1#${sortableId(command.post.postId)}`;
    case "post.edited":
      return `${command.editedAt}#1#${sortableId(command.post.postId)}#edit#${inputId}`;
    case "post.deleted":
      return `${command.deletedAt}#1#${sortableId(command.postId)}#delete`;
    case "referee":
      // Referee decisions at one instant keep their arrival order: the duel's version at the time.
      return `${command.now}#2#${String(sequence).padStart(10, "0")}#${inputId}`;
    case "timer.fired":
      return `${command.timer.at}#3#${command.timer.name}`;
  }
}

/**
 * A thread input's key once referee decisions of its very instant are in the duel: a post and an
 * API decision at the same instant keep their arrival order (CONTRACT.md 4.3), so the input sorts
 * after those decisions, among them by `sequence` (the duel's version on arrival), as a decision
 * would. `keys` are the keys already stored (the last one, or all of them before a replay).
 */
export function arrivalKey(
  key: string,
  command: DuelCommand,
  sequence: number,
  keys: readonly string[],
): string {
  const split = key.indexOf("#1#");
  if (!isThreadOrdered(command) || split < 0) return key;
  const instant = key.slice(0, split);
  if (!keys.some((k) => k.startsWith(`${instant}#2#`))) return key;
  return `${instant}#2#${String(sequence).padStart(10, "0")}#${key.slice(split + 3)}`;
}

/** Inputs whose place in the order does not depend on arrival: they are appended as they come. */
export function isThreadOrdered(command: DuelCommand): boolean {
  return (
    command.type === "post.received" || command.type === "post.edited" || command.type === "post.deleted"
  );
}

export interface ReplayInput {
  readonly key: string;
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
 * Decides every input again in key order, from the initial state: what the duel would be had
 * the posts arrived in the thread's order. A referee decision that no longer holds becomes a
 * rejected command in the log instead of an error, so a late post can never block the duel.
 */
export function replay(inputs: readonly ReplayInput[]): { state: DuelState; inputs: ReplayedInput[] } {
  const sorted = [...inputs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
