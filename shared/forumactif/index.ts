/**
 * Reading Forumactif boards: topic pages, dates, dice, addresses (what this index exports).
 *
 * The folder has three parts, each leaning only on those listed before it
 * (`test/architecture/import-cycles.test.ts` holds the lists and fails on a crossing):
 * - the page reader: `types`, `html-tree`, `selector`, `templates`, `page-text`, `pagination`,
 *   `read-post`, `read-any-post`, `edited-note`, `read-topic-page`, `dates`, `zoned-time`, `dice`, `urls`,
 *   `topic-diff`, `section-page` and this index. A page's text in, posts out: it imports the domain, parsing, texts
 *   and errors modules, nothing that fetches or stores (`topic-diff` names the poll state's types);
 * - the board client: `board-client`, `board-session`, `board-form`, `cookie-jar`. HTTP to a board,
 *   as a guest or as the bot account, over the guarded transport of `shared/net`; it knows nothing
 *   of duels. The notifiers' and the thread bot's Forumactif adapters use its session too;
 * - the fetching and the settings: `topic-fetch`, `section-fetch`, `topic-reader`, `watched`,
 *   `ping-snippet`, `tour-snippet`, `source-settings`, `source-probe`, `source-route`: a topic's pages or a
 *   section's list read with the two parts above. The poller that decides what to read and hands
 *   the changes to the intake is an application service (`shared/app/topic-poller.ts`).
 * No part imports the HTTP edge, the adapters or AWS: they compose this folder, not the reverse.
 */
export { ForumactifPageError, type ForumactifPageErrorCode } from "../errors.js";
export { type DateContext, findForumactifDate, parseForumactifDate } from "./dates.js";
export { type DiceRoll, isGameMasterPost, readDiceRoll } from "./dice.js";
export { detectTemplate, type ReadTopicOptions, readTopicPage } from "./read-topic-page.js";
export {
  type DiceSettings,
  type EditedNote,
  TEMPLATE_VERSIONS,
  type TemplateVersion,
  type TopicPage,
  type TopicPagination,
  type TopicPost,
} from "./types.js";
export { parseTopicId, parseTopicOffset, topicUrl } from "./urls.js";
