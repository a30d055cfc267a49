import { closedOnArrival } from "../domain/correction-window.js";
import type { DuelEvent, DuelEventType } from "../domain/events.js";
import { evolve } from "../domain/evolve.js";
import { type Duel, type DuelState, isOpened } from "../domain/state.js";
import type { AnnounceMode } from "../ports/thread-bot.js";
import { spellName } from "../rules/ruleset-names.js";
import { announceTexts as t } from "../texts/announce.js";
import { spelledOutPd } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";

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

/** « PD » spelled out where a reply first says it, as a hibou does (`spelledOutPd`). */
function pdSpelledOut(lines: readonly string[]): string[] {
  const first = lines.findIndex((line) => /\bPD\b/.test(line));
  return lines.map((line, i) => (i === first ? spelledOutPd(line) : line));
}

const nameIn = (state: Duel, id: string | null): string =>
  state.duelists.find((d) => d.id === id)?.name ?? id ?? "";

/**
 * The replies one decision posts in the duel's thread: one per turn played (its dice, each attack
 * answered, the action, faults and their sanctions, the points, who plays next and until when),
 * and one for what happened outside a turn (an absence found at a deadline, the end). Read on the
 * state as it stood at each event, so a decision that plays two turns tells each as it was.
 */
export function composeAnnouncements(input: {
  readonly mode: AnnounceMode;
  /** Whether the forum asked for the rules applied (CONTRACT.md 3, `announceRules`). */
  readonly rules?: boolean;
  readonly before: DuelState;
  readonly events: readonly DuelEvent[];
  /** The zone the forum shows its dates in (IANA), as the thread reads them; Paris time when not given. */
  readonly timeZone?: string;
}): AnnouncementDraft[] {
  if (input.mode === "none") return [];
  const wanted = input.mode === "all" ? ALL : TURNS;
  const { events } = input;
  const replies: AnnouncementDraft[] = [];
  let current: {
    eventId: string;
    title: string;
    lines: string[];
    points: boolean;
    turn: boolean;
    rules: Set<string>;
  } | null = null;
  let state = input.before;
  // A reply ends where the next begins (or at the end): the points as they stood then.
  const close = (at: Duel) => {
    if (current && current.lines.length > 0) {
      const lines = current.points ? [...current.lines, standings(at)] : current.lines;
      const rules = input.rules === true && current.rules.size > 0 ? [t.rules([...current.rules])] : [];
      replies.push({
        eventId: current.eventId,
        title: current.title,
        lines: pdSpelledOut([...lines, ...rules]),
      });
    }
    current = null;
  };
  events.forEach((e, index) => {
    const at = state;
    state = evolve(state, e);
    // Before its registration a thread has nothing to announce.
    if (!wanted.has(e.type) || !isOpened(at)) return;
    const later = events.slice(index + 1);
    if (e.type === "turn.played") {
      const rolled =
        at.dice === "server" || events.some((x) => x.type === "dice.rolled" && x.postId === e.postId);
      const head = [t.dice(e.dice[0], e.dice[1], rolled), ...(e.faulty ? [t.faultyTurn] : [])];
      // What the turn's post decided before its turn (a fault found in it) reads with the turn.
      if (current?.turn && current.eventId === e.id) current.lines.unshift(...head);
      else {
        close(at);
        current = {
          eventId: e.id,
          title: titleOfTurn(at, e),
          lines: head,
          points: true,
          turn: true,
          rules: new Set(),
        };
      }
      current.points = true;
      current.rules.add(e.rule);
      return;
    }
    const line = lineOf(e, at, later, input.timeZone);
    if (line === null) return;
    if (current === null) {
      // Events before a turn in the same decision open the turn's reply; others their own.
      const turn = later.find((x) => x.type === "turn.played");
      current =
        turn?.type === "turn.played"
          ? {
              eventId: turn.id,
              title: titleOfTurn(at, turn),
              lines: [],
              points: false,
              turn: true,
              rules: new Set<string>(),
            }
          : {
              eventId: e.id,
              title: titleOf(e, events),
              lines: [],
              points: false,
              turn: false,
              rules: new Set<string>(),
            };
    }
    const reply = current;
    if ((e.type === "turn.passed" || e.type === "duel.finished") && reply.points) {
      reply.lines.push(standings(at));
      reply.points = false;
    }
    if (POINTS.has(e.type)) reply.points = true;
    reply.lines.push(...line);
    reply.rules.add(e.rule);
  });
  if (isOpened(state)) close(state);
  return replies;
}

/** Events after which the points are shown. */
const POINTS: ReadonlySet<DuelEventType> = new Set<DuelEventType>([
  "defence.resolved",
  "fault.action",
  "fault.absence",
  "points.adjusted",
  "fault.cancelled",
]);

function titleOfTurn(at: Duel, e: Extract<DuelEvent, { type: "turn.played" }>): string {
  return t.turnTitle(e.number, nameIn(at, e.duelistId));
}

/** A reply's title when no turn was played: what started it. */
function titleOf(e: DuelEvent, events: readonly DuelEvent[]): string {
  if (e.type === "duel.started" || (e.type === "turn.passed" && e.number === 1)) return t.startTitle;
  if (e.type === "duel.finished") return t.endTitle;
  if (events.some((x) => x.type === "referee.command")) return t.refereeTitle;
  if (e.type === "fault.absence") return t.absenceTitle;
  return t.verdictTitle;
}

function standings(state: Duel): string {
  return t.standings(
    state.duelists.map((d) => ({ name: d.name, points: d.points, startingPoints: d.startingPoints })),
  );
}

/** The lines of one event, read on the state before it (`at`), its dates in `timeZone`. */
function lineOf(e: DuelEvent, at: Duel, later: readonly DuelEvent[], timeZone?: string): string[] | null {
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
      // A fault the referee gave says nothing more than its line: only the system's say why.
      const violations = e.type === "fault.action" ? e.violations.filter((v) => v !== "referee") : [];
      const why = texts.common.violations(violations, at.ruleset.minWords);
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
      return [t.next(name(e.duelistId), e.number, e.deadline, timeZone)];
    case "duel.finished": {
      const lines = [e.winnerId === null ? t.draw : t.winner(name(e.winnerId), e.reason)];
      if (e.stakes) {
        const others = at.duelists.filter((d) => d.id !== e.winnerId).map((d) => d.name);
        lines.push(t.stakes(e.stakes, e.winnerId === null ? null : name(e.winnerId), others));
      }
      return lines;
    }
    case "duel.started":
      return [t.started(name(e.firstDuelistId))];
    case "correction.opened":
      // A window already closed when its post arrived invites nothing: its expiry follows at once.
      return closedOnArrival(e.post, e.until) ? [] : [t.correction(name(e.duelistId), e.until, timeZone)];
    case "correction.accepted":
      return [t.corrected(name(e.duelistId))];
    case "derogation.granted":
      return [t.derogation(name(e.duelistId), e.deadline, timeZone)];
    case "points.adjusted": {
      // Starting points never change: the state before the adjustment knows them.
      const d = at.duelists.find((x) => x.id === e.duelistId);
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
