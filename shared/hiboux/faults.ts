import { closedOnArrival } from "../domain/correction-window.js";
import type { Violation } from "../domain/events.js";
import { yearKey } from "../rules/ruleset.js";
import { spellName } from "../rules/ruleset-names.js";
import { minutesBetween } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import { duelistTexts } from "../texts/hiboux-duelists.js";
import {
  type Context,
  draft,
  duelist,
  type EventOf,
  faultNumber,
  type HibouDraft,
  nameOf,
  pointsOf,
  postWhen,
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
  const when = postWhen(ctx, e.postId, e.at);
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
        f.actionReferee(name, e.count, what, when, byReferee),
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
        f.actionDuelist(e.count, what, when, byReferee),
        reason,
        turnFails ? f.failedYou : "",
        countdown[1] ?? "",
      ],
      e,
      { rules },
    ),
  ];
}

/** What an absence brought in the same input: its sanction, the points it took, the attacks that hit. */
interface AbsenceOutcome {
  readonly sanction: EventOf<"sanction.applied"> | undefined;
  /** Points left after the sanction, if it took any. */
  readonly afterSanction: number | undefined;
  readonly hits: readonly {
    readonly defence: EventOf<"defence.resolved">;
    readonly lost: EventOf<"points.lost"> | undefined;
    readonly effects: readonly EventOf<"effect.applied">[];
  }[];
}

/** The sanction and the undefended hits that follow an absence fault in its input (R-6.2 Order). */
function absenceOutcome(ctx: Context, e: EventOf<"fault.absence">, index: number): AbsenceOutcome {
  let sanction: EventOf<"sanction.applied"> | undefined;
  let afterSanction: number | undefined;
  const hits: {
    defence: EventOf<"defence.resolved">;
    lost?: EventOf<"points.lost">;
    effects: EventOf<"effect.applied">[];
  }[] = [];
  // The absence's own events: from the turn it ends to the turn it passes (stored logs may hold
  // its hits before the fault).
  const from = ctx.events.findLastIndex((x, i) => i < index && x.type === "turn.passed") + 1;
  for (const next of ctx.events.slice(from)) {
    if (next.id === e.id) continue;
    if (next.type === "turn.passed" || next.type === "fault.absence") {
      if (ctx.events.indexOf(next) > index) break;
      continue;
    }
    if (next.type === "sanction.applied" && next.faultEventId === e.id) sanction = next;
    else if (next.type === "points.lost" && next.duelistId === e.duelistId) {
      if (next.cause === "sanction" && sanction && afterSanction === undefined) afterSanction = next.points;
      const hit = hits.at(-1);
      if (next.cause === "hit" && hit && !hit.lost) hit.lost = next;
    } else if (next.type === "defence.resolved" && next.defenderId === e.duelistId && next.defence === null)
      hits.push({ defence: next, effects: [] });
    else if (next.type === "effect.applied" && next.duelistId === e.duelistId)
      hits.at(-1)?.effects.push(next);
  }
  return { sanction, afterSanction, hits: hits.map((h) => ({ ...h, lost: h.lost })) };
}

/** The referee's share of an absence: its title, lines, overrule and rules, for its one hibou. */
export interface AbsenceForReferee {
  readonly event: EventOf<"fault.absence">;
  readonly title: string;
  /** Told with the turn the absence ended, whose points line says what is left (hits were told). */
  readonly lines: readonly string[];
  /**
   * The points left with its sanction: told alone (the duel ended there, or the referee gave the
   * fault), or with a turn that has no points line (no attack waited for the absent duelist).
   */
  readonly alone: readonly string[];
  readonly overrule: string;
  readonly rules: readonly string[];
}

/**
 * An absence fault, to the referee and the absent duelist: one hibou each, with the
 * fault's sanction (and disqualification) of the same input; the duelist's also tells the attacks
 * that hit them undefended and the points they have left. The referee's share is returned apart:
 * the absence's turn (its hits, who plays next) joins it in one hibou (`composeHiboux`).
 */
export function absenceParts(
  ctx: Context,
  e: EventOf<"fault.absence">,
  index = 0,
): { readonly referee: AbsenceForReferee; readonly duelist: HibouDraft } {
  const f = texts.fault;
  const s = texts.sanction;
  const you = duelistTexts.absence;
  const name = nameOf(ctx, e.duelistId);
  const byReferee = e.by === "referee";
  const reason = e.reason ? texts.common.reason(e.reason) : "";
  const title = f.absenceTitle(name, e.count);
  const { sanction, afterSanction, hits } = absenceOutcome(ctx, e, index);
  const toReferee = [f.absenceReferee(name, e.count, e.turn, byReferee), reason];
  const alone = [...toReferee];
  const toYou = [f.absenceDuelist(e.count, e.turn, byReferee), reason];
  if (sanction && sanction.points > 0) {
    toReferee.push(s.absenceFollows(sanction.points, null));
    alone.push(s.absenceFollows(sanction.points, pointsOf(ctx, e.duelistId, afterSanction)));
    toYou.push(you.sanction(sanction.points));
  }
  if (sanction?.disqualify) {
    toReferee.push(s.disqualifyReferee(name));
    alone.push(s.disqualifyReferee(name));
    toYou.push(you.disqualified);
  }
  for (const hit of hits) {
    const attacker = nameOf(ctx, hit.defence.attackerId);
    const spell = spellName(ctx.ruleset, hit.defence.spellId);
    toYou.push(you.hit(attacker, spell, hit.defence.attack, hit.lost?.amount ?? 0));
    for (const effect of hit.effects) toYou.push(youEffect(effect));
  }
  const left = hits.findLast((h) => h.lost)?.lost?.points ?? afterSanction;
  if (left === 0) toYou.push(duelistTexts.hit.out);
  else if (hits.length > 0 || (sanction && sanction.points > 0))
    toYou.push(duelistTexts.hit.points(pointsOf(ctx, e.duelistId, left)));
  const faultRules = [e.rule, ...(sanction?.disqualify ? ["R-6.8"] : [])];
  const hitRules = hits.flatMap((h) => [
    h.defence.rule,
    ...(h.lost ? [h.lost.rule] : []),
    ...h.effects.map((x) => x.rule),
  ]);
  const number = faultNumber(ctx, e.id);
  const overrule = sanction?.disqualify
    ? texts.overrule.liftDisqualification(number)
    : sanction && sanction.points > 0
      ? texts.overrule.sanction(number, name, sanction.points)
      : texts.overrule.cancelFault(number);
  return {
    referee: { event: e, title, lines: toReferee, alone, overrule, rules: [...new Set(faultRules)] },
    duelist: draft(toDuelist(ctx, e.duelistId), "fault.absence", title, toYou, e, {
      rules: [...new Set([...faultRules, ...hitRules])],
    }),
  };
}

/** The referee's hibou of an absence whose turn is not told with it (the duel ended there). */
export function absenceToReferee(ctx: Context, parts: AbsenceForReferee): HibouDraft {
  return draft(referee(ctx), "fault.absence", parts.title, parts.alone, parts.event, {
    rules: parts.rules,
    overrule: parts.overrule,
  });
}

function youEffect(effect: EventOf<"effect.applied">): string {
  const t = duelistTexts.hit.effect;
  if (effect.effect === "disarmed") return t.disarmed;
  if (effect.effect === "cannot-attack") return t["cannot-attack"];
  return t["next-defence"](effect.modifier);
}

/**
 * A sanction (R-6.5 with the table of ), with the points left: those of the
 * `points.lost` that follows it in the same input.
 */
export function sanctionApplied(ctx: Context, e: EventOf<"sanction.applied">, index: number): HibouDraft[] {
  // An absence's sanction is told with its fault, in one hibou (`faultAbsence`).
  if (ctx.events.some((x) => x.type === "fault.absence" && x.id === e.faultEventId)) return [];
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
  const when = postWhen(ctx, e.postId, e.at);
  const reading = e.read !== undefined && e.words !== undefined ? readingLine(ctx, e.read, e.words) : "";
  return [
    draft(
      referee(ctx),
      "correction.opened",
      c.openedTitle,
      [
        c.openedReferee(name, when, e.turnNumber, missing, e.until, ctx.timeZone),
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
        c.openedDuelist(when, e.turnNumber, missing, e.until, minutes, refereeName(ctx), ctx.timeZone),
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
  const when = postWhen(ctx, e.postId, e.at);
  return [
    draft(
      referee(ctx),
      "correction.accepted",
      c.acceptedTitle,
      [c.acceptedReferee(nameOf(ctx, e.duelistId), when, fields), reason],
      e,
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "correction.accepted",
      c.acceptedTitle,
      [c.acceptedDuelist(when, fields), reason],
      e,
    ),
  ];
}

export function correctionExpired(ctx: Context, e: EventOf<"correction.expired">): HibouDraft[] {
  const c = texts.correction;
  const when = postWhen(ctx, e.postId, e.at);
  return [
    draft(
      referee(ctx),
      "correction.expired",
      c.expiredTitle,
      [c.expiredReferee(nameOf(ctx, e.duelistId), when)],
      e,
    ),
    draft(toDuelist(ctx, e.duelistId), "correction.expired", c.expiredTitle, [c.expiredDuelist(when)], e),
  ];
}
