import { createHash } from "node:crypto";
import type { Ruleset } from "../../rules/ruleset.js";
import { remember } from "../remember.js";
import { type Item, marshall } from "./attributes.js";
import { keys } from "./table.js";

/*
 * A duel's ruleset is fixed when the duel is registered and is most of its state (sizes in
 * bench/README.md, "What pays"). Written inside the snapshot, every post would read, parse, copy,
 * serialise and write it again. It is stored once per duel instead, in its own item
 * (`DUEL#<id>` / `RULESET`), which the snapshot names by hash (`rulesetHash`): the commit that
 * gives a duel a ruleset it has not stored yet writes that item in the same transaction, and every
 * other commit leaves it alone.
 */

/** How many rulesets a store keeps, by hash: forums have one each, duels share them. */
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
  // The key written out, not spread: see items.ts.
  const { pk, sk } = keys.ruleset(duelId);
  return marshall({
    pk,
    sk,
    duelId,
    hash: rulesetHash(ruleset),
    ruleset: JSON.stringify(ruleset),
  });
}

/**
 * What one store knows of stored rulesets: the rulesets themselves by hash (content-addressed: a
 * snapshot naming a hash this store holds needs no read of its ruleset item, and the duels of one
 * forum share one object), and for the duels it read or wrote, the hash their stored ruleset item
 * holds at a given version.
 *
 * The second is what lets a commit skip the ruleset item safely: it is trusted only for the version
 * the commit is conditioned on. If that commit succeeds, the snapshot was still at that version,
 * and the ruleset item, only ever written in the same transaction as a snapshot naming it, still
 * held that hash. Anything else (another version, a duel never seen) writes the item again.
 */
export class RulesetMemory {
  private readonly byHash = new Map<string, Ruleset>();
  private readonly stored = new Map<string, { readonly version: number; readonly hash: string }>();

  /** The ruleset a `RULESET` item holds, parsed once per hash. */
  parse(hash: string, json: string): Ruleset {
    const known = this.byHash.get(hash);
    if (known !== undefined) return this.keep(hash, known);
    const ruleset = JSON.parse(json) as Ruleset;
    hashes.set(ruleset, hash);
    return this.keep(hash, ruleset);
  }

  /** The ruleset of this hash, if this store holds it. */
  get(hash: string): Ruleset | undefined {
    const ruleset = this.byHash.get(hash);
    return ruleset === undefined ? undefined : this.keep(hash, ruleset);
  }

  /** Whether reading this duel can skip its ruleset item: the one it last named is held here. */
  holdsRulesetOf(duelId: string): boolean {
    const hash = this.stored.get(duelId)?.hash;
    return hash !== undefined && this.byHash.has(hash);
  }

  /** The duel's snapshot at `version` names this ruleset. */
  saw(duelId: string, version: number, hash: string): void {
    remember(this.stored, duelId, { version, hash }, STORED_LIMIT);
  }

  /** A commit stored this ruleset for the duel, at `version`. */
  wrote(duelId: string, version: number, ruleset: Ruleset): void {
    const hash = rulesetHash(ruleset);
    this.keep(hash, ruleset);
    this.saw(duelId, version, hash);
  }

  /** Whether a commit conditioned on `expectedVersion` finds this ruleset already stored. */
  isStored(duelId: string, expectedVersion: number, hash: string): boolean {
    const known = this.stored.get(duelId);
    return known !== undefined && known.version === expectedVersion && known.hash === hash;
  }

  private keep(hash: string, ruleset: Ruleset): Ruleset {
    remember(this.byHash, hash, ruleset, PARSED_LIMIT);
    return ruleset;
  }
}
