import { DeliveryError, type Hibou } from "../../ports/notifier.js";
import type { ChannelNotifier } from "./channel.js";
import { type HttpOptions, postJson } from "./http.js";
import { notifierTexts } from "./messages.js";
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

/** A title Discourse accepts: padded past its minimum length, cut to its maximum. */
export function discourseTitle(title: string): string {
  const trimmed = title.replace(/\s+/g, " ").trim();
  const base = trimmed === "" ? notifierTexts.discourseDefaultTitle : trimmed;
  const padded = base.length < DISCOURSE_LIMITS.titleMin ? base + notifierTexts.discourseTitleSuffix : base;
  return truncate(padded, DISCOURSE_LIMITS.titleMax);
}

/**
 * Builds the private message for a hibou addressed to the forum user `username`. The hibou's text
 * already ends with the rules it applied: no second "Règle appliquée" line.
 */
export function discoursePrivateMessage(hibou: Hibou, username: string): DiscoursePrivateMessage {
  return {
    title: discourseTitle(hibou.title),
    raw: truncate(hibou.text, DISCOURSE_LIMITS.rawMax),
    target_recipients: username,
    archetype: "private_message",
  };
}

/**
 * The `discourse` channel: a private message from the API user to the recipient's forum login.
 * A recipient without a username cannot get one, which no retry will change.
 */
export function createDiscourseNotifier(
  options: { readonly http?: HttpOptions } = {},
): ChannelNotifier<"discourse"> {
  return {
    async deliver(hibou, channel) {
      const username = hibou.to.username?.trim();
      if (username === undefined || username === "") {
        throw new DeliveryError(notifierTexts.noDiscourseUsername(hibou.to), false);
      }
      await postJson(
        {
          label: "Discourse",
          url: `${channel.baseUrl.replace(/\/+$/, "")}/posts.json`,
          headers: {
            accept: "application/json",
            "Api-Key": channel.apiKey,
            "Api-Username": channel.apiUsername,
          },
          body: JSON.stringify(discoursePrivateMessage(hibou, username)),
        },
        options.http,
      );
    },
  };
}
