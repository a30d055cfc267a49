/**
 * Reading forum posts: plain text in any format, the duelist's action block or recap without tags
 * (CONTRACT.md 5), the word count and the referee's `[arbitre]` commands (CONTRACT.md 6).
 */
export { findActionBlocks, readActionBlock } from "./action-block.js";
export { findDuelist, matchTarget } from "./duelist-lookup.js";
export { findDuration } from "./french-duration.js";
export { matchKey, normalizeKey, stripArticle } from "./normalize.js";
export { toPlainText } from "./plain-text.js";
export { scanPost } from "./post-structure.js";
export { readPost } from "./read-post.js";
export { findRecap, type Recap } from "./recap.js";
export { readRefereeCommands } from "./referee-commands.js";
export { matchNamed, matchNamedList } from "./spell-matcher.js";
export type {
  ActionBlock,
  DuelistRef,
  PostFormat,
  ReadContext,
  ReadPost,
  RefereeLine,
  TargetMatch,
} from "./types.js";
export { countWords } from "./word-count.js";
