import { normalizeKey } from "./normalize.js";
import type { DuelistRef, TargetMatch } from "./types.js";

/** Who a text names among the duel's duelists, or why it names nobody. */
export type DuelistLookup =
  | { readonly kind: "found"; readonly duelistId: string }
  | { readonly kind: "unknown" }
  /** A first name two duelists share, with no full name to tell them apart. */
  | { readonly kind: "ambiguous" };

function firstName(name: string): string {
  return normalizeKey(name).split(" ")[0] ?? "";
}

/**
 * Finds the duelist a text names: by full name, else by first name (first word of the name) when
 * only one duelist has it; with `byId`, also by id (`43`, `#43`). Case, accents, a leading `@`
 * and surrounding punctuation are ignored.
 */
export function findDuelist(
  text: string,
  duelists: readonly DuelistRef[],
  options: { readonly byId?: boolean } = {},
): DuelistLookup {
  const raw = text.trim().replace(/^[@#]/, "");
  if (options.byId) {
    const byId = duelists.find((d) => d.id === raw);
    if (byId) return { kind: "found", duelistId: byId.id };
  }
  const key = normalizeKey(raw);
  if (key.length === 0) return { kind: "unknown" };
  const byName = duelists.filter((d) => normalizeKey(d.name) === key);
  if (byName.length === 1 && byName[0]) return { kind: "found", duelistId: byName[0].id };
  if (byName.length > 1) return { kind: "ambiguous" };
  const byFirst = duelists.filter((d) => firstName(d.name) === key);
  if (byFirst.length === 1 && byFirst[0]) return { kind: "found", duelistId: byFirst[0].id };
  return byFirst.length > 1 ? { kind: "ambiguous" } : { kind: "unknown" };
}

/**
 * The `cible` of an action block matched to a duelist (CONTRACT.md 5): full or first name, without
 * case or accents; a shared first name matches nobody, since guessing would aim at the wrong one.
 */
export function matchTarget(text: string, duelists: readonly DuelistRef[]): TargetMatch {
  const found = findDuelist(text, duelists);
  return found.kind === "found"
    ? { kind: "duelist", duelistId: found.duelistId, text }
    : { kind: "unknown", text };
}
