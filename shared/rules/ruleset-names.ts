import { matchKey, normalizeKey } from "../parsing/normalize.js";
import { validationTexts } from "../texts/validation.js";

/** A spell or particularity as far as its names go. */
interface Named {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
}

/** What of a ruleset players' words are matched against. */
export interface RulesetNames {
  readonly spells: readonly Named[];
  readonly particularities: readonly Named[];
  readonly recoverWandNames: readonly string[];
}

/** A spell's French name from the duel's ruleset; its id when the ruleset does not know it. */
export function spellName(ruleset: Pick<RulesetNames, "spells">, spellId: string): string {
  return ruleset.spells.find((s) => s.id === spellId)?.name ?? spellId;
}

/** A particularity's French name from the duel's ruleset; its id otherwise. */
export function particularityName(
  ruleset: Pick<RulesetNames, "particularities">,
  particularityId: string,
): string {
  return ruleset.particularities.find((p) => p.id === particularityId)?.name ?? particularityId;
}

/** A name that would make a lookup ambiguous: the field that brings it, and why, in French. */
export interface NameIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

type Owner = { readonly kind: "spell" | "particularity"; readonly id: string };

/** One field of a spell or particularity: where it is, what it says, whom else it names (claiming it). */
interface Field {
  readonly path: readonly (string | number)[];
  readonly text: string;
  readonly owner: () => Owner | undefined;
}

/**
 * Names of a ruleset that would name two things, so that what a post or a registration means
 * would depend on the order of the ruleset's arrays, and editing the ruleset could change a
 * verdict on replay. Each lookup that takes the first match is covered, with its own key:
 *
 * - posts (`parsing/spell-matcher.ts`): spell and particularity names and aliases, and
 *   `recoverWandNames`, by {@link matchKey}; spells are tried before particularities, so a
 *   particularity named like a spell could never be declared;
 * - registrations (`domain/particularity-ids.ts`): particularity ids, names and aliases, by
 *   {@link normalizeKey};
 * - a duelist's extra spells (`domain/assess.ts`): spell ids and names as written.
 *
 * Not here: a spell name without its kind (`feu` for `Sortilège de Feu`). The matcher already
 * drops a kind-less name two spells share, or that is a full name or alias, so it names nothing
 * and the post's spell is unlisted (R-4.14: the referee decides). A spell and a particularity may
 * share an id: posts never name particularities by id, and registrations name only particularities.
 */
export function nameIssues(ruleset: RulesetNames): NameIssue[] {
  const issues: NameIssue[] = [];
  /** Post keys (matchKey) of spells, particularities and recoverWandNames, first owner kept. */
  const inPosts = new Map<string, Owner>();
  /** Registration keys (normalizeKey) of particularities. */
  const atRegistration = new Map<string, string>();
  /** Spell ids and names as written, for extra spells. */
  const asWritten = new Map<string, string>();

  const taken = (text: string, owner: Owner): string =>
    owner.kind === "spell"
      ? validationTexts.nameTaken.spell(text, owner.id)
      : validationTexts.nameTaken.particularity(text, owner.id);

  ruleset.spells.forEach((spell, i) => {
    const self: Owner = { kind: "spell", id: spell.id };
    const other = (id: string) => id !== spell.id;
    const asWrittenBy = (text: string): Owner | undefined => {
      const id = claim(asWritten, text, spell.id, other);
      return id === undefined ? undefined : { kind: "spell", id };
    };
    const fields: Field[] = [
      { path: ["id"], text: spell.id, owner: () => asWrittenBy(spell.id) },
      {
        path: ["name"],
        text: spell.name,
        // Both claims are made, so that later spells are checked against this one's name either way.
        owner: () =>
          [claim(inPosts, matchKey(spell.name), self, (o) => other(o.id)), asWrittenBy(spell.name)].find(
            Boolean,
          ),
      },
      ...spell.aliases.map((text, k) => ({
        path: ["aliases", k],
        text,
        owner: () => claim(inPosts, matchKey(text), self, (o) => other(o.id)),
      })),
    ];
    for (const field of fields) {
      const owner = field.owner();
      if (owner) issues.push({ path: ["spells", i, ...field.path], message: taken(field.text, owner) });
    }
  });

  const ids = new Set<string>();
  ruleset.particularities.forEach((p, i) => {
    const self: Owner = { kind: "particularity", id: p.id };
    const other = (id: string) => id !== p.id;
    const atRegistrationBy = (text: string): Owner | undefined => {
      const id = claim(atRegistration, normalizeKey(text), p.id, other);
      return id === undefined ? undefined : { kind: "particularity", id };
    };
    const named = (text: string) => () =>
      [
        atRegistrationBy(text),
        claim(inPosts, matchKey(text), self, (o) => o.kind === "spell" || other(o.id)),
      ].find(Boolean);
    if (ids.has(p.id))
      issues.push({
        path: ["particularities", i, "id"],
        message: validationTexts.duplicateParticularity(p.id),
      });
    const fields: Field[] = [
      // Posts never name a particularity by its id: only registrations do.
      ...(ids.has(p.id) ? [] : [{ path: ["id"], text: p.id, owner: () => atRegistrationBy(p.id) }]),
      { path: ["name"], text: p.name, owner: named(p.name) },
      ...p.aliases.map((text, k) => ({ path: ["aliases", k], text, owner: named(text) })),
    ];
    ids.add(p.id);
    for (const field of fields) {
      const owner = field.owner();
      if (owner)
        issues.push({ path: ["particularities", i, ...field.path], message: taken(field.text, owner) });
    }
  });

  ruleset.recoverWandNames.forEach((text, k) => {
    const other = inPosts.get(matchKey(text));
    if (other) issues.push({ path: ["recoverWandNames", k], message: taken(text, other) });
  });
  return issues;
}

/**
 * Records `owner` for `key` unless the key is already someone's; answers that someone when
 * `conflicts` says they are another thing. An empty key names nothing, so it is never a conflict.
 */
function claim<T>(
  map: Map<string, T>,
  key: string,
  owner: T,
  conflicts: (other: T) => boolean,
): T | undefined {
  if (key.length === 0) return undefined;
  const other = map.get(key);
  if (other === undefined) {
    map.set(key, owner);
    return undefined;
  }
  return conflicts(other) ? other : undefined;
}
