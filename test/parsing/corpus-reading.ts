import type { ReadPost } from "../../shared/parsing/types.js";
import type { ExpectedReading } from "../fixtures/posts/corpus.js";

/** A post's reading in the corpus's terms. */
export function readingOf(read: ReadPost): ExpectedReading {
  const b = read.block;
  const target = b?.target ?? null;
  return {
    words: read.words,
    source: read.recap,
    spells: b?.spellIds ?? [],
    unknownSpells: b?.unknownSpells ?? [],
    target: target === null ? null : target.kind === "duelist" ? target.duelistId : `?${target.text}`,
    zone: b?.zone ?? null,
    bet: b?.bet ?? null,
    particularities: b?.particularityIds ?? [],
    recoverWand: b?.recoverWand ?? false,
  };
}
