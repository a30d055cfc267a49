import { readActionBlock, readBlockValues } from "./action-block.js";
import { toPlainText } from "./plain-text.js";
import { removeRanges, scanPost } from "./post-structure.js";
import { findRecap } from "./recap.js";
import type { PostFormat, ReadContext, ReadPost } from "./types.js";
import { countSegments } from "./word-count.js";

/**
 * Reads a duelist's post: its plain text, its words and its author's action block
 * (CONTRACT.md 5).
 *
 * The action is the author's `[duel]` block; without one, the author's recap without tags (see
 * recap.ts), whose lines are then not words either. When the post holds several author blocks,
 * `block` is the first one and `blockCount` says how many there are, so the decider can call it
 * more than one action; several recaps without tags are one action, the last complete one. Never
 * throws: a block it cannot make sense of has null fields and empty lists, which the decider
 * reports as missing.
 */
export function readPost(content: string, format: PostFormat, ctx: ReadContext): ReadPost {
  const text = toPlainText(typeof content === "string" ? content : "", format);
  const structure = scanPost(text);
  const bodies = structure.blocks.filter((b) => b.tag === "duel").map((b) => b.body);
  const first = bodies[0];
  if (first !== undefined) {
    return {
      text,
      words: countSegments(structure.outside),
      block: readActionBlock(first, ctx),
      blockCount: bodies.length,
      recap: "block",
    };
  }
  const recap = findRecap(structure.outside);
  if (recap === null) {
    return { text, words: countSegments(structure.outside), block: null, blockCount: 0, recap: null };
  }
  return {
    text,
    words: countSegments(removeRanges(structure.outside, recap.ranges)),
    block: readBlockValues(recap.values, ctx),
    blockCount: 1,
    recap: "free",
  };
}
