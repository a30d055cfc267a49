import { defenceNeed } from "../domain/resolve.js";
import { currentTurn, type Duel } from "../domain/state.js";
import { spellName } from "../rules/ruleset-names.js";
import { formatPoints } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import { duelistTexts } from "../texts/hiboux-duelists.js";
import {
  type Context,
  draft,
  duelist,
  type EventOf,
  type HibouDraft,
  nameOf,
  postWhen,
  toDuelist,
  uniqueRules,
} from "./context.js";
import type { DefenceLine, TurnGroup } from "./turn.js";

/**
 * A duelist's own defence, to them, when an attack hit them in their own turn: the turn's
 * summary goes to the referee and the next « à toi de jouer » to the next duelist, so without this
 * hibou nobody would tell them what they lost. Each attack their die answered, what it took or did,
 * and the points they have left. `final` is the duel as the whole input left it.
 */
export function ownDefence(ctx: Context, group: TurnGroup, final: Duel): HibouDraft | null {
  const played = group.played;
  // The end's hibou tells a duelist how the duel ended for them.
  if (!played || final.status === "finished") return null;
  const id = played.duelistId;
  const lines = group.defences.filter((d) => d.event.defenderId === id);
  const first = lines.find((d) => d.lost !== null);
  if (!first) return null;
  const h = duelistTexts.hit;
  const canceller = played.spellId ? spellName(ctx.ruleset, played.spellId) : "";
  const body = [h.intro(played.number, postWhen(ctx, played.postId, played.at))];
  for (const line of lines) body.push(...defenceLines(ctx, line, canceller));
  const d = duelist(ctx, id);
  const last = lines.findLast((l) => l.lost !== null)?.lost;
  const points = last?.points ?? d?.points;
  if (points === 0) body.push(h.out);
  else if (d && points !== undefined) body.push(h.points(formatPoints(points, d.startingPoints)));
  const events = lines.flatMap((l) => [l.event, ...(l.lost ? [l.lost] : []), ...l.effects]);
  return draft(
    toDuelist(ctx, id),
    "turn.resolved",
    h.title(nameOf(ctx, id), played.number),
    body,
    first.event,
    {
      rules: uniqueRules(events),
    },
  );
}

function defenceLines(ctx: Context, line: DefenceLine, canceller: string): string[] {
  const e = line.event;
  const h = duelistTexts.hit;
  const head = texts.turn.defence(
    spellName(ctx.ruleset, e.spellId),
    nameOf(ctx, e.attackerId),
    e.defence,
    e.modifier,
    e.attack,
  );
  const said =
    e.outcome === "hit"
      ? h.hit(head, line.lost?.amount ?? 0)
      : e.outcome === "deflected"
        ? h.deflected(head)
        : h.cancelled(head, canceller);
  return [said, ...line.effects.map(effectLine)];
}

function effectLine(effect: EventOf<"effect.applied">): string {
  const t = duelistTexts.hit.effect;
  if (effect.effect === "disarmed") return t.disarmed;
  if (effect.effect === "cannot-attack") return t["cannot-attack"];
  return t["next-defence"](effect.modifier);
}

/**
 * A turn resolved after it passed on — a post a correction completed — launches attacks
 * at duelists already told it was their turn: each target still to answer one hears that it waits
 * for them, what their die must make, and until when they play. `final` is the duel as the whole
 * input left it: an attack answered later in the same input (a queued post) waits for nobody.
 * `named` holds the attacks (post id and target) an « à toi de jouer » of the same input already
 * names to their target: that hibou tells them, not a second one.
 */
export function attacksNowWaiting(
  ctx: Context,
  group: TurnGroup,
  final: Duel,
  named: ReadonlySet<string>,
): HibouDraft[] {
  const played = group.played;
  if (!played || group.passed || played.faulty || final.status !== "active") return [];
  const a = duelistTexts.attackWaits;
  const attacker = nameOf(ctx, played.duelistId);
  const when = postWhen(ctx, played.postId, played.at);
  const corrected = ctx.events.some((e) => e.type === "correction.accepted" && e.postId === played.postId);
  const turn = currentTurn(final);
  const out: HibouDraft[] = [];
  for (const launched of group.actions) {
    if (launched.type !== "attack.launched") continue;
    const waiting = final.pendingAttacks.find(
      (p) => p.postId === launched.postId && p.targetId === launched.targetId,
    );
    const target = final.duelists.find((d) => d.id === launched.targetId);
    if (!waiting || !target || target.status !== "active") continue;
    if (named.has(attackKey(waiting))) continue;
    const modifier = target.nextDefenceModifier;
    const body = [
      corrected ? a.corrected(attacker, played.number, when) : a.resolved(attacker, played.number, when),
      texts.yourTurn.incoming(
        attacker,
        spellName(ctx.ruleset, waiting.spellId),
        waiting.attack,
        defenceNeed(waiting.attack, modifier),
        modifier,
      ),
      turn?.duelistId === target.id ? a.yourTurn(turn.number, turn.deadline, ctx.timeZone) : a.later,
    ];
    out.push(
      draft(toDuelist(ctx, target.id), "turn.resolved", a.title(attacker), body, launched, {
        rules: [launched.rule, ...(corrected ? ["R-6.7"] : [])],
      }),
    );
  }
  return out;
}

/** An attack awaiting its target, as `attacksNowWaiting`'s `named` holds it. */
export function attackKey(attack: { readonly postId: string; readonly targetId: string }): string {
  return `${attack.postId}\u0000${attack.targetId}`;
}
