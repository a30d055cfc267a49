import { matchTarget } from "./duelist-lookup.js";
import { forgiveSlip } from "./key-typos.js";
import { cleanValue, readKeyValue, splitPairs } from "./key-value.js";
import { scanPost } from "./post-structure.js";
import { matchNamedList } from "./spell-matcher.js";
import type { ActionBlock, ReadContext } from "./types.js";

/** The fields of an action block (CONTRACT.md 5). */
export type BlockField = "spell" | "action" | "target" | "zone" | "bet" | "particularity";

/** Keys as players write them, after normalizeKey: French or English, singular or plural. */
const KEY_NAMES: Readonly<Record<BlockField, readonly string[]>> = {
  spell: [
    ...["sort", "sorts", "sortilege", "sortileges", "formule", "incantation", "spell", "spells"],
    ...["sort lance", "sortilege lance", "sort utilise", "sortilege utilise", "sort jete"],
  ],
  action: ["action", "actions", "action du tour"],
  target: ["cible", "cibles", "cible visee", "target", "targets", "adversaire vise", "adversaire"],
  zone: ["zone", "zones", "zone visee", "zone ciblee", "zone touchee", "zone du corps", "area"],
  bet: [
    ...["pari", "paris", "pari de de", "pari du de", "pari de des", "pari des des", "pari au de"],
    ...["pari de", "pari du", "bet", "dice bet"],
  ],
  particularity: [
    "particularite",
    "particularites",
    "particularite magique",
    "particularite utilisee",
    "particularity",
    "particularities",
  ],
};

const KEYS: ReadonlyMap<string, BlockField> = new Map(
  Object.entries(KEY_NAMES).flatMap(([field, names]) =>
    names.map((name) => [name, field as BlockField] as const),
  ),
);

/** The field a normalised key names, if any; a key with one slip (`cilbe`) still names it. */
export const blockFieldOf = (key: string): BlockField | undefined => KEYS.get(key) ?? forgiveSlip(key, KEYS);

/**
 * The bodies of the author's `[duel]…[/duel]` blocks in a post's plain text (see toPlainText), in
 * order. Blocks inside a quote of someone else or inside code are not the author's and are left out.
 */
export function findActionBlocks(plainText: string): string[] {
  return scanPost(plainText)
    .blocks.filter((b) => b.tag === "duel")
    .map((b) => b.body);
}

/** Every non-empty value given for each field, in the order written. */
export type BlockValues = ReadonlyMap<BlockField, readonly string[]>;

function collect(body: string): BlockValues {
  const values = new Map<BlockField, string[]>();
  for (const line of body.split("\n")) {
    for (const piece of splitPairs(line, blockFieldOf)) {
      const pair = readKeyValue(piece, blockFieldOf);
      const value = pair && cleanValue(pair.value);
      if (pair && value !== null) {
        const list = values.get(pair.key);
        if (list) list.push(value);
        else values.set(pair.key, [value]);
      }
    }
  }
  return values;
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * Reads one block body: `key : value` lines in any order, keys in French or English without case
 * or accents (`Sort`, `Sortilège`, `Spell`, `Action`, `Cible`, `Target`, `Zone`, `Pari de dé`,
 * `Bet`, `Particularité`). Spells are matched by name or alias without article, case or accents;
 * every spell named, on one line or several, is in `spellIds` (two is ); a value that names
 * nothing is in `unknownSpells`; a particularity written as a spell (`Sort : Legilimens`)
 * goes to `particularityIds`. Lines that are not pairs are ignored; a missing or empty field is null.
 */
export function readActionBlock(body: string, ctx: ReadContext): ActionBlock {
  return readBlockValues(collect(body), ctx);
}

/** The values of an action block's fields, however they were found, matched as readActionBlock says. */
export function readBlockValues(values: BlockValues, ctx: ReadContext): ActionBlock {
  const spellIds: string[] = [];
  const particularityIds: string[] = [];
  const unknownSpells: string[] = [];
  const unknownActions: string[] = [];
  const unknownParticularities: string[] = [];
  let recoverWand = false;
  for (const field of ["spell", "action"] as const) {
    for (const value of values.get(field) ?? []) {
      for (const named of matchNamedList(value, ctx.ruleset)) {
        if (named.kind === "spell") spellIds.push(named.id);
        else if (named.kind === "particularity") particularityIds.push(named.id);
        else if (named.kind === "recover-wand") recoverWand = true;
        else (field === "spell" ? unknownSpells : unknownActions).push(named.text);
      }
    }
  }
  for (const value of values.get("particularity") ?? []) {
    for (const named of matchNamedList(value, ctx.ruleset)) {
      if (named.kind === "particularity") particularityIds.push(named.id);
      else unknownParticularities.push(named.kind === "unknown" ? named.text : value);
    }
  }
  const target = values.get("target")?.[0];
  return {
    spellIds: unique(spellIds),
    unknownSpells,
    recoverWand,
    unknownActions,
    target: target === undefined ? null : matchTarget(target, ctx.duelists),
    zone: values.get("zone")?.[0] ?? null,
    bet: values.get("bet")?.[0] ?? null,
    particularityIds: unique(particularityIds),
    unknownParticularities: [...new Set(unknownParticularities)],
  };
}
