import { closedOnArrival } from "../domain/correction-window.js";
import type { Violation } from "../domain/events.js";
import { yearKey } from "../rules/ruleset.js";
import { minutesBetween } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import {
  type Context,
  draft,
  duelist,
  type EventOf,
  faultNumber,
  type HibouDraft,
  nameOf,
  pointsOf,
  referee,
  refereeName,
  toDuelist,
} from "./context.js";
import { readingLine } from "./reading.js";

/** Faults that are not a played turn: nothing of a turn was attempted, so has nothing to fail. */
const NOT_A_TURN: readonly Violation[] = ["out-of-turn", "edited", "deleted", "referee"];

/** An action fault, to the referee and the duelist, with how far they are from the sanction. */
export function faultAction(ctx: Context, e: EventOf<"fault.action">): HibouDraft[] {
  const f = texts.fault;
  const name = nameOf(ctx, e.duelistId);
  const what = texts.common.violations(e.violations, ctx.ruleset.minWords);
  const byReferee = e.by === "referee";
  const reason = e.reason ? texts.common.reason(e.reason) : "";
  const turnFails = e.postId !== null && !e.violations.some((v) => NOT_A_TURN.includes(v));
  const d = duelist(ctx, e.duelistId);
  const left = ctx.ruleset.actionFaultsBeforeSanction - e.count;
  const sanction = d ? ctx.ruleset.actionFaultSanction[yearKey(d.year)] : 0;
  const rules = e.rules.length > 0 ? e.rules : [e.rule];
  const title = f.actionTitle(name, e.count);
  const countdown = left > 0 ? [f.countdown(left, sanction), f.countdownYou(left, sanction)] : ["", ""];
  return [
    draft(
      referee(ctx),
      "fault.action",
      title,
      [
        f.actionReferee(name, e.count, what, e.postId, byReferee),
        reason,
        turnFails ? f.failed : "",
        countdown[0] ?? "",
      ],
      e,
      { rules, overrule: texts.overrule.cancelFault(faultNumber(ctx, e.id)) },
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "fault.action",
      title,
      [
        f.actionDuelist(e.count, what, e.postId, byReferee),
        reason,
        turnFails ? f.failedYou : "",
        countdown[1] ?? "",
      ],
      e,
      { rules },
    ),
  ];
}

/** An absence fault, to the referee and the absent duelist. */
export function faultAbsence(ctx: Context, e: EventOf<"fault.absence">): HibouDraft[] {
  const f = texts.fault;
  const name = nameOf(ctx, e.duelistId);
  const byReferee = e.by === "referee";
  const reason = e.reason ? texts.common.reason(e.reason) : "";
  const title = f.absenceTitle(name, e.count);
  return [
    draft(
      referee(ctx),
      "fault.absence",
      title,
      [f.absenceReferee(name, e.count, e.turn, byReferee), reason],
      e,
      {
        overrule: texts.overrule.cancelFault(faultNumber(ctx, e.id)),
      },
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "fault.absence",
      title,
      [f.absenceDuelist(e.count, e.turn, byReferee), reason],
      e,
    ),
  ];
}

/**
 * A sanction (R-6.5 with the table of ), with the points left: those of the
 * `points.lost` that follows it in the same input.
 */
export function sanctionApplied(ctx: Context, e: EventOf<"sanction.applied">, index: number): HibouDraft[] {
  const s = texts.sanction;
  const name = nameOf(ctx, e.duelistId);
  let after: number | undefined;
  for (const next of ctx.events.slice(index + 1)) {
    if (next.type === "sanction.applied") break;
    if (next.type === "points.lost" && next.cause === "sanction" && next.duelistId === e.duelistId) {
      after = next.points;
      break;
    }
  }
  const left = pointsOf(ctx, e.duelistId, after);
  const out = after === 0 ? texts.turn.knockedOut(name) : "";
  const toReferee: string[] = [];
  const toYou: string[] = [];
  if (e.kind === "action") {
    toReferee.push(s.actionReferee(name, e.points, left));
    toYou.push(s.actionDuelist(e.points, left));
  } else if (e.points > 0) {
    toReferee.push(s.absenceReferee(name, e.points, left));
    toYou.push(s.absenceDuelist(e.points, left));
  }
  if (e.disqualify) {
    toReferee.push(s.disqualifyReferee(name));
    toYou.push(s.disqualifyDuelist);
  }
  const rules = [
    ...new Set([
      e.rule,
      ...(e.kind === "action" ? ["R-6.5", "R-6.6"] : ["R-6.2"]),
      ...(e.disqualify ? ["R-6.8"] : []),
    ]),
  ];
  const overrule = e.disqualify
    ? texts.overrule.liftDisqualification(faultNumber(ctx, e.faultEventId))
    : texts.overrule.sanction(faultNumber(ctx, e.faultEventId), name, e.points);
  const title = s.title(name, e.kind);
  return [
    draft(referee(ctx), "sanction.applied", title, [...toReferee, out], e, { rules, overrule }),
    draft(toDuelist(ctx, e.duelistId), "sanction.applied", title, [...toYou, out], e, { rules }),
  ];
}

/** The referee cancelled a fault: its points come back, its counter goes down. */
export function faultCancelled(ctx: Context, e: EventOf<"fault.cancelled">): HibouDraft[] {
  const c = texts.cancelled;
  const name = nameOf(ctx, e.duelistId);
  const reason = e.reason ? texts.common.reason(e.reason) : "";
  const restored =
    e.restoredPoints !== 0 ? c.restored(e.restoredPoints, pointsOf(ctx, e.duelistId, e.points)) : "";
  const rest = [reason, restored, c.counters(e.actionFaults, e.absenceFaults)];
  return [
    draft(
      referee(ctx),
      "fault.cancelled",
      c.title(name),
      [c.referee(faultNumber(ctx, e.faultEventId), name), ...rest, e.reinstated ? c.reinstated(name) : ""],
      e,
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "fault.cancelled",
      c.title(name),
      [c.duelist(faultNumber(ctx, e.faultEventId)), ...rest, e.reinstated ? c.reinstatedYou : ""],
      e,
    ),
  ];
}

/** A correction window opens: the duelist learns what is missing and until when, the referee how to post it. */
export function correctionOpened(ctx: Context, e: EventOf<"correction.opened">): HibouDraft[] {
  // Closed before its post reached us: no correction in the past is asked for; the
  // expiry that follows at once says the fault applies.
  if (closedOnArrival(e.post, e.until)) return [];
  const c = texts.correction;
  const name = nameOf(ctx, e.duelistId);
  const missing = texts.common.missing(e.missing, ctx.ruleset.minWords);
  const fields = [...new Set(e.missing.map((m) => c.fieldNames[m]))];
  const minutes = minutesBetween(e.post.createdAt, e.until);
  const reading = e.read !== undefined && e.words !== undefined ? readingLine(ctx, e.read, e.words) : "";
  return [
    draft(
      referee(ctx),
      "correction.opened",
      c.openedTitle,
      [
        c.openedReferee(name, e.postId, e.turnNumber, missing, e.until),
        reading,
        c.howReferee(name, e.postId, fields),
        c.expiryReferee,
      ],
      e,
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "correction.opened",
      c.openedTitle,
      [
        c.openedDuelist(e.postId, e.turnNumber, missing, e.until, minutes, refereeName(ctx)),
        reading,
        c.onceDuelist,
      ],
      e,
    ),
  ];
}

export function correctionAccepted(ctx: Context, e: EventOf<"correction.accepted">): HibouDraft[] {
  const c = texts.correction;
  const entries = Object.entries(e.fields).map(([k, v]) => c.field(k, v));
  const fields = entries.length > 0 ? entries.join(", ") : c.noFields;
  const reason = e.reason ? texts.common.reason(e.reason) : "";
  return [
    draft(
      referee(ctx),
      "correction.accepted",
      c.acceptedTitle,
      [c.acceptedReferee(nameOf(ctx, e.duelistId), e.postId, fields), reason],
      e,
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "correction.accepted",
      c.acceptedTitle,
      [c.acceptedDuelist(e.postId, fields), reason],
      e,
    ),
  ];
}

export function correctionExpired(ctx: Context, e: EventOf<"correction.expired">): HibouDraft[] {
  const c = texts.correction;
  return [
    draft(
      referee(ctx),
      "correction.expired",
      c.expiredTitle,
      [c.expiredReferee(nameOf(ctx, e.duelistId), e.postId)],
      e,
    ),
    draft(toDuelist(ctx, e.duelistId), "correction.expired", c.expiredTitle, [c.expiredDuelist(e.postId)], e),
  ];
}
