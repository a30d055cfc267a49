import type { DuelEvent, DuelEventType } from "../domain/events.js";
import { defenceNeed } from "../domain/resolve.js";
import { currentTurn, type PendingAttack } from "../domain/state.js";
import { spellName } from "../rules/ruleset-names.js";
import { formatPoints } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import {
  allDuelists,
  type Context,
  draft,
  duelist,
  type EventOf,
  type HibouDraft,
  nameOf,
  postWhen,
  referee,
  toDuelist,
  uniqueRules,
} from "./context.js";
import type { AbsenceForReferee } from "./faults.js";
import { type Corrected, readingLine } from "./reading.js";

/** The events one played turn (or one absence) is made of; they make one summary, not one hibou each. */
export const TURN_EVENTS: ReadonlySet<DuelEventType> = new Set<DuelEventType>([
  "turn.played",
  "dice.rolled",
  "defence.resolved",
  "effect.applied",
  "attack.launched",
  "action.void",
  "wand.recovered",
  "particularity.used",
  "legilimens.cast",
  "turn.passed",
]);

type ActionEvent = EventOf<
  | "attack.launched"
  | "action.void"
  | "wand.recovered"
  | "particularity.used"
  | "legilimens.cast"
  | "effect.applied"
>;

export interface DefenceLine {
  readonly event: EventOf<"defence.resolved">;
  lost: EventOf<"points.lost"> | null;
  readonly effects: EventOf<"effect.applied">[];
}

/** One turn as it is being read: its defences, then its action, then who plays next. */
export interface TurnGroup {
  /** Index of the group's first event: the summary takes that place among the input's hiboux. */
  readonly key: number;
  played: EventOf<"turn.played"> | null;
  readonly defences: DefenceLine[];
  readonly actions: ActionEvent[];
  passed: EventOf<"turn.passed"> | null;
  passedKey: number;
  readonly events: DuelEvent[];
}

export function openGroup(key: number): TurnGroup {
  return { key, played: null, defences: [], actions: [], passed: null, passedKey: key, events: [] };
}

/**
 * Adds an event to the turn. An effect belongs to the defence just read when it comes from the
 * spell that hit; otherwise it is the player's own action (a Bouclier, R-4.10).
 */
export function addToGroup(group: TurnGroup, event: DuelEvent, index: number): void {
  group.events.push(event);
  const last = group.defences[group.defences.length - 1];
  switch (event.type) {
    case "turn.played":
      group.played = event;
      return;
    case "defence.resolved":
      group.defences.push({ event, lost: null, effects: [] });
      return;
    case "points.lost": {
      const line = group.defences.findLast((d) => d.event.defenderId === event.duelistId && d.lost === null);
      if (line) line.lost = event;
      return;
    }
    case "effect.applied":
      if (
        last &&
        group.actions.length === 0 &&
        last.event.defenderId === event.duelistId &&
        last.event.spellId === event.spellId
      ) {
        last.effects.push(event);
      } else {
        group.actions.push(event);
      }
      return;
    case "attack.launched":
    case "action.void":
    case "wand.recovered":
    case "particularity.used":
    case "legilimens.cast":
      group.actions.push(event);
      return;
    case "turn.passed":
      group.passed = event;
      group.passedKey = index;
      return;
    default:
      return;
  }
}

function defenceLine(ctx: Context, line: DefenceLine, canceller: string): string[] {
  const e = line.event;
  const t = texts.turn;
  const head = t.defence(
    spellName(ctx.ruleset, e.spellId),
    nameOf(ctx, e.attackerId),
    e.defence,
    e.modifier,
    e.attack,
  );
  const outcome =
    e.outcome === "hit" ? t.hit : e.outcome === "deflected" ? t.deflected : t.cancelled(canceller);
  const damage = line.lost ? `, ${t.damage(line.lost.amount)}` : "";
  const lines = [`${head} : ${outcome}${damage}.`];
  const name = nameOf(ctx, e.defenderId);
  if (line.lost?.points === 0) lines.push(t.knockedOut(name));
  for (const effect of line.effects) lines.push(effectLine(name, effect));
  return lines;
}

function effectLine(name: string, effect: EventOf<"effect.applied">): string {
  const t = texts.turn.effect;
  if (effect.effect === "disarmed") return t.disarmed(name);
  if (effect.effect === "cannot-attack") return t["cannot-attack"](name);
  return t["next-defence"](name, effect.modifier);
}

function actionLines(ctx: Context, group: TurnGroup): string[] {
  const played = group.played;
  if (!played) return [];
  const t = texts.turn;
  const name = nameOf(ctx, played.duelistId);
  const spell = played.spellId ? spellName(ctx.ruleset, played.spellId) : null;
  if (played.faulty) return [t.faulty(spell, group.defences.length > 0)];
  const lines: string[] = spell
    ? [t.action(spell, played.targetId ? nameOf(ctx, played.targetId) : null)]
    : [];
  for (const a of group.actions) {
    if (a.type === "attack.launched") lines.push(t.attack(a.attack, nameOf(ctx, a.targetId)));
    else if (a.type === "action.void") lines.push(t.void(spellName(ctx.ruleset, a.spellId), name));
    else if (a.type === "wand.recovered") lines.push(t.wand(name, a.disarmedAgain === true));
    else if (a.type === "particularity.used") {
      const particularity =
        ctx.ruleset.particularities.find((p) => p.id === a.particularityId)?.name ?? a.particularityId;
      lines.push(t.particularity(name, particularity));
    } else if (a.type === "legilimens.cast") lines.push(t.legilimens(nameOf(ctx, a.targetId), a.blocked));
    else lines.push(effectLine(nameOf(ctx, a.duelistId), a));
  }
  if (lines.length === 0) lines.push(t.noAction);
  if (played.pm !== null) lines.push(t.pm(played.pm));
  return lines;
}

function standings(ctx: Context): string {
  return texts.turn.standings(
    allDuelists(ctx).map(
      (d) => `${d.name} ${formatPoints(d.points, d.startingPoints)}${texts.status[d.status]}`,
    ),
  );
}

/** The referee's correction of the played post in the same input, if any. */
function correctedBy(ctx: Context, played: EventOf<"turn.played">): Corrected | undefined {
  const accepted = ctx.events.find(
    (e): e is EventOf<"correction.accepted"> =>
      e.type === "correction.accepted" && e.postId === played.postId,
  );
  return accepted ? { fields: accepted.fields, targetId: played.targetId } : undefined;
}

/**
 * The referee's summary of one turn: dice, each attack answered, the action, points left, who is
 * next. The turn an absence ended (`absence`, R-6.2) is told in the absence's own hibou: its fault
 * and sanction first, then the hits and who plays next — one hibou, not two.
 */
export function turnSummary(
  ctx: Context,
  group: TurnGroup,
  isLast: boolean,
  absence?: AbsenceForReferee,
): HibouDraft | null {
  const first = group.events[0];
  if (!first) return null;
  const t = texts.turn;
  const played = group.played;
  // The points line follows a turn played or hits taken; without them the sanction says what is left.
  const standingsTold = played !== null || group.defences.length > 0;
  const body: string[] = [...((standingsTold ? absence?.lines : absence?.alone) ?? [])];
  let title: string;
  if (played) {
    const name = nameOf(ctx, played.duelistId);
    title = t.title(played.number, name, played.faulty);
    body.push(
      t.played(name, played.number, postWhen(ctx, played.postId, played.at), played.dice[0], played.dice[1]),
    );
    if (group.events.some((x) => x.type === "dice.rolled")) body.push(t.diceRolled);
    if (played.read !== undefined)
      body.push(readingLine(ctx, played.read, played.words, correctedBy(ctx, played)));
    if (group.defences.length === 0) body.push(t.nothingToDefend);
  } else if (group.defences[0]) {
    const absentId = group.defences[0].event.defenderId;
    const absentTurn = currentTurn(ctx.before);
    title = t.absentTitle(
      absentTurn?.duelistId === absentId ? absentTurn.number : null,
      nameOf(ctx, absentId),
    );
    if (absence) title = absence.title;
    body.push(absence ? t.absentHits : t.absent(nameOf(ctx, absentId)));
  } else if (group.passed) {
    title = absence?.title ?? t.nextTitle(nameOf(ctx, group.passed.duelistId), group.passed.number);
  } else {
    return null;
  }
  const canceller = played?.spellId ? spellName(ctx.ruleset, played.spellId) : "";
  for (const line of group.defences) body.push(...defenceLine(ctx, line, canceller));
  body.push(...actionLines(ctx, group));
  if (standingsTold) body.push(standings(ctx));
  const passed = group.passed;
  if (passed) {
    body.push(
      t.next(nameOf(ctx, passed.duelistId), passed.number, passed.deadline, passed.extension, ctx.timeZone),
    );
  } else if (isLast && ctx.after.status === "active") {
    const turn = ctx.after.turn;
    body.push(t.current(nameOf(ctx, turn.duelistId), turn.number, turn.deadline, ctx.timeZone));
  }
  for (const waiting of ctx.after.pending) {
    if (waiting.post.postId !== played?.postId)
      body.push(t.waiting(nameOf(ctx, waiting.duelistId), waiting.until, ctx.timeZone));
  }
  const hit = group.defences.find((d) => d.lost !== null);
  const overrule =
    hit?.lost != null
      ? texts.overrule.restorePoints(nameOf(ctx, hit.event.defenderId), hit.lost.amount)
      : played && !played.faulty
        ? texts.overrule.addFault(nameOf(ctx, played.duelistId))
        : null;
  if (absence)
    return draft(referee(ctx), "fault.absence", title, body, absence.event, {
      rules: [...new Set([...absence.rules, ...uniqueRules(group.events)])],
      overrule: hit?.lost
        ? `${absence.overrule}\n${texts.overrule.hitPoints(nameOf(ctx, hit.event.defenderId), hit.lost.amount)}`
        : absence.overrule,
    });
  return draft(referee(ctx), "turn.resolved", title, body, played ?? first, {
    rules: uniqueRules(group.events),
    overrule,
  });
}

/**
 * The attacks the « à toi de jouer » of the turn `group` passes on names, those awaiting its
 * duelist; null when that hibou describes no more than the turn's deadline (a later turn followed
 * it in the same input, so the duel as `ctx` holds it is no longer that turn).
 */
export function attacksToAnswer(ctx: Context, group: TurnGroup): readonly PendingAttack[] | null {
  const passed = group.passed;
  if (!passed || ctx.after.status === "finished") return null;
  // The state after the input describes this turn only if no later turn followed it in the same input.
  const turn = currentTurn(ctx.after);
  const current = turn?.number === passed.number && turn.duelistId === passed.duelistId;
  if (!current || !duelist(ctx, passed.duelistId)) return null;
  return ctx.after.pendingAttacks.filter((p) => p.targetId === passed.duelistId);
}

/** The short hibou to the duelist whose turn it now is: until when, what is coming at them. */
export function yourTurn(ctx: Context, group: TurnGroup): HibouDraft | null {
  const passed = group.passed;
  if (!passed || ctx.after.status === "finished") return null;
  const y = texts.yourTurn;
  const d = duelist(ctx, passed.duelistId);
  const body = [y.intro(d?.name ?? passed.duelistId, passed.number, passed.deadline, ctx.timeZone)];
  const incoming = attacksToAnswer(ctx, group);
  if (incoming && d) {
    const modifier = d.nextDefenceModifier;
    for (const attack of incoming) {
      body.push(
        y.incoming(
          nameOf(ctx, attack.attackerId),
          spellName(ctx.ruleset, attack.spellId),
          attack.attack,
          defenceNeed(attack.attack, modifier),
          modifier,
        ),
      );
    }
    body.push(y.points(formatPoints(d.points, d.startingPoints)));
    if (d.disarmed) body.push(y.disarmed);
    if (d.cannotAttackNextTurn) body.push(y.cannotAttack);
    if (modifier !== 0 && incoming.length === 0) body.push(y.modifier(modifier));
  }
  body.push(y.absence);
  return draft(toDuelist(ctx, passed.duelistId), "turn.resolved", y.title(passed.number), body, passed);
}
