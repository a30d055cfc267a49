import { isGameMasterPost, readDiceRoll } from "./dice.js";
import { readTopicPage } from "./read-topic-page.js";
import type { TopicReader } from "./topic-fetch.js";

/** The page reader the poller uses in every composition root. */
export const topicReader: TopicReader = { readTopicPage, isGameMasterPost, readDiceRoll };
