import type { DuelEvent, DuelEventType } from "../domain/events.js";
import { evolve } from "../domain/evolve.js";
import type { DuelState } from "../domain/state.js";
import { spellName } from "../hiboux/format.js";
import { texts } from "../hiboux/texts.js";
import type { AnnounceMode } from "../ports/thread-bot.js";
import { announceTexts as t } from "./texts.js";

/** One reply for the thread: a title line, then short lines. */
export interface AnnouncementDraft {
  /** The event it starts from: the reply's identity (one reply per turn, never two). */
  readonly eventId: string;
  readonly title: string;
  readonly lines: readonly string[];
}

/** What the thread hears with `announce: "turns"`: the turns, their faults and the end. */
const TURNS: ReadonlySet<DuelEventType> = new Set<DuelEventType>([
  "turn.played",
  "defence.resolved",
  "attack.launched",
  "wand.recovered",
  "effect.applied",
  "fault.action",
  "fault.absence",
  "duelist.out",
  "duelist.disqualified",
  "turn.passed",
  "duel.finished",
]);

/** And with `"all"`: the referee's decisions and the windows the duelists must know of. */
const ALL: ReadonlySet<DuelEventType> = new Set<DuelEventType>([
  ...TURNS,
  "duel.started",
  "correction.opened",
  "correction.accepted",
  "derogation.granted",
  "points.adjusted",
  "fault.cancelled",
  "duel.resumed",
]);

const nameIn = (state: DuelState, id: string | null): string =>
  state.duelists.find((d) => d.id === id)?.name ?? id ?? "";

/**
 * The replies one decision posts in the duel's thread: one per turn played (its dice, each attack
 * answered, the action, faults and their sanctions, the points, who plays next and until when),
 * and one for what happened outside a turn (an absence found at a deadline, the end). Read on the
 * state as it stood at each event, so a decision that plays two turns tells each as it was.
 */
export function composeAnnouncements(input: {
  readonly mode: AnnounceMode;
  readonly before: DuelState;
  readonly events: readonly DuelEvent[];
}): AnnouncementDraft[] {
  if (input.mode === "none") return [];
  const wanted = input.mode === "all" ? ALL : TURNS;
  const replies: { eventId: string; title: string; lines: string[]; points: boolean }[] = [];
  let current: (typeof replies)[number] | null = null;
  let state = input.before;
  const open = (eventId: string, title: string) => {
    current = { eventId, title, lines: [], points: false };
    replies.push(current);
    return current;
  };
  input.events.forEach((e, index) => {
    const at = state;
    state = evolve(state, e);
    if (!wanted.has(e.type)) return;
    const later = input.events.slice(index + 1);
    if (e.type === "turn.played") {
      const reply = open(e.id, t.turnTitle(e.number, nameIn(at, e.duelistId)));
      const rolled =
        at.dice === "server" || input.events.some((x) => x.type === "dice.rolled" && x.postId === e.postId);
      reply.lines.push(t.dice(e.dice[0], e.dice[1], rolled));
      if (e.faulty) reply.lines.push(t.faultyTurn);
      reply.points = true;
      return;
    }
    const reply: (typeof replies)[number] =
      current ??
      open(
        e.id,
        e.type === "duel.finished" ? t.endTitle : e.type === "duel.started" ? t.startTitle : t.refereeTitle,
      );
    const line = lineOf(e, at, state, later);
    if (line === null) return;
    if (e.type === "turn.passed" || e.type === "duel.finished") {
      if (reply.points) reply.lines.push(standings(at));
      reply.points = false;
    }
    if (
      e.type === "defence.resolved" ||
      e.type === "fault.action" ||
      e.type === "fault.absence" ||
      e.type === "points.adjusted"
    )
      reply.points = true;
    reply.lines.push(...line);
  });
  return replies
    .filter((r) => r.lines.length > 0)
    .map((r) => ({
      eventId: r.eventId,
      title: r.title,
      lines: r.points ? [...r.lines, standings(state)] : r.lines,
    }));
}

function standings(state: DuelState): string {
  return t.standings(
    state.duelists.map((d) => ({ name: d.name, points: d.points, startingPoints: d.startingPoints })),
  );
}

/** The lines of one event, read on the state before it (`at`) and after it (`after`). */
function lineOf(e: DuelEvent, at: DuelState, after: DuelState, later: readonly DuelEvent[]): string[] | null {
  const name = (id: string | null) => nameIn(at, id);
  switch (e.type) {
    case "defence.resolved": {
      const head = t.defence(spellName(at.ruleset, e.spellId), name(e.attackerId), name(e.defenderId));
      if (e.outcome === "cancelled") return [`${head} : ${t.cancelled}.`];
      if (e.outcome === "deflected") return [`${head} : ${t.deflected(e.attack, e.defence)}.`];
      const lost = later.find(
        (x) => x.type === "points.lost" && x.duelistId === e.defenderId && x.cause === "hit",
      );
      return [`${head} : ${t.hit(e.attack, e.defence, lost?.type === "points.lost" ? lost.amount : null)}.`];
    }
    case "attack.launched":
      return [t.attack(name(e.attackerId), spellName(at.ruleset, e.spellId), name(e.targetId), e.attack)];
    case "wand.recovered":
      return [t.wand(name(e.duelistId))];
    case "effect.applied":
      return e.effect === "disarmed" ? [t.disarmed(name(e.duelistId))] : null;
    case "fault.action":
    case "fault.absence": {
      const sanction = later.find((x) => x.type === "sanction.applied" && x.faultEventId === e.id);
      const why = e.type === "fault.action" ? texts.common.violations(e.violations, at.ruleset.minWords) : "";
      const cost =
        sanction?.type === "sanction.applied" ? t.sanction(sanction.points, sanction.disqualify) : "";
      const line = t.fault(
        e.type === "fault.absence" ? "absence" : "action",
        name(e.duelistId),
        e.count,
        why,
      );
      return [cost ? `${line} ; ${cost}.` : `${line}.`];
    }
    case "duelist.out":
      return [t.out(name(e.duelistId))];
    case "duelist.disqualified":
      return [t.disqualified(name(e.duelistId))];
    case "turn.passed":
      return [t.next(name(e.duelistId), e.number, e.deadline)];
    case "duel.finished": {
      const lines = [e.winnerId === null ? t.draw : t.winner(name(e.winnerId), e.reason)];
      if (e.stakes) lines.push(t.stakes(e.stakes));
      return lines;
    }
    case "duel.started":
      return [t.next(name(e.firstDuelistId), 1, e.deadline)];
    case "correction.opened":
      return [t.correction(name(e.duelistId), e.until)];
    case "correction.accepted":
      return [t.corrected(name(e.duelistId))];
    case "derogation.granted":
      return [t.derogation(name(e.duelistId), e.deadline)];
    case "points.adjusted": {
      const d = after.duelists.find((x) => x.id === e.duelistId);
      return [t.adjusted(name(e.duelistId), e.delta, e.points, d?.startingPoints ?? e.points)];
    }
    case "fault.cancelled":
      return [t.faultCancelled(name(e.duelistId))];
    case "duel.resumed":
      return [t.resumed];
    default:
      return null;
  }
}
