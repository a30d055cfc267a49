import { assess, readContext } from "../domain/assess.js";
import { decide } from "../domain/decide.js";
import type { DuelEvent, Violation } from "../domain/events.js";
import { type Duel, type DuelistState, duelistOf } from "../domain/state.js";
import { readPost } from "../parsing/read-post.js";
import type { PostFormat } from "../parsing/types.js";
import { tourTexts } from "../texts/duel-card.js";
import { texts, violationLabel } from "../texts/hiboux.js";

/*
 * What the turn-preparing page (CONTRACT.md 9) checks, with the referee's own code: the decider is
 * given the prepared post as if it had just been posted, on the duel as it stands, and what it
 * would decide is read back. Nothing is stored: `decide` is pure. The same module runs on the
 * server (tests) and in the duelist's browser (bundled by shared/browser/bundle-options.ts).
 */

/** The post a duelist prepares: their text and the fields of their action block. */
export interface TourDraft {
  readonly duelistId: string;
  /** A spell's name, or "" for none. */
  readonly spell: string;
  /** Recovering their wand in place of a spell. */
  readonly recoverWand: boolean;
  readonly target: string;
  readonly zone: string;
  readonly bet: string;
  readonly text: string;
}

/** One check the referee makes, passed or failed, in the hiboux' words. */
export interface TourCheck {
  readonly id: Violation | "turn";
  readonly ok: boolean;
  readonly label: string;
}

/** What the referee would decide of the prepared post. */
export interface TourVerdict {
  /** The post to send: the text, then the action block. */
  readonly post: string;
  readonly words: number;
  readonly minWords: number;
  /** What the referee would fault, or ask to correct, in the decider's codes. */
  readonly violations: readonly Violation[];
  readonly checks: readonly TourCheck[];
}

/** A spell of the club's list, castable now or greyed out with why. */
export interface SpellChoice {
  readonly id: string;
  readonly name: string;
  /** Its incantation, as duelists often write it (« Incendio »), if it has one. */
  readonly incantation: string | null;
  readonly attacks: boolean;
  /** Why it cannot be cast now (the hiboux' words), or null. */
  readonly greyed: string | null;
}

/** The id the prepared post is given: no forum post has it. */
const PREVIEW_ID = "tour-preview";

/** The action block as CONTRACT.md 5 writes it: only the fields the duelist filled. */
export function actionBlock(draft: TourDraft): string {
  const t = tourTexts.block;
  const lines = [
    draft.recoverWand ? `${t.action} : ${t.recoverWand}` : "",
    draft.spell ? `${t.spell} : ${draft.spell}` : "",
    draft.target ? `${t.target} : ${draft.target}` : "",
    draft.zone.trim() ? `${t.zone} : ${draft.zone.trim()}` : "",
    draft.bet.trim() ? `${t.bet} : ${draft.bet.trim()}` : "",
  ].filter((line) => line !== "");
  return `[duel]\n${lines.join("\n")}\n[/duel]`;
}

/** The post to send: the duelist's text, then the action block. */
export function preparedPost(draft: TourDraft): string {
  return `${draft.text.trim()}\n\n${actionBlock(draft)}`;
}

/** The violations the decider's events give the post: a fault, or a correction window's missing fields. */
function violationsOf(events: readonly DuelEvent[]): Violation[] {
  const found: Violation[] = [];
  for (const event of events) {
    if (event.type === "fault.action" && event.postId === PREVIEW_ID) found.push(...event.violations);
    if (event.type === "correction.opened" && event.postId === PREVIEW_ID) found.push(...event.missing);
  }
  return [...new Set(found)];
}

/** The checks a post of a turn always meets, shown passed when the decider found nothing. */
const ALWAYS: readonly Violation[] = ["out-of-turn", "words", "cible", "zone", "pari", "spam"];

function passedLabel(v: Violation, draft: TourDraft, words: number, minWords: number): string {
  const t = tourTexts.passed;
  switch (v) {
    case "out-of-turn":
      return t.turn;
    case "words":
      return t.words(words, minWords);
    case "cible":
      return draft.target ? t.target(draft.target) : t.noTarget;
    case "zone":
      return draft.zone.trim() ? t.zone(draft.zone.trim()) : t.noZone;
    case "pari":
      return t.bet(draft.bet.trim());
    default:
      return t.spam;
  }
}

/**
 * The referee's verdict on the prepared post if it were posted at `now`: the decider runs on the
 * duel as it stands, and every check it makes is listed, passed or failed.
 */
export function checkTurn(state: Duel, draft: TourDraft, now: string, format: PostFormat): TourVerdict {
  const post = preparedPost(draft);
  const author = duelistOf(state, draft.duelistId);
  const events = decide(
    {
      type: "post.received",
      now,
      post: {
        postId: PREVIEW_ID,
        authorId: draft.duelistId,
        authorName: author?.name ?? draft.duelistId,
        createdAt: now,
        content: post,
        format,
        serverDice: [1, 1],
        forumDice: [1, 1],
      },
    },
    state,
    PREVIEW_ID,
  );
  const violations = violationsOf(events);
  const minWords = state.ruleset.minWords;
  const words = readPost(post, format, readContext(state)).words;
  const failed: TourCheck[] = violations.map((v) => ({
    id: v,
    ok: false,
    label: v === "words" ? tourTexts.failed.words(words, minWords) : violationLabel(v, minWords),
  }));
  const passed: TourCheck[] = ALWAYS.filter((v) => !violations.includes(v)).map((v) => ({
    id: v,
    ok: true,
    label: passedLabel(v, draft, words, minWords),
  }));
  const ignored = events.some((e) => e.type === "post.ignored" && e.postId === PREVIEW_ID);
  const extra: TourCheck[] = ignored ? [{ id: "turn", ok: false, label: tourTexts.failed.notInDuel }] : [];
  return { post, words, minWords, violations, checks: [...extra, ...failed, ...passed] };
}

function stored(authorId: string, content: string, createdAt: string, format: PostFormat) {
  return { postId: PREVIEW_ID, authorId, createdAt, content, format, dice: [1, 1] as const };
}

/** The opponents a duelist may aim at: the other duelists still in the duel. */
export function targetsOf(state: Duel, duelistId: string): DuelistState[] {
  return state.duelists.filter((d) => d.id !== duelistId && d.status === "active");
}

/**
 * The club's spells for this duelist now: each weighed by the decider's own assessment of a post
 * casting it (R-4.16 the spell of last turn, R-4.15 the level, R-4.17 the PM, R-5.1 the wand),
 * and an attack greyed out on a turn they cannot attack.
 */
export function spellChoices(state: Duel, duelistId: string): SpellChoice[] {
  const duelist = duelistOf(state, duelistId);
  if (!duelist) return [];
  const target = targetsOf(state, duelistId)[0]?.name ?? "";
  return state.ruleset.spells.map((spell) => {
    const draft: TourDraft = {
      duelistId,
      spell: spell.name,
      recoverWand: false,
      target,
      zone: "torse",
      bet: "1",
      text: "",
    };
    const a = assess(state, duelist, stored(duelistId, actionBlock(draft), "", "text"));
    const attacks = !spell.effects.some((e) => e.type === "no-attack");
    const blocking = a.fatal.filter((v) => v !== "two-actions");
    const greyed =
      blocking.length > 0
        ? blocking.map((v) => violationLabel(v, state.ruleset.minWords)).join(", ")
        : attacks && duelist.cannotAttackNextTurn
          ? texts.yourTurn.cannotAttack
          : null;
    return { id: spell.id, name: spell.name, incantation: spell.aliases[0] ?? null, attacks, greyed };
  });
}
