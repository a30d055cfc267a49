import type { RefereeAction } from "../domain/referee-actions.js";
import type { Ruleset } from "../rules/ruleset.js";

/** The markup a forum sends a post in (CONTRACT.md 4.1). */
export type PostFormat = "bbcode" | "html" | "markdown" | "text";

/** A duelist as the parser needs it: to match `Cible : Bob` to an id. */
export interface DuelistRef {
  readonly id: string;
  readonly name: string;
}

/** What reading a post needs to know about the duel. */
export interface ReadContext {
  readonly ruleset: Ruleset;
  readonly duelists: readonly DuelistRef[];
}

/** The `cible` of a block: a duelist of the duel, or text that names none. */
export type TargetMatch =
  | { readonly kind: "duelist"; readonly duelistId: string; readonly text: string }
  | { readonly kind: "unknown"; readonly text: string };

/** The action block of CONTRACT.md section 5, read and matched to the ruleset and the duelists. */
export interface ActionBlock {
  /** Ids of the ruleset's spells declared; two or more is two spells in one post. */
  readonly spellIds: readonly string[];
  /** Spell texts that match no spell of the ruleset. */
  readonly unknownSpells: readonly string[];
  /** `récupérer sa baguette` (or another of `recoverWandNames`) was declared. */
  readonly recoverWand: boolean;
  /** An `action` value that is neither a spell nor `récupérer sa baguette`. */
  readonly unknownActions: readonly string[];
  readonly target: TargetMatch | null;
  readonly zone: string | null;
  readonly bet: string | null;
  /** Ids of the ruleset's particularities declared (also when written as `Sort : Legilimens`). */
  readonly particularityIds: readonly string[];
  readonly unknownParticularities: readonly string[];
}

/** A post read: its plain text, its word count and its author's action block. */
export interface ReadPost {
  /** The whole post as plain text (markup removed, entities decoded, spaces normalised). */
  readonly text: string;
  /**
   * Words outside the action block (or the recap without tags), quotes and code, as French Unicode
   * word segments.
   */
  readonly words: number;
  /** The author's action block; null when the post has none outside quotes. */
  readonly block: ActionBlock | null;
  /** How many action blocks of the author the post holds (more than one is more than one action). */
  readonly blockCount: number;
  /**
   * Where `block` was read: a `[duel]` block, the author's recap without tags (CONTRACT.md 5,
   * "Without tags"), or nowhere (null).
   */
  readonly recap: "block" | "free" | null;
}

/** One line of an `[arbitre]` block: a decision, or why it could not be read. */
export type RefereeLine =
  | { readonly ok: true; readonly action: RefereeAction; readonly reason?: string; readonly text: string }
  | { readonly ok: false; readonly text: string; readonly error: string };
