import { createHash } from "node:crypto";
import type { Ruleset } from "../../rules/ruleset.js";
import { type Item, marshall } from "./attributes.js";
import { keys } from "./table.js";

/*
 * A duel's ruleset is fixed when the duel is registered and is most of its state: 3.2 KB of
 * the default ruleset's 4.6 KB. Written inside the snapshot, every post would read, parse, copy,
 * serialise and write it again. It is stored once per duel instead, in its own item
 * (`DUEL#<id>` / `RULESET`), which the snapshot names by hash (`rulesetHash`): the commit that
 * gives a duel a ruleset it has not stored yet writes that item in the same transaction, and every
 * other commit leaves it alone.
 */

/** How many parsed rulesets a store keeps, by hash: forums have one each, duels share them. */
const PARSED_LIMIT = 64;

/** How many duels a store remembers the stored ruleset of (the duels it served lately). */
const STORED_LIMIT = 1000;

const hashes = new WeakMap<Ruleset, string>();

/**
 * The hash that names a ruleset's stored copy: SHA-256 of its JSON. Memoised per object: rulesets
 * are never mutated (states are replaced, not changed), and a loaded duel's ruleset is the parsed
 * object the store keeps, so a duel's posts hash it once.
 */
export function rulesetHash(ruleset: Ruleset): string {
  let hash = hashes.get(ruleset);
  if (hash === undefined) {
    hash = createHash("sha256").update(JSON.stringify(ruleset)).digest("base64url");
    hashes.set(ruleset, hash);
  }
  return hash;
}

/** The item holding a duel's ruleset. */
export function rulesetItem(duelId: string, ruleset: Ruleset): Item {
  return marshall({
    ...keys.ruleset(duelId),
    duelId,
    hash: rulesetHash(ruleset),
    ruleset: JSON.stringify(ruleset),
  });
}

/** A Map that forgets its oldest entry beyond `limit` (insertion order; a `set` refreshes). */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

/**
 * What one store knows of stored rulesets: the parsed rulesets by hash (a duel's posts parse its
 * ruleset once, and duels of one forum share one object), and for the duels it read or wrote, the
 * hash their stored ruleset item holds at a given version.
 *
 * The second is what lets a commit skip the ruleset item safely: it is trusted only for the version
 * the commit is conditioned on. If that commit succeeds, the snapshot was still at that version,
 * and the ruleset item, only ever written in the same transaction as a snapshot naming it, still
 * held that hash. Anything else (another version, a duel never seen, a snapshot stored before
 * rulesets were kept apart) writes the item again.
 */
export class RulesetMemory {
  private readonly parsed = new Map<string, Ruleset>();
  private readonly stored = new Map<string, { readonly version: number; readonly hash: string | null }>();

  /** The ruleset a `RULESET` item holds, parsed once per hash. */
  parse(hash: string, json: string): Ruleset {
    let ruleset = this.parsed.get(hash);
    if (ruleset === undefined) {
      ruleset = JSON.parse(json) as Ruleset;
      hashes.set(ruleset, hash);
    }
    remember(this.parsed, hash, ruleset, PARSED_LIMIT);
    return ruleset;
  }

  /** The duel's snapshot at `version` names this ruleset item (null: none, the ruleset is inline). */
  saw(duelId: string, version: number, hash: string | null): void {
    remember(this.stored, duelId, { version, hash }, STORED_LIMIT);
  }

  /** Whether a commit conditioned on `expectedVersion` finds this ruleset already stored. */
  isStored(duelId: string, expectedVersion: number, hash: string): boolean {
    const known = this.stored.get(duelId);
    return known !== undefined && known.version === expectedVersion && known.hash === hash;
  }
}
