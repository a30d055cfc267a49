import type { ActionBlock } from "../parsing/types.js";
import { particularityName, spellName } from "../rules/ruleset-names.js";
import { texts } from "../texts/hiboux.js";
import { type Context, nameOf } from "./context.js";

/** What a referee's correction brought to a post: its fields, and the target they name. */
export interface Corrected {
  readonly fields: Readonly<Record<string, string>>;
  readonly targetId: string | null;
}

/**
 * The action of a post as it was read — spell, target, zone, bet, particularity — and its words,
 * in one line: a duelist or a referee sees at once when the referee misread a recap.
 * `read` is null when the post held neither a `[duel]` block nor a recap. With `corrected`, the
 * fields the referee's correction brought stand in place of those read, said as corrected.
 */
export function readingLine(
  ctx: Context,
  read: ActionBlock | null,
  words: number,
  corrected?: Corrected,
): string {
  const r = texts.reading;
  const fields = corrected?.fields ?? {};
  if (read === null && Object.keys(fields).length === 0) return r.nothingRead(words);
  const spells = read
    ? [
        ...read.spellIds.map((id) => spellName(ctx.ruleset, id)),
        ...(read.recoverWand ? [r.recoverWand] : []),
        ...read.unknownSpells.map(r.unknown),
        ...read.unknownActions.map(r.unknown),
      ]
    : [];
  const readTarget = read?.target ?? null;
  const target =
    readTarget === null
      ? null
      : readTarget.kind === "duelist"
        ? nameOf(ctx, readTarget.duelistId)
        : r.unknown(readTarget.text);
  const correctedTarget =
    fields.cible === undefined
      ? null
      : corrected?.targetId
        ? nameOf(ctx, corrected.targetId)
        : r.unknown(fields.cible);
  const particularities = read
    ? [
        ...read.particularityIds.map((id) => particularityName(ctx.ruleset, id)),
        ...read.unknownParticularities.map(r.unknown),
      ]
    : [];
  const either = (value: string | undefined, line: (v: string) => string, otherwise: string) =>
    value === undefined ? otherwise : r.corrected(line(value));
  return r.line(
    [
      r.spell(spells),
      correctedTarget === null ? r.target(target) : r.corrected(r.target(correctedTarget)),
      either(fields.zone, r.zone, r.zone(read?.zone ?? null)),
      either(fields.pari, r.bet, r.bet(read?.bet ?? null)),
      r.particularity(particularities),
    ],
    words,
  );
}
