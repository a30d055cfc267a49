/**
 * Keys typed with one slip (`Cilbe`, `Zonne`, `Parie`, `Particularitée`): players write their recap
 * by hand, and a slip in a key must not lose its value. Only a key of five letters or more, whose
 * first letter is right, may be one edit away from a known key: four-letter words are too close to
 * others (`sort`/`mort`, `pari`/`mari`) to be forgiven.
 */

/** Whether `a` and `b` are at most one insertion, deletion, substitution or swap of neighbours apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    // Substitution: the rest after i must match; swap: a[i]a[i+1] = b[i+1]b[i] and the rest matches.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter more on one side: skipping it at the first difference leaves the same rest.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Shortest typed key that may be a slip. */
const MIN_TYPED = 5;

/**
 * The known key `typed` is a slip of, if exactly one field is that close; undefined otherwise
 * (a slip that could be two keys says nothing). `typed` is normalised (see normalizeKey).
 */
export function forgiveSlip<K>(typed: string, known: ReadonlyMap<string, K>): K | undefined {
  if (typed.length < MIN_TYPED || typed.length > 32) return undefined;
  let found: K | undefined;
  for (const [name, field] of known) {
    if (name.length < MIN_TYPED - 1 || name[0] !== typed[0]) continue;
    if (!withinOneEdit(typed, name)) continue;
    if (found !== undefined && found !== field) return undefined;
    found = field;
  }
  return found;
}
