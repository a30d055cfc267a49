import { DomainError } from "../errors.js";
import { yearKey } from "../rules/ruleset.js";
import { errorTexts } from "../texts/errors.js";
import { refusalTexts as say } from "../texts/refusals.js";
import { addDuration } from "../time/duration.js";
import type { DuelCommand, RegisterDuel } from "./commands.js";
import { decidePostDeleted, decidePostEdited, decidePostReceived } from "./decide-post.js";
import { applyRefereeAction, refusalOf } from "./decide-referee.js";
import { requireDistinctNames } from "./duelist-names.js";
import { Emitter, stamp } from "./emitter.js";
import type { Actor, DuelEvent, EventDraft } from "./events.js";
import { particularityId } from "./particularity-ids.js";
import { catchUp } from "./play.js";
import { liftBan } from "./referee-last-word.js";
import { requireReplyWindow } from "./reply-window.js";
import { currentTurn, type DuelState } from "./state.js";
import { threadTitleOf } from "./thread-title.js";

/**
 * The rules engine: what a command does to a duel, as events. Pure: `now` and the dice come in
 * with the command; what must happen outside (timers, hiboux) is derived from the events and
 * the state, never performed here. `inputId` names the command so its events get stable ids.
 */
export function decide(command: DuelCommand, state: DuelState, inputId: string): DuelEvent[] {
  if (command.type === "register") {
    const { duel, bans, forumReferees, nameSkeletons, now, who } = command;
    return [stamp(register(state, duel, bans, forumReferees, nameSkeletons, now, who), inputId, 0, now)];
  }
  if (state.status === "none") throw new DomainError("duel_not_found", say.duel_not_found, 404);
  const e = new Emitter(state, inputId, command.now);
  switch (command.type) {
    case "post.received":
      decidePostReceived(e, command.post);
      break;
    case "post.edited":
      decidePostEdited(e, command.post, command.editedAt);
      break;
    case "post.deleted":
      decidePostDeleted(e, command.postId, command.deletedAt);
      break;
    case "timer.fired":
      decideTimer(e, command.timer.kind, command.timer.ref, command.timer.at);
      break;
    case "ban.lift":
      liftBan(e, command.duelistId, command.who, command.reason);
      break;
    case "referee":
      if (command.by.via === "post" && command.by.id !== state.referee.id) {
        throw new DomainError("not_referee", say.not_referee, 409);
      }
      if (command.refused) e.emit(refusalOf(command, command.refused));
      else applyRefereeAction(e, command.action, command.by.via, command.reason, command.by.who);
      break;
    default: {
      const unreachable: never = command;
      throw new DomainError("unknown_command", say.unknown_command(JSON.stringify(unreachable)), 400);
    }
  }
  return e.events;
}

/** A timer's firing: whatever fell due by its time; a stale or repeated one finds nothing to do. */
function decideTimer(e: Emitter, kind: string, ref: string, at: string): void {
  catchUp(e, at, true);
  const turn = currentTurn(e.state);
  if (kind === "reminder" && turn && String(turn.number) === ref && !turn.reminded) {
    if (e.state.pending.length === 0 && Date.parse(turn.deadline) > Date.parse(at)) {
      e.emit({
        type: "turn.reminder",
        rule: "R-6.1",
        duelistId: turn.duelistId,
        number: turn.number,
        deadline: turn.deadline,
      });
    }
  }
  if (kind === "ban-end") {
    const ban = e.state.bans.find((b) => b.duelistId === ref && !b.ended);
    if (ban && Date.parse(ban.until) <= Date.parse(at)) {
      e.emit({ type: "ban.ended", rule: "R-6.9", duelistId: ban.duelistId, early: false });
    }
  }
}

/**
 * Registration: one declared referee who is not a duelist, 2+ duelists, known
 * particularities, no one banned.
 */
function register(
  state: DuelState,
  duel: RegisterDuel,
  bans: Readonly<Record<string, string | null>>,
  forumReferees: readonly string[] | undefined,
  nameSkeletons: readonly string[] | undefined,
  now: string,
  who?: Actor,
): EventDraft {
  if (state.status !== "none") throw new DomainError("duel_already_exists", say.duel_already_exists, 409);
  if (forumReferees && forumReferees.length > 0 && !forumReferees.includes(duel.referee.id)) {
    throw new DomainError("unknown_referee", errorTexts.unknown_referee, 400);
  }
  if (duel.duelists.length < 2) throw new DomainError("invalid_duel", say.invalid_duel.tooFew, 400);
  const ids = duel.duelists.map((d) => d.id);
  if (new Set(ids).size !== ids.length) throw new DomainError("invalid_duel", say.invalid_duel.twice, 400);
  requireDistinctNames(duel.duelists, nameSkeletons);
  if (ids.includes(duel.referee.id)) {
    throw new DomainError("referee_is_duelist", say.referee_is_duelist, 400);
  }
  const first = duel.firstDuelistId ?? duel.duelists[0]?.id ?? "";
  if (!ids.includes(first)) throw new DomainError("invalid_duel", say.invalid_duel.firstNotIn, 400);
  const particularities = duel.duelists.map((d, index) =>
    (d.particularities ?? []).map((p) => ({
      name: particularityId(duel.ruleset, p.name, index),
      rank: p.rank ?? 1,
    })),
  );
  for (const d of duel.duelists) {
    const until = bans[d.id];
    if (until && Date.parse(until) > Date.parse(now)) {
      throw new DomainError("duelist_banned", say.duelist_banned(d.name, until), 409, {
        duelistId: d.id,
        bannedUntil: until,
      });
    }
  }
  if (duel.replyWindow !== undefined) requireReplyWindow(duel.replyWindow, duel.ruleset.delays.correction);
  const replyWindow = duel.replyWindow ?? duel.ruleset.delays.reply;
  addDuration(now, replyWindow);
  const startingPoints: Record<string, number> = {};
  const pm: Record<string, number | null> = {};
  for (const d of duel.duelists) {
    startingPoints[d.id] = duel.ruleset.startingPoints[yearKey(d.year)];
    pm[d.id] = duel.ruleset.pmPool ? duel.ruleset.pmPool[yearKey(d.year)] : null;
  }
  const threadTitle = threadTitleOf(duel.threadTitle);
  // A duel opened by a thread post read later judges the posts from that post on.
  const opened = duel.openedAt === undefined ? Number.NaN : Date.parse(duel.openedAt);
  const judgedFrom = opened < Date.parse(now) ? new Date(opened).toISOString() : undefined;
  return {
    type: "duel.registered",
    rule: "R-1.2",
    ...(who ? { by: who } : {}),
    duel: {
      id: duel.id,
      forumId: duel.forumId,
      threadId: duel.threadId,
      ...(threadTitle ? { threadTitle } : {}),
      ...(judgedFrom ? { judgedFrom } : {}),
      referee: duel.referee,
      duelists: duel.duelists.map((d, index) => ({
        id: d.id,
        name: d.name,
        year: d.year,
        particularities: particularities[index] ?? [],
        extraSpells: [...(d.extraSpells ?? [])],
      })),
      startingPoints,
      pm,
      firstDuelistId: first,
      replyWindow,
      dice: duel.dice,
      stakes: duel.stakes ?? null,
      ruleset: duel.ruleset,
    },
  };
}
