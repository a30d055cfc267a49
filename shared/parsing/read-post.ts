import { readActionBlock } from "./action-block.js";
import { toPlainText } from "./plain-text.js";
import { scanPost } from "./post-structure.js";
import type { PostFormat, ReadContext, ReadPost } from "./types.js";
import { countSegments } from "./word-count.js";

/**
 * Reads a duelist's post: its plain text, its words and its author's action block
 * (CONTRACT.md 5).
 *
 * When the post holds several author blocks, `block` is the first one and `blockCount` says how
 * many there are, so the decider can call it more than one action. Never throws: a block it cannot
 * make sense of has null fields and empty lists, which the decider reports as missing.
 */
export function readPost(content: string, format: PostFormat, ctx: ReadContext): ReadPost {
  const text = toPlainText(typeof content === "string" ? content : "", format);
  const structure = scanPost(text);
  const bodies = structure.blocks.filter((b) => b.tag === "duel").map((b) => b.body);
  const first = bodies[0];
  return {
    text,
    words: countSegments(structure.outside),
    block: first === undefined ? null : readActionBlock(first, ctx),
    blockCount: bodies.length,
  };
}
