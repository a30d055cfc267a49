import { decisionTexts } from "../texts/decisions.js";
import type { Assessment } from "./assess.js";
import type { Emitter } from "./emitter.js";
import { losePoints } from "./sanctions.js";
import { duelistOf, type PendingAttack, type StoredPost } from "./state.js";

/** The "Duel" die's faces (RULES.md 3: two six-sided dice a turn). */
export const DUEL_DIE = { min: 1, max: 6 } as const;

/** a defence deflects an attack when its die plus its modifiers is strictly higher. */
export function deflects(defenceDie: number, modifier: number, attack: number): boolean {
  return defenceDie + modifier > attack;
}

/**
 * What the defence die must show to deflect an attack with a modifier: `above`, the
 * face to beat; `never` when no face can, `always` when every face does.
 */
export type DefenceNeed =
  | { readonly kind: "above"; readonly face: number }
  | { readonly kind: "never" }
  | { readonly kind: "always" };

export function defenceNeed(attack: number, modifier: number): DefenceNeed {
  const faces: number[] = [];
  for (let face = DUEL_DIE.min; face <= DUEL_DIE.max; face++)
    if (deflects(face, modifier, attack)) faces.push(face);
  const lowest = faces[0];
  if (lowest === undefined) return { kind: "never" };
  if (lowest === DUEL_DIE.min) return { kind: "always" };
  return { kind: "above", face: lowest - 1 };
}

/**
 * Plays a duelist's turn: the defence die first answers every attack pending against them
 * then the post's own action. A faulty turn still
 * defends but its action does nothing. Effects decided here reach the target from
 * their next turn, which is why the turn's own modifiers are consumed first.
 */
export function resolveTurn(
  e: Emitter,
  post: StoredPost,
  a: Assessment,
  faulty: boolean,
  number: number,
): void {
  const duelist = duelistOf(e.state, post.authorId);
  if (duelist?.status !== "active") return;
  const [attackDie, defenceDie] = post.dice;
  const canAttack = !duelist.cannotAttackNextTurn;
  const acts = !faulty;
  const against = e.state.pendingAttacks.filter((p) => p.targetId === duelist.id);
  const cancels = acts && a.spell?.effects.some((x) => x.type === "cancel-pending") === true;
  // A defence modifier is for the next defence roll that answers a spell (R-4.11 Interpretation: the
  // Bouclier protects against the next spell). A die with nothing to answer is unused, and
  // spells an Antisort cancels meet no roll: the modifier waits for the next defence.
  const defends = against.length > 0 && !cancels;
  const modifier = defends ? duelist.nextDefenceModifier : 0;
  const kept = defends ? 0 : duelist.nextDefenceModifier;
  e.emit({
    type: "turn.played",
    rule: "R-3.1",
    postId: post.postId,
    duelistId: duelist.id,
    number,
    dice: post.dice,
    spellId: a.spell?.id ?? null,
    ...(a.mindReadingId ? { particularityId: a.mindReadingId } : {}),
    targetId: a.targetId,
    defenceModifier: modifier,
    ...(kept !== 0 ? { defenceModifierKept: kept } : {}),
    canAttack,
    faulty,
    valid: !faulty,
    words: a.words,
    pm: acts && duelist.pm !== null ? duelist.pm - a.pmCost : null,
    read: a.read.block,
  });
  if (post.rolled) {
    e.emit({
      type: "dice.rolled",
      rule: "R-3.8",
      postId: post.postId,
      duelistId: duelist.id,
      dice: post.dice,
    });
  }

  // The wand a recovery gives back is the one lost before this post.
  const wandLostBefore = duelist.disarmed;
  const defencesFrom = e.events.length;
  defend(e, post.postId, duelist.id, against, { die: defenceDie, modifier, cancels });

  if (!acts || duelistOf(e.state, duelist.id)?.status !== "active") return;
  const disarmedAgain = e.events
    .slice(defencesFrom)
    .some((x) => x.type === "effect.applied" && x.effect === "disarmed" && x.duelistId === duelist.id);
  applyAction(e, post, a, attackDie, canAttack, { wandLostBefore, disarmedAgain });
}

/**
 * The defence die answers each attack pending against the duelist, in order, while they stay in
 * the duel; an Antisort cancels them instead. A hit applies at once.
 */
function defend(
  e: Emitter,
  postId: string,
  defenderId: string,
  against: readonly PendingAttack[],
  defence: { readonly die: number; readonly modifier: number; readonly cancels: boolean },
): void {
  for (const attack of against) {
    if (duelistOf(e.state, defenderId)?.status !== "active") break;
    const spell = e.state.ruleset.spells.find((s) => s.id === attack.spellId);
    const outcome = defence.cancels
      ? "cancelled"
      : deflects(defence.die, defence.modifier, attack.attack)
        ? "deflected"
        : "hit";
    e.emit({
      type: "defence.resolved",
      rule: defence.cancels ? "R-4.11" : "R-3.2",
      postId,
      defenderId,
      attackerId: attack.attackerId,
      attackPostId: attack.postId,
      spellId: attack.spellId,
      attack: attack.attack,
      defence: defence.die,
      modifier: defence.modifier,
      outcome,
    });
    if (outcome === "hit") applyHit(e, defenderId, attack.attack, attack.spellId, spell?.rule ?? "R-3.3");
  }
}

/** An attack that no defence answered hits (R-6.2: nobody defended by the deadline). */
export function hitUndefended(e: Emitter, defenderId: string, attack: PendingAttack): void {
  e.emit({
    type: "defence.resolved",
    rule: "R-6.2",
    postId: null,
    defenderId,
    attackerId: attack.attackerId,
    attackPostId: attack.postId,
    spellId: attack.spellId,
    attack: attack.attack,
    defence: null,
    modifier: 0,
    outcome: "hit",
  });
  const spell = e.state.ruleset.spells.find((s) => s.id === attack.spellId);
  applyHit(e, defenderId, attack.attack, attack.spellId, spell?.rule ?? "R-3.3");
}

/** A hit: the attack die plus the spell's extra damage, then its effects. */
export function applyHit(e: Emitter, targetId: string, attack: number, spellId: string, rule: string): void {
  const spell = e.state.ruleset.spells.find((s) => s.id === spellId);
  const extra = (spell?.effects ?? []).reduce(
    (sum, x) => (x.type === "extra-damage" ? sum + x.amount : sum),
    0,
  );
  losePoints(e, targetId, attack + extra, "hit", extra > 0 ? rule : "R-3.3");
  // A duelist a third absence disqualified still takes the hit's effects (R-6.2 Order), should
  // the referee cancel that fault; one knocked out has none left to take.
  if (duelistOf(e.state, targetId)?.status === "out") return;
  for (const effect of spell?.effects ?? []) {
    if (effect.type === "next-defence" && effect.who === "target") {
      e.emit({
        type: "effect.applied",
        rule,
        duelistId: targetId,
        effect: "next-defence",
        modifier: effect.modifier,
        spellId,
      });
    } else if (effect.type === "cannot-attack-next-turn") {
      e.emit({
        type: "effect.applied",
        rule,
        duelistId: targetId,
        effect: "cannot-attack",
        modifier: 0,
        spellId,
      });
    } else if (effect.type === "disarm") {
      e.emit({
        type: "effect.applied",
        rule: "R-5.1",
        duelistId: targetId,
        effect: "disarmed",
        modifier: 0,
        spellId,
      });
    }
  }
}

function applyAction(
  e: Emitter,
  post: StoredPost,
  a: Assessment,
  attackDie: number,
  canAttack: boolean,
  wand: { readonly wandLostBefore: boolean; readonly disarmedAgain: boolean },
): void {
  const duelistId = post.authorId;
  const duelist = duelistOf(e.state, duelistId);
  if (!duelist) return;
  // Recovering a wand one holds does nothing; a Désarmement that hit this very post applies from
  // the next turn, so the duelist recovers the old wand and is disarmed again.
  if (a.recoverWand && wand.wandLostBefore) {
    e.emit({
      type: "wand.recovered",
      rule: "R-5.1",
      duelistId,
      postId: post.postId,
      disarmedAgain: wand.disarmedAgain,
    });
  }

  for (const p of a.particularities) {
    if (p.usage !== "once-per-duel") continue;
    e.emit({
      type: "particularity.used",
      rule: p.rule,
      duelistId,
      particularityId: p.id,
      postId: post.postId,
    });
    if (p.power === "read-next-move" && a.targetId) castLegilimens(e, duelistId, a.targetId, post.postId);
  }

  const spell = a.spell;
  if (!spell) return;
  if (a.attacks && a.targetId) {
    if (canAttack) {
      e.emit({
        type: "attack.launched",
        rule: spell.rule,
        postId: post.postId,
        attackerId: duelistId,
        targetId: a.targetId,
        spellId: spell.id,
        attack: attackDie,
      });
    } else {
      e.emit({
        type: "action.void",
        rule: "R-4.13",
        postId: post.postId,
        duelistId,
        spellId: spell.id,
        reason: "cannot-attack",
      });
    }
  }
  for (const effect of spell.effects) {
    if (effect.type === "next-defence" && effect.who === "self") {
      e.emit({
        type: "effect.applied",
        rule: spell.rule,
        duelistId,
        effect: "next-defence",
        modifier: effect.modifier,
        spellId: spell.id,
      });
    }
  }
}

/** Legilimens reads the target's next move, unless their Occlumens rank is as high. */
function castLegilimens(e: Emitter, casterId: string, targetId: string, postId: string): void {
  const caster = duelistOf(e.state, casterId);
  const target = duelistOf(e.state, targetId);
  if (!caster || !target) return;
  const legilimensRank = caster.particularities.find((p) => p.name === "legilimens")?.rank ?? 1;
  const occlumens = target.particularities.find((p) => p.name === "occlumens");
  const blocked = occlumens !== undefined && occlumens.rank >= legilimensRank;
  e.emit({ type: "legilimens.cast", rule: blocked ? "R-5.4" : "R-5.3", casterId, targetId, blocked, postId });
  if (!blocked) {
    e.emit({
      type: "referee.decision-needed",
      rule: "R-5.3",
      duelistId: casterId,
      postId,
      question: "legilimens-relay",
      detail: decisionTexts.legilimensRelay(caster.name, target.name),
    });
  }
}
