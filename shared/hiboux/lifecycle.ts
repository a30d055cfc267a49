import { formatPoints } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import { duelistTexts } from "../texts/hiboux-duelists.js";
import {
  allDuelists,
  type Context,
  draft,
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

const reasonLine = (reason: string | undefined): string => (reason ? texts.common.reason(reason) : "");

function standings(ctx: Context): string[] {
  return allDuelists(ctx).map(
    (d) => `${d.name} ${formatPoints(d.points, d.startingPoints)}${texts.status[d.status]}`,
  );
}

/** The top: the referee and every duelist learn who opens the duel and before when. */
export function duelStarted(ctx: Context, e: EventOf<"duel.started">): HibouDraft[] {
  const s = texts.started;
  const first = nameOf(ctx, e.firstDuelistId);
  const hiboux = [
    draft(
      referee(ctx),
      "duel.started",
      s.title,
      [s.referee(first, e.deadline, ctx.timeZone), s.standings(standings(ctx)), reasonLine(e.reason)],
      e,
    ),
  ];
  for (const d of allDuelists(ctx)) {
    if (d.status !== "active") continue;
    const line = d.id === e.firstDuelistId ? s.first(e.deadline, ctx.timeZone) : s.other(first);
    hiboux.push(
      draft(
        toDuelist(ctx, d.id),
        "duel.started",
        s.title,
        [line, texts.yourTurn.points(formatPoints(d.points, d.startingPoints))],
        e,
      ),
    );
  }
  return hiboux;
}

/** A disqualification; when a fault caused it, the referee is told which one to cancel to lift it. */
export function duelistDisqualified(
  ctx: Context,
  e: EventOf<"duelist.disqualified">,
  index: number,
): HibouDraft[] {
  const q = texts.disqualified;
  const name = nameOf(ctx, e.duelistId);
  const cause = q.cause[e.cause];
  const sanction = ctx.events
    .slice(0, index)
    .findLast((x) => x.type === "sanction.applied" && x.duelistId === e.duelistId && x.disqualify);
  const faultId =
    sanction?.type === "sanction.applied"
      ? sanction.faultEventId
      : ctx.after.faults.findLast((f) => f.duelistId === e.duelistId && f.disqualified && !f.cancelled)
          ?.eventId;
  const overrule =
    e.cause === "absences" && faultId ? texts.overrule.liftDisqualification(faultNumber(ctx, faultId)) : null;
  const reason = reasonLine(e.reason);
  return [
    draft(referee(ctx), "duelist.disqualified", q.title(name), [q.referee(name, cause), reason], e, {
      overrule,
    }),
    draft(toDuelist(ctx, e.duelistId), "duelist.disqualified", q.title(name), [q.duelist(cause), reason], e),
  ];
}

/**
 * A ban: to the referee, until when; to the duelist, kindly and whole — the disqualification
 * it follows, until when, that it ends by itself, and whom to ask (the duel's referee, the forum's
 * other referees, its administration, R-7.1).
 */
export function banStarted(ctx: Context, e: EventOf<"ban.started">): HibouDraft[] {
  const b = texts.ban;
  const you = duelistTexts.ban;
  const name = nameOf(ctx, e.duelistId);
  const disqualified = ctx.events.find(
    (x): x is EventOf<"duelist.disqualified"> =>
      x.type === "duelist.disqualified" && x.duelistId === e.duelistId,
  );
  const cause = disqualified ? texts.disqualified.cause[disqualified.cause] : null;
  const duelReferee = refereeName(ctx);
  const others = (ctx.forum?.referees ?? []).filter((r) => r !== duelReferee);
  const yours = [
    you.why(cause, e.until, ctx.timeZone),
    you.ends,
    you.ask(duelReferee, others, ctx.forum?.name ?? null),
  ];
  return [
    draft(
      referee(ctx),
      "ban.started",
      b.startedTitle(name),
      [b.startedReferee(name, e.until, ctx.timeZone)],
      e,
      {
        rules: ["R-6.9", "R-7.1"],
      },
    ),
    draft(toDuelist(ctx, e.duelistId), "ban.started", b.startedTitle(name), yours, e, {
      rules: ["R-6.9", "R-7.1"],
    }),
  ];
}

export function banEnded(ctx: Context, e: EventOf<"ban.ended">): HibouDraft[] {
  const b = texts.ban;
  const name = nameOf(ctx, e.duelistId);
  if (e.by) {
    const reason = reasonLine(e.reason);
    return [
      draft(referee(ctx), "ban.ended", b.endedTitle(name), [b.liftedReferee(name, e.by.name), reason], e),
      draft(
        toDuelist(ctx, e.duelistId),
        "ban.ended",
        b.endedTitle(name),
        [b.liftedDuelist(e.by.name), reason],
        e,
      ),
    ];
  }
  return [
    draft(referee(ctx), "ban.ended", b.endedTitle(name), [b.endedReferee(name, e.early)], e),
    draft(toDuelist(ctx, e.duelistId), "ban.ended", b.endedTitle(name), [b.endedDuelist(e.early)], e),
  ];
}

/** A disqualification cancelled by the referee: to the referee and the duelist back in the duel. */
export function duelistReinstated(ctx: Context, e: EventOf<"duelist.reinstated">): HibouDraft[] {
  const r = texts.reinstated;
  const name = nameOf(ctx, e.duelistId);
  const reason = reasonLine(e.reason);
  return [
    draft(referee(ctx), "disqualification.cancelled", r.title(name), [r.referee(name), reason], e),
    draft(toDuelist(ctx, e.duelistId), "disqualification.cancelled", r.title(name), [r.duelist, reason], e),
  ];
}

/**
 * A cancelled fault, disqualification or referee's end had ended the duel, which resumes:
 * to the referee and every duelist, each told what was cancelled.
 */
export function duelResumed(ctx: Context, e: EventOf<"duel.resumed">): HibouDraft[] {
  const r = texts.resumed;
  const waitsForTop = ctx.after.status === "registered";
  const line = (reader: string | null): string => {
    const mine = reader !== null && reader === e.duelistId;
    if (e.faultEventId !== undefined && e.duelistId !== null) {
      const number = faultNumber(ctx, e.faultEventId);
      return mine ? r.you(number) : r.text(nameOf(ctx, e.duelistId), number);
    }
    if (e.undone === "disqualification" && e.duelistId !== null)
      return mine
        ? r.disqualificationYou(waitsForTop)
        : r.disqualification(nameOf(ctx, e.duelistId), waitsForTop);
    return r.end(waitsForTop);
  };
  const reason = e.undone === "end" ? reasonLine(e.reason) : "";
  return [
    draft(referee(ctx), "duel.resumed", r.title, [line(null), reason], e),
    ...allDuelists(ctx).map((d) =>
      draft(toDuelist(ctx, d.id), "duel.resumed", r.title, [line(d.id), reason], e),
    ),
  ];
}

/** The end: to the referee and every duelist, with the final points and the stakes. */
export function duelFinished(ctx: Context, e: EventOf<"duel.finished">): HibouDraft[] {
  const f = texts.finished;
  const winner = e.winnerId ? nameOf(ctx, e.winnerId) : null;
  const stakes = e.stakes ?? ctx.after.stakes;
  const others = allDuelists(ctx).filter((d) => d.id !== e.winnerId);
  // The stakes and who owes them, each reader in their own person: the referee reads names.
  const stakesLine = (reader: string | null) => {
    if (!stakes) return f.noStakes;
    const owing = others.map((d) => (d.id === reader ? null : d.name));
    return f.stakes(
      stakes,
      reader !== null && reader === e.winnerId ? null : winner,
      owing,
      reader === e.winnerId,
    );
  };
  const rest = (reader: string | null) => [
    e.note ? f.note(e.note) : "",
    f.standings(standings(ctx)),
    stakesLine(reader),
  ];
  const rules = [...new Set([e.rule, "R-1.7"])];
  const title = f.title(winner);
  const told = f.winner(
    winner,
    e.reason,
    others.map((d) => d.name),
  );
  const hiboux = [draft(referee(ctx), "duel.finished", title, [told, ...rest(null)], e, { rules })];
  for (const d of allDuelists(ctx)) {
    const won = d.id === e.winnerId;
    const you = f.winnerYou(
      winner,
      e.reason,
      others.filter((o) => o.id !== d.id).map((o) => o.name),
      won,
    );
    const personal = e.winnerId === null ? "" : won ? f.youWon : f.youLost;
    hiboux.push(
      draft(
        toDuelist(ctx, d.id),
        "duel.finished",
        won ? f.titleYouWon : title,
        [you, ...rest(d.id), personal],
        e,
        {
          rules,
        },
      ),
    );
  }
  return hiboux;
}

/**
 * What the system cannot decide alone: an unlisted spell (R-4.14, disqualify or not), a
 * Legilimens to relay (R-5.3, kind `legilimens.relay`), anything else the engine asks.
 */
export function decisionNeeded(
  ctx: Context,
  e: EventOf<"referee.decision-needed">,
  index: number,
): HibouDraft[] {
  const d = texts.decision;
  if (e.question === "unlisted-spell" && e.duelistId) {
    const name = nameOf(ctx, e.duelistId);
    return [
      draft(
        referee(ctx),
        "referee.decision-needed",
        d.unlistedTitle(name),
        [d.unlisted(name, e.detail, postWhen(ctx, e.postId, e.at)), d.unlistedAsk(name)],
        e,
      ),
    ];
  }
  if (e.question === "legilimens-relay" && e.duelistId) {
    const casterId = e.duelistId;
    const cast = ctx.events
      .slice(0, index)
      .findLast((x) => x.type === "legilimens.cast" && x.casterId === casterId);
    const l = texts.legilimens;
    const caster = nameOf(ctx, casterId);
    if (cast?.type === "legilimens.cast") {
      const target = nameOf(ctx, cast.targetId);
      return [
        draft(referee(ctx), "legilimens.relay", l.relayTitle(caster, target), [l.relay(caster, target)], e),
      ];
    }
    return [draft(referee(ctx), "legilimens.relay", l.relayTitle(caster, "?"), [l.relayDetail(e.detail)], e)];
  }
  const line = e.question === "dice-missing" ? d.diceMissing(e.detail) : d.other(e.detail);
  return [draft(referee(ctx), "referee.decision-needed", d.otherTitle, [line], e)];
}

/** The caster learns whether their Legilimens worked or met an Occlumens; the target learns nothing. */
export function legilimensCast(ctx: Context, e: EventOf<"legilimens.cast">): HibouDraft[] {
  const l = texts.legilimens;
  const target = nameOf(ctx, e.targetId);
  const line = e.blocked ? l.blocked(target) : l.success(target);
  return [draft(toDuelist(ctx, e.casterId), "legilimens.relay", l.casterTitle(e.blocked), [line], e)];
}

export function pointsAdjusted(ctx: Context, e: EventOf<"points.adjusted">): HibouDraft[] {
  const a = texts.adjusted;
  const name = nameOf(ctx, e.duelistId);
  const left = pointsOf(ctx, e.duelistId, e.points);
  const rest = [reasonLine(e.reason), e.points === 0 ? a.out(name) : ""];
  return [
    draft(
      referee(ctx),
      "points.adjusted",
      a.title(name, e.delta),
      [a.referee(name, e.delta, left), ...rest],
      e,
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "points.adjusted",
      a.title(name, e.delta),
      [a.duelist(e.delta, left), ...rest],
      e,
    ),
  ];
}

export function commandRejected(ctx: Context, e: EventOf<"referee.command-rejected">): HibouDraft[] {
  // A decision refused at the API or the desk was answered there and then: a hibou would repeat it.
  if (e.via === "api") return [];
  const r = texts.rejected;
  return [
    draft(
      referee(ctx),
      "referee.command-rejected",
      r.title,
      [
        r.text(
          e.text ?? e.action?.command ?? "",
          postWhen(ctx, e.postId, e.at),
          e.message,
          e.code,
          ctx.timeZone,
        ),
      ],
      e,
    ),
  ];
}

export function derogationGranted(ctx: Context, e: EventOf<"derogation.granted">): HibouDraft[] {
  const g = texts.derogation;
  const name = nameOf(ctx, e.duelistId);
  const rest = [reasonLine(e.reason), g.once];
  return [
    draft(
      referee(ctx),
      "derogation.granted",
      g.title(name, e.duration),
      [g.referee(name, e.duration, e.deadline, ctx.timeZone), ...rest],
      e,
    ),
    draft(
      toDuelist(ctx, e.duelistId),
      "derogation.granted",
      g.title(name, e.duration),
      [g.duelist(e.duration, e.deadline, ctx.timeZone), ...rest],
      e,
    ),
  ];
}

export function turnReminder(ctx: Context, e: EventOf<"turn.reminder">): HibouDraft[] {
  const r = texts.reminder;
  return [
    draft(
      toDuelist(ctx, e.duelistId),
      "turn.reminder",
      r.title(e.number),
      [r.text(e.number, e.deadline, ctx.timeZone)],
      e,
    ),
  ];
}
