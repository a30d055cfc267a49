import { DomainError } from "../errors.js";
import { readRefereeCommands } from "../parsing/referee-commands.js";
import { refusalTexts as say } from "../texts/refusals.js";
import { readContext } from "./assess.js";
import type { DuelCommand, PostInput } from "./commands.js";
import type { Emitter } from "./emitter.js";
import type { Actor, DuelEvent, EventDraft } from "./events.js";
import { catchUp } from "./play.js";
import type { RefereeAction } from "./referee-actions.js";
import { cancelFaultAction } from "./referee-cancel-fault.js";
import { cancelDisqualification, cancelEnd } from "./referee-last-word.js";
import type { Ruling } from "./referee-preconditions.js";
import * as rulings from "./referee-rulings.js";

/**
 * A referee's decision, by the API or an `[arbitre]` block: one function per action. Each
 * is recorded with its reason before its effects, so the audit log shows the system's verdict and
 * the overrule. Broken preconditions throw a DomainError (mapped to 4xx at the edge).
 */
export function applyRefereeAction(
  e: Emitter,
  action: RefereeAction,
  via: "api" | "post",
  reason?: string,
  who?: Actor,
): void {
  if (action.command !== "top") catchUp(e, e.now, true);
  const because = reason ? { reason } : {};
  // A decision in the thread is the duel's referee's (decide.ts checks the author).
  const by = who ?? { role: "referee" as const, name: e.state.referee.name };
  const record = () => e.emit({ type: "referee.command", rule: "R-7.1", action, via, by, ...because });
  const ruling: Ruling = { record, reason, because };
  switch (action.command) {
    case "top":
      rulings.top(e, action, ruling);
      break;
    case "correction":
      rulings.correction(e, action, ruling);
      break;
    case "derogation":
      rulings.derogation(e, action, ruling);
      break;
    case "fault":
      rulings.fault(e, action, ruling);
      break;
    case "cancel-fault":
      cancelFaultAction(e, action.eventId, ruling);
      break;
    case "disqualify":
      rulings.disqualification(e, action, ruling);
      break;
    case "announce":
      // Only the thread announcements change: recorded, nothing else decided.
      record();
      break;
    case "stakes":
      rulings.stakes(e, ruling);
      break;
    case "adjust-points":
      rulings.adjustPoints(e, action, ruling);
      break;
    case "end":
      rulings.end(e, action, ruling);
      break;
    case "cancel-disqualification":
      cancelDisqualification(e, action, via, ruling);
      break;
    case "cancel-end":
      cancelEnd(e, via, ruling);
      break;
    default: {
      const unreachable: never = action;
      throw new DomainError("unknown_command", say.unknown_command(JSON.stringify(unreachable)), 400);
    }
  }
}

/** What a refusal says: why, and what was refused (a thread's line, or a decision and its author). */
type Refusal = Omit<Extract<DuelEvent, { type: "referee.command-rejected" }>, "id" | "at" | "type" | "rule">;

/**
 * The one record of a refused decision (R-7.1: "recorded only as refused"), wherever it was given:
 * a line of the referee's post, the API or the desk, or a replay where it no longer holds.
 */
export function rejection(refusal: Refusal): EventDraft {
  return { type: "referee.command-rejected", rule: "R-7.1", ...refusal };
}

/** A decision given by the API or the desk and refused there: the refusal, who gave it, and why. */
export function refusalOf(
  command: Extract<DuelCommand, { type: "referee" }>,
  refused: { readonly code: string; readonly message: string },
): EventDraft {
  return rejection({
    postId: null,
    code: refused.code,
    message: refused.message,
    via: "api",
    action: command.action,
    ...(command.by.who ? { by: command.by.who } : {}),
    ...(command.reason ? { reason: command.reason } : {}),
  });
}

/** The `[arbitre]` blocks of the referee's own post: each line applied, or rejected with why. */
export function applyRefereePost(e: Emitter, post: PostInput): void {
  const lines = readRefereeCommands(post.content, post.format, readContext(e.state));
  for (const line of lines) {
    if (!line.ok) {
      e.emit(rejection({ postId: post.postId, text: line.text, code: "unreadable", message: line.error }));
      continue;
    }
    try {
      e.atomically(() => applyRefereeAction(e, line.action, "post", line.reason));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      e.emit(rejection({ postId: post.postId, text: line.text, code: error.code, message: error.message }));
    }
  }
}
