import { DeliveryError } from "../../errors.js";
import type { Hibou } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeDiscourse } from "../escape.js";
import { field, getJson } from "../thread-bots/http.js";
import type { ChannelNotifier, ChannelOf } from "./channel.js";
import { type HttpOptions, postJson } from "./http.js";
import { truncate } from "./text.js";

/** Discourse's defaults: `min_topic_title_length`, `max_topic_title_length`, `max_post_length`. */
export const DISCOURSE_LIMITS = { titleMin: 15, titleMax: 255, rawMax: 32_000 } as const;

/** The body of `POST /posts.json` that opens a private message. */
export interface DiscoursePrivateMessage {
  readonly title: string;
  readonly raw: string;
  readonly target_recipients: string;
  readonly archetype: "private_message";
}

/** The body of `POST /posts.json` that answers in an existing private message. */
export interface DiscourseReply {
  readonly topic_id: number;
  readonly raw: string;
}

/**
 * Where a duel's private messages to one recipient go: the PM topic's id, per forum, duel and
 * recipient. Kept for the process's life; a cold start finds the topic again on Discourse.
 */
export interface ConversationMemory {
  get(key: string): number | undefined;
  set(key: string, topicId: number): void;
}

/** A title Discourse accepts: padded past its minimum length, cut to its maximum. */
export function discourseTitle(title: string): string {
  const trimmed = title.replace(/\s+/g, " ").trim();
  const base = trimmed === "" ? notifierTexts.discourseDefaultTitle : trimmed;
  const padded = base.length < DISCOURSE_LIMITS.titleMin ? base + notifierTexts.discourseTitleSuffix : base;
  return truncate(padded, DISCOURSE_LIMITS.titleMax);
}

/** The one conversation of a duel with one recipient: its title names both. */
export function conversationTitle(hibou: Hibou): string {
  return discourseTitle(notifierTexts.discourseConversation(hibou.threadId, hibou.to.name ?? hibou.to.id));
}

/**
 * A hibou as one post of the conversation: its own title in bold, then its text (rules included),
 * both escaped for Discourse's Markdown.
 */
export function conversationPost(hibou: Hibou): string {
  const head = `**${escapeDiscourse(hibou.title.replace(/\s+/g, " ").trim())}**\n\n`;
  return truncate(head + escapeDiscourse(hibou.text), DISCOURSE_LIMITS.rawMax);
}

/**
 * The first private message of a duel's conversation with `username`. The hibou's text already
 * ends with the rules it applied: no second "Règle appliquée" line.
 */
export function discoursePrivateMessage(hibou: Hibou, username: string): DiscoursePrivateMessage {
  return {
    title: conversationTitle(hibou),
    raw: conversationPost(hibou),
    target_recipients: username,
    archetype: "private_message",
  };
}

/**
 * The PM topic the API user already opened under `title`, from its latest sent private messages.
 * A lookup that fails opens a new conversation rather than hold the hibou back.
 */
async function findConversation(
  channel: ChannelOf<"discourse">,
  title: string,
  http: HttpOptions | undefined,
): Promise<number | undefined> {
  const base = channel.baseUrl.replace(/\/+$/, "");
  const list = await getJson(
    "Discourse",
    `${base}/topics/private-messages-sent/${encodeURIComponent(channel.apiUsername)}.json`,
    { "Api-Key": channel.apiKey, "Api-Username": channel.apiUsername },
    http,
  ).catch(() => undefined);
  const topics = field(field(list, "topic_list"), "topics");
  if (!Array.isArray(topics)) return undefined;
  const found = topics.find((t: unknown) => field(t, "title") === title);
  const id = field(found, "id");
  return typeof id === "number" ? id : undefined;
}

/**
 * The `discourse` channel: the hiboux of one duel to one recipient are one private conversation:
 * the first opens a PM topic from the API user, the next ones answer in it, so the
 * recipient's inbox holds one thread per duel, and the API user opens one new PM per duel and
 * recipient (Discourse limits new PMs per day for non-staff users). A recipient without a username
 * cannot get one, which no retry will change.
 */
export function createDiscourseNotifier(
  options: { readonly http?: HttpOptions; readonly conversations?: ConversationMemory } = {},
): ChannelNotifier<"discourse"> {
  const memory = options.conversations ?? new Map<string, number>();
  return {
    async deliver(hibou, channel) {
      const username = hibou.to.username?.trim();
      if (username === undefined || username === "") {
        throw new DeliveryError(notifierTexts.noDiscourseUsername(hibou.to), false);
      }
      const base = channel.baseUrl.replace(/\/+$/, "");
      const request = (body: DiscoursePrivateMessage | DiscourseReply) =>
        postJson(
          {
            label: "Discourse",
            url: `${base}/posts.json`,
            headers: {
              accept: "application/json",
              "Api-Key": channel.apiKey,
              "Api-Username": channel.apiUsername,
            },
            body: JSON.stringify(body),
          },
          options.http,
        );
      const key = `${base}|${hibou.duelId}|${username.toLowerCase()}`;
      const title = conversationTitle(hibou);
      const topicId = memory.get(key) ?? (await findConversation(channel, title, options.http));
      if (topicId !== undefined) {
        memory.set(key, topicId);
        await request({ topic_id: topicId, raw: conversationPost(hibou) });
        return;
      }
      const answer = await request(discoursePrivateMessage(hibou, username));
      const created = topicIdOf(answer);
      if (created !== undefined) memory.set(key, created);
    },
  };
}

function topicIdOf(answer: string): number | undefined {
  try {
    const id = field(JSON.parse(answer), "topic_id");
    return typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}
