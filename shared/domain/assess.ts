import { readPost } from "../parsing/read-post.js";
import type { ActionBlock, ReadContext, ReadPost } from "../parsing/types.js";
import { countWords } from "../parsing/word-count.js";
import { type Particularity, type Spell, yearKey } from "../rules/ruleset.js";
import type { Violation } from "./events.js";
import type { Duel, DuelistState, StoredPost } from "./state.js";

/** The four mistakes a correction may mend. */
export type Correctable = "words" | "cible" | "zone" | "pari";

/** Fields a referee's correction brings (CONTRACT.md section 6). */
export interface CorrectionFields {
  readonly cible?: string;
  readonly zone?: string;
  readonly pari?: string;
  readonly text?: string;
}

/** A post weighed against the rules, before anything is applied. */
export interface Assessment {
  readonly read: ReadPost;
  /** Words counted for, a correction's text included. */
  readonly words: number;
  /** The one known spell declared, if exactly one was. */
  readonly spell: Spell | null;
  readonly attacks: boolean;
  readonly targetId: string | null;
  readonly particularities: readonly Particularity[];
  readonly recoverWand: boolean;
  /**
   * The particularity cast as the turn's spell (Legilimens, R-5.3), if declared: the previous
   * spell of the duelist's next turn, whether it worked or not (R-4.16 Interpretation).
   */
  readonly mindReadingId: string | null;
  readonly correctable: readonly Correctable[];
  readonly fatal: readonly Violation[];
  readonly unlistedSpells: readonly string[];
  /** PM the cast costs (R-4.17, halved for a Mage Noir's maléfice ); 0 without PM. */
  readonly pmCost: number;
}

/** What the parser needs to read a post of this duel. */
export function readContext(state: Duel): ReadContext {
  return { ruleset: state.ruleset, duelists: state.duelists.map((d) => ({ id: d.id, name: d.name })) };
}

function matchTarget(state: Duel, text: string): string | null {
  const read = readPost(`[duel]\ncible : ${text}\n[/duel]`, "text", readContext(state));
  const target = read.block?.target;
  return target?.kind === "duelist" ? target.duelistId : null;
}

/**
 * Weighs a duelist's post (with a correction's fields, if any) against,
 * Never throws: a block that cannot be read gives missing fields.
 */
export function assess(
  state: Duel,
  duelist: DuelistState,
  post: StoredPost,
  fields: CorrectionFields = {},
): Assessment {
  const { ruleset } = state;
  const read = readPost(post.content, post.format, readContext(state));
  const block = read.block;
  const correctable: Correctable[] = [];
  const fatal: Violation[] = [];

  const words = read.words + (fields.text ? countWords(fields.text) : 0);
  if (words < ruleset.minWords) correctable.push("words");

  const spells = (block?.spellIds ?? []).flatMap((id) => ruleset.spells.filter((s) => s.id === id));
  const unlistedSpells = [...(block?.unknownSpells ?? [])];
  const particularities = (block?.particularityIds ?? []).flatMap((id) =>
    ruleset.particularities.filter((p) => p.id === id),
  );
  const mindReading = particularities.find((p) => p.power === "read-next-move") ?? null;
  const actionCount = spells.length + unlistedSpells.length + (mindReading ? 1 : 0);
  if (read.blockCount > 1 || actionCount > 1) fatal.push("two-actions");
  if (unlistedSpells.length > 0) fatal.push("unlisted-spell");
  if ((block?.unknownActions ?? []).length > 0) fatal.push("unknown-action");
  fatal.push(...particularityFaults(duelist, particularities, block));

  const spell = spells.length === 1 ? (spells[0] ?? null) : null;
  const recoverWand = block?.recoverWand ?? false;
  const wandless = particularities.some((p) => p.power === "wandless-cast");
  const pmCost = spell ? spellCost(spell, particularities) : 0;
  if (spell) fatal.push(...spellFaults(state, duelist, spell, pmCost, recoverWand && wandless));
  // Legilimens is a spell (R-4.16 Interpretation): cast while disarmed it needs Magie sans
  // baguette even in the post that recovers the wand (R-5.1 Interpretation), and it is spam after
  // a Legilimens attempt, whether that one worked or not.
  if (mindReading && duelist.disarmed && !(recoverWand && wandless)) fatal.push("disarmed");
  if (mindReading && mindReading.id === duelist.lastSpellId) fatal.push("spam");

  const attacks = spell !== null && !spell.effects.some((e) => e.type === "no-attack");
  let targetId: string | null = null;
  if (attacks || mindReading) {
    targetId = opponentNamed(state, duelist, block, fields);
    if (!targetId) correctable.push("cible");
    if (!(fields.zone ?? block?.zone)) correctable.push("zone");
  }
  if (!(fields.pari ?? block?.bet)) correctable.push("pari");

  return {
    read,
    words,
    spell,
    attacks,
    targetId,
    particularities,
    recoverWand,
    mindReadingId: mindReading?.id ?? null,
    correctable,
    fatal: [...new Set(fatal)],
    unlistedSpells,
    pmCost,
  };
}

/** Particularities declared that cannot be used: unusable, passive, not owned or spent. */
function particularityFaults(
  duelist: DuelistState,
  particularities: readonly Particularity[],
  block: ActionBlock | null,
): Violation[] {
  const fatal: Violation[] = [];
  for (const p of particularities) {
    const owned = duelist.particularities.some((o) => o.name === p.id);
    if (p.usage === "unusable") fatal.push("unusable-particularity");
    else if (p.usage === "once-per-duel" && !owned) fatal.push("particularity-not-owned");
    else if (p.usage === "once-per-duel" && duelist.usedParticularities.includes(p.id))
      fatal.push("particularity-spent");
    else if (p.usage === "passive") fatal.push("unusable-particularity");
  }
  if ((block?.unknownParticularities ?? []).length > 0) fatal.push("particularity-not-owned");
  return fatal;
}

/** PM the cast costs, halved for a Mage Noir's maléfice; 0 without PM. */
function spellCost(spell: Spell, particularities: readonly Particularity[]): number {
  const halved = particularities.some((p) => p.power === "half-pm-malefice") && spell.kind === "maléfice";
  return spell.pmCost ? (halved ? Math.ceil(spell.pmCost / 2) : spell.pmCost) : 0;
}

/**
 * What makes casting this spell impossible or spam: disarmed without casting wandless while
 * recovering, above one's level, the previous spell, PM.
 */
function spellFaults(
  state: Duel,
  duelist: DuelistState,
  spell: Spell,
  pmCost: number,
  castsWandless: boolean,
): Violation[] {
  const fatal: Violation[] = [];
  if (duelist.disarmed && !castsWandless) fatal.push("disarmed");
  const extra = duelist.extraSpells.some((s) => s === spell.id || s === spell.name);
  if (spell.level !== undefined && spell.level > state.ruleset.maxLevel[yearKey(duelist.year)] && !extra)
    fatal.push("level");
  if (spell.id === duelist.lastSpellId) fatal.push("spam");
  if (duelist.pm !== null && pmCost > duelist.pm) fatal.push("pm");
  return fatal;
}

/** The active opponent the post (or its correction's `cible`) aims at, if it names one. */
function opponentNamed(
  state: Duel,
  duelist: DuelistState,
  block: ActionBlock | null,
  fields: CorrectionFields,
): string | null {
  const named = fields.cible
    ? matchTarget(state, fields.cible)
    : block?.target?.kind === "duelist"
      ? block.target.duelistId
      : null;
  const opponent = named
    ? state.duelists.find((d) => d.id === named && d.id !== duelist.id && d.status === "active")
    : undefined;
  return opponent?.id ?? null;
}
