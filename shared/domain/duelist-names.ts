import { DomainError } from "../errors.js";
import { normalizeKey } from "../parsing/normalize.js";
import { errorTexts } from "../texts/errors.js";

/**
 * Characters that show nothing or only change the text's direction (format characters: zero-width
 * spaces and joiners, bidi marks, embeddings and isolates; and every default-ignorable code point,
 * such as variation selectors and fillers): two names that differ only by them look the same.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The form in which two duelists' names are told apart: compatibility forms unified (NFKC: `ｆ`
 * and `f`, `ﬁ` and `fi`), invisible and direction characters removed, then the matching form of
 * targets and commands (case, accents, spaces, see normalizeKey). Two names with the same key would
 * make every `Cible :` naming them ambiguous.
 */
export function nameKey(name: string): string {
  return normalizeKey(name.normalize("NFKC").replace(INVISIBLE, "").normalize("NFKC"));
}

/**
 * Refuses a registration naming two duelists alike (CONTRACT.md 6, R-1.2): 400 `invalid_body`
 * naming the second name's field, like any other invalid field. Alike is the same key (nameKey),
 * or, where the edge computed them (`skeletons`, one per duelist), the same Unicode TR 39
 * confusable skeleton: `Alice Dubois` and `Аlice Dubois` (a Cyrillic А) differ by their letters
 * only, never on screen.
 */
export function requireDistinctNames(
  duelists: readonly { readonly name: string }[],
  skeletons?: readonly string[],
): void {
  const keys = new Map<string, number>();
  const looks = new Map<string, number>();
  duelists.forEach((d, index) => {
    const refuse = (first: number, say: (first: string, second: string) => string) => {
      const message = say(duelists[first]?.name ?? "", d.name);
      throw new DomainError("invalid_body", message, 400, [{ path: `duelists.${index}.name`, message }]);
    };
    const key = nameKey(d.name);
    const same = keys.get(key);
    if (same !== undefined) refuse(same, errorTexts.invalid_body.sameName);
    keys.set(key, index);
    const skeleton = skeletons?.[index];
    if (skeleton === undefined) return;
    const alike = looks.get(skeleton);
    if (alike !== undefined) refuse(alike, errorTexts.invalid_body.lookAlike);
    looks.set(skeleton, index);
  });
}
