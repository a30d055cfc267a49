/**
 * Unicode TR 39 confusable skeletons of duelists' names (R-1.2), for the decider to refuse two
 * names a reader cannot tell apart. The mapping is Unicode's confusables.txt as the `unhomoglyph`
 * package ships it; it is loaded on the first registration only, never on a post's path.
 */

type Unhomoglyph = (text: string) => string;

let mapping: Promise<Unhomoglyph> | undefined;
const load = (): Promise<Unhomoglyph> => {
  mapping ??= import("unhomoglyph").then((m) => m.default);
  return mapping;
};

/** Characters that show nothing (format characters, default-ignorables): a skeleton ignores them. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The skeleton of each name: compatibility forms unified (NFKC), invisible characters and spacing
 * runs dropped, then TR 39's `skeleton` (NFD, each character replaced by its prototype, NFD
 * again), case folded, and the skeleton taken once more. Folding after the first skeleton keeps
 * the confusions between cases (`I` and `l`, `0` and `O`) that folding first would lose; the
 * second skeleton maps what folding made (`O` → `o`) to its prototype. Equal skeletons: the names
 * look alike.
 */
export async function nameSkeletons(names: readonly string[]): Promise<string[]> {
  const prototype = await load();
  const skeleton = (text: string) => prototype(text.normalize("NFD")).normalize("NFD");
  return names.map((name) => {
    const plain = name.normalize("NFKC").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
    return skeleton(skeleton(plain).toLowerCase());
  });
}
