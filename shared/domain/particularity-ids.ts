import { DomainError } from "../errors.js";
import { normalizeKey } from "../parsing/normalize.js";
import type { Ruleset } from "../rules/ruleset.js";
import { refusalTexts } from "../texts/refusals.js";

/**
 * A particularity as a registration may name it ("Legilimens", "legilimens", "Mage noir") as the
 * ruleset's id; an unknown one is refused as an invalid field of the registration, so
 * the desk's form shows it next to that duelist's particularities.
 */
export function particularityId(ruleset: Ruleset, name: string, index: number): string {
  const key = normalizeKey(name);
  // The first match: validation (`rules/ruleset-names.ts`) keeps a key from naming two of them.
  const found = ruleset.particularities.find((p) =>
    [p.id, p.name, ...p.aliases].some((n) => normalizeKey(n) === key),
  );
  if (!found)
    throw new DomainError("invalid_body", refusalTexts.unknownParticularity(name), 400, [
      { path: `duelists.${index}.particularities`, message: name },
    ]);
  return found.id;
}
