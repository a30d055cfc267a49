/** Reading Forumactif boards: topic pages, dates, dice, addresses. */
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
export { isValidTimeZone } from "./zoned-time.js";
