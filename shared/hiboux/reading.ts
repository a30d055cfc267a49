import type { ActionBlock } from "../parsing/types.js";
import { particularityName, spellName } from "../rules/ruleset-names.js";
import { texts } from "../texts/hiboux.js";
import { type Context, nameOf } from "./context.js";

/**
 * The action of a post as it was read — spell, target, zone, bet, particularity — and its words,
 * in one line: a duelist or a referee sees at once when the referee misread a recap.
 * `read` is null when the post held neither a `[duel]` block nor a recap.
 */
export function readingLine(ctx: Context, read: ActionBlock | null, words: number): string {
  const r = texts.reading;
  if (read === null) return r.nothingRead(words);
  const spells = [
    ...read.spellIds.map((id) => spellName(ctx.ruleset, id)),
    ...(read.recoverWand ? [r.recoverWand] : []),
    ...read.unknownSpells.map(r.unknown),
    ...read.unknownActions.map(r.unknown),
  ];
  const target =
    read.target === null
      ? null
      : read.target.kind === "duelist"
        ? nameOf(ctx, read.target.duelistId)
        : r.unknown(read.target.text);
  const particularities = [
    ...read.particularityIds.map((id) => particularityName(ctx.ruleset, id)),
    ...read.unknownParticularities.map(r.unknown),
  ];
  return r.line(
    [r.spell(spells), r.target(target), r.zone(read.zone), r.bet(read.bet), r.particularity(particularities)],
    words,
  );
}
