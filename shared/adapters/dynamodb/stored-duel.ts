import type { Duel } from "../../domain/state.js";
import type { Ruleset } from "../../rules/ruleset.js";
import { decodeMarks } from "./post-marks.js";

/**
 * A duel's state as its snapshot holds it (`snapshotItem`): the state of its status without the
 * ruleset (an item of its own, `rulesets.ts`), its hot post marks encoded (`post-marks.ts`).
 */
export type StoredDuel = Omit<Duel, "ruleset" | "posts"> & { readonly posts: Record<string, string> };

/** The duel a snapshot holds, its ruleset joined back and its marks decoded. */
export function duelOfStored(stored: StoredDuel, ruleset: Ruleset): Duel {
  return { ...stored, posts: decodeMarks(stored.posts), ruleset } as Duel;
}
