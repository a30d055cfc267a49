import type { Ruleset } from "../rules/ruleset.js";
import { matchKey, normalizeKey, stripSpellKind } from "./normalize.js";

/** What a spell or action text names in the ruleset. */
export type Named =
  | { readonly kind: "spell"; readonly id: string }
  | { readonly kind: "particularity"; readonly id: string }
  | { readonly kind: "recover-wand" }
  | { readonly kind: "unknown"; readonly text: string };

type Known = Exclude<Named, { kind: "unknown" }>;

interface Lookup {
  /** Names, aliases, particularities and `recoverWandNames`, by {@link matchKey}. */
  readonly exact: ReadonlyMap<string, Known>;
  /** Spell names without their kind (`feu`), kept only when one spell has it. */
  readonly short: ReadonlyMap<string, Known>;
}

/**
 * Lookups by ruleset object: building one (a `matchKey` per name and alias) for every post would
 * cost more than the lookups themselves (bench/README.md).
 * Keyed by the object alone, because the object is what stays: rulesets are never mutated, and
 * the DynamoDB store keeps the rulesets it has read by hash (`adapters/dynamodb/rulesets.ts`), so
 * every post of a duel, and every duel of a forum, reads the same object. A ruleset parsed anew
 * (a store's first read of it) builds its lookup
 * once more; weak keys let the lookups go with the rulesets.
 */
const cache = new WeakMap<Ruleset, Lookup>();

function buildLookup(ruleset: Ruleset): Lookup {
  const exact = new Map<string, Known>();
  // The first owner of a key keeps it; a ruleset validated since `rules/ruleset-names.ts` has no
  // key with two owners, so the order only matters for rulesets stored before it.
  const add = (text: string, named: Known): void => {
    const key = matchKey(text);
    if (key.length > 0 && !exact.has(key)) exact.set(key, named);
  };
  for (const spell of ruleset.spells) {
    for (const text of [spell.name, ...spell.aliases]) add(text, { kind: "spell", id: spell.id });
  }
  for (const p of ruleset.particularities) {
    for (const text of [p.name, ...p.aliases]) add(text, { kind: "particularity", id: p.id });
  }
  for (const text of ruleset.recoverWandNames) add(text, { kind: "recover-wand" });
  const short = new Map<string, Known>();
  const ambiguous = new Set<string>();
  for (const spell of ruleset.spells) {
    const key = stripSpellKind(matchKey(spell.name));
    const other = short.get(key);
    if (exact.has(key) || (other?.kind === "spell" && other.id !== spell.id)) ambiguous.add(key);
    else short.set(key, { kind: "spell", id: spell.id });
  }
  for (const key of ambiguous) short.delete(key);
  return { exact, short };
}

function lookupFor(ruleset: Ruleset): Lookup {
  let lookup = cache.get(ruleset);
  if (!lookup) {
    lookup = buildLookup(ruleset);
    cache.set(ruleset, lookup);
  }
  return lookup;
}

/**
 * Players conjugate the verb ("je récupère ma baguette", "récupération de la baguette"); the
 * ruleset's `recoverWandNames` cannot list every form, so a verb of picking up plus `baguette`
 * (or `wand`) counts as recovering it.
 */
const RECOVER_WAND =
  /(?:^| )(?:recup\S*|ramass\S*|reprend\S*|rattrap\S*|recover\S*|pick\S* up)\b.*\b(?:baguette|wand)\b/;

/** A name, an alias, a `recoverWandNames` entry, or a spell name without its kind; no guessing. */
function lookupNamed(text: string, ruleset: Ruleset): Known | undefined {
  const lookup = lookupFor(ruleset);
  const key = matchKey(text);
  return lookup.exact.get(key) ?? lookup.short.get(stripSpellKind(key));
}

/** What one text names: a spell (by name, alias, or name without its kind), a particularity, the wand. */
export function matchNamed(text: string, ruleset: Ruleset): Named {
  const found = lookupNamed(text, ruleset);
  if (found) return found;
  if (RECOVER_WAND.test(normalizeKey(text))) return { kind: "recover-wand" };
  return { kind: "unknown", text: text.trim() };
}

/** Between two spells of one value: `+ & , ; / |`, dashes, `et`, `and`, `puis`, `then`, `ou`, `or`. */
const LIST_SEPARATOR = /\s*[+&,;/|—–]\s*|\s+-\s+|\s+(?:et|and|puis|then|ou|or|plus)\s+/i;
const ASIDE = /[([]([^()[\]]*)[)\]]/g;

/**
 * Everything a spell or action value names, in order and without repeats. The whole value is
 * tried first (a name may contain `et`); else it is cut at list separators: `Incendio + Glacius`,
 * `Feu et Glace`, `Feu, Glace` name two spells. Text in brackets is a comment unless it
 * names something: `Expelliarmus (Sortilège de Désarmement)` is one spell, `Incendio (au torse)`
 * is Incendio.
 */
export function matchNamedList(value: string, ruleset: Ruleset): Named[] {
  // The whole value by name only: the wand heuristic would swallow `récupérer sa baguette + Incendio`.
  const whole = lookupNamed(value, ruleset);
  if (whole) return [whole];
  const asides: string[] = [];
  const main = value.replace(ASIDE, (_, inner: string) => {
    asides.push(inner);
    return " ";
  });
  const named = [
    ...split(main).map((part) => matchNamed(part, ruleset)),
    ...asides.flatMap(split).flatMap((part) => {
      const n = matchNamed(part, ruleset);
      return n.kind === "unknown" ? [] : [n];
    }),
  ];
  return dedupe(named);
}

function split(text: string): string[] {
  return text.split(LIST_SEPARATOR).filter((part) => normalizeKey(part).length > 0);
}

function dedupe(named: readonly Named[]): Named[] {
  const seen = new Set<string>();
  return named.filter((n) => {
    const key =
      n.kind === "unknown"
        ? `?${normalizeKey(n.text)}`
        : n.kind === "recover-wand"
          ? n.kind
          : `${n.kind}:${n.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
