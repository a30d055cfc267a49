import { DeliveryError } from "../../errors.js";
import { guardedFetch } from "../../net/guarded-fetch.js";
import type { ChannelConfig, Notifier } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { channelUrlProblem, PUBLIC_ONLY } from "../../validation/channel-urls.js";
import type { ChannelOf, DeliveryContext } from "./channel.js";
import { createDiscordNotifier } from "./discord-notifier.js";
import { createDiscourseNotifier } from "./discourse-notifier.js";
import { createForumactifNotifier, type ForumactifAccount } from "./forumactif-notifier.js";
import type { HttpOptions } from "./http.js";
import { createLogNotifier, type LogLine } from "./log-notifier.js";
import { createWebhookNotifier } from "./webhook-notifier.js";

export type { ChannelNotifier, ChannelOf, DeliveryContext } from "./channel.js";
export { createDiscordNotifier, discordMessage, discordMessages } from "./discord-notifier.js";
export { createDiscourseNotifier, discoursePrivateMessage } from "./discourse-notifier.js";
export { createForumactifNotifier, type ForumactifAccount } from "./forumactif-notifier.js";
export { type HttpOptions, parseRetryAfter, postJson } from "./http.js";
export { createLogNotifier, type LogLine } from "./log-notifier.js";
export { createWebhookNotifier, webhookPayload } from "./webhook-notifier.js";

const FORUMACTIF_ANSWER_BYTES = 4 * 1024 * 1024;

/** What the composition root may set; every field has a production default. */
export interface NotifierOptions {
  readonly http?: HttpOptions;
  /** The `log` channel's output (default `console.log`). */
  readonly log?: LogLine;
  /** The `log` channel writes the hiboux's titles and texts too (the local stack); kind and recipient only unless set. */
  readonly logTexts?: boolean;
  /** The webhook signature's clock. */
  readonly now?: () => Date;
  /** The deployment's clock (epoch ms) a board's flood wait is counted on (the relay's); real time unless set. */
  readonly boardNow?: () => number;
  /** Ask Discord to confirm the message is stored (`?wait=true`); true unless set false. */
  readonly discordWait?: boolean;
}

/**
 * The board and bot account a `forumactif` channel sends with: its own, or else the forum's
 * `source` account (CONTRACT.md section 3); none is a setting to fix, not a retry to make.
 */
function forumactifAccountOf(channel: ChannelOf<"forumactif">, context: DeliveryContext): ForumactifAccount {
  const { baseUrl, username, password } = channel;
  // A channel's own account is its forum's: without the forum (a delivery that names none) it
  // still gets a session of its own, shared with no forum's.
  if (baseUrl !== undefined && username !== undefined && password !== undefined)
    return { forumId: context.forumId ?? "", baseUrl, username, password };
  if (context.forumactifAccount) return context.forumactifAccount;
  throw new DeliveryError(notifierTexts.forumactifNoAccount, false);
}

/** The address a channel sends to. */
function destinationOf(channel: Exclude<ChannelConfig, { type: "log" }>, context: DeliveryContext): string {
  if (channel.type === "forumactif") return forumactifAccountOf(channel, context).baseUrl;
  return channel.type === "discourse" ? channel.baseUrl : channel.url;
}

/**
 * A channel saved before its URL was checked may still lead where hiboux may not go: checked again
 * before each delivery, as `PUT /forums` checks it, and refused for good (no retry can change it).
 */
function checkDestination(channel: ChannelConfig, context: DeliveryContext, options: NotifierOptions): void {
  if (channel.type === "log") return;
  const url = destinationOf(channel, context);
  const problem = channelUrlProblem(channel.type, url, options.http?.destinations ?? PUBLIC_ONLY);
  if (problem !== undefined) throw new DeliveryError(notifierTexts.destinationRefused, false);
}

/**
 * The Notifier for every channel type of CONTRACT.md section 3, dispatching on `channel.type`. Its
 * channels reach public `https` hosts only (`options.http.destinations` may allow loopback).
 */
export function createNotifier(options: NotifierOptions = {}): Notifier {
  const log = createLogNotifier({ log: options.log, texts: options.logTexts === true });
  const webhook = createWebhookNotifier({ http: options.http, now: options.now });
  const discord = createDiscordNotifier({ http: options.http, wait: options.discordWait });
  const discourse = createDiscourseNotifier({ http: options.http });
  const forumactif = createForumactifNotifier({
    // A board's pages are heavier than the other channels' answers: its forms must be read whole.
    fetch:
      options.http?.fetch ??
      guardedFetch(options.http?.destinations ?? PUBLIC_ONLY, undefined, FORUMACTIF_ANSWER_BYTES),
    ...(options.http?.timeoutMs === undefined ? {} : { timeoutMs: options.http.timeoutMs }),
    ...(options.boardNow ? { now: options.boardNow } : {}),
  });
  return {
    async deliver(hibou, channel, context, progress) {
      checkDestination(channel, context, options);
      switch (channel.type) {
        case "log":
          return log.deliver(hibou, channel, context);
        case "webhook":
          return webhook.deliver(hibou, channel, context);
        case "discord":
          // The one channel that sends a hibou in several requests (its parts) resumes a retry.
          return discord.deliver(hibou, channel, context, progress);
        case "discourse":
          return discourse.deliver(hibou, channel, context);
        case "forumactif":
          return forumactif.deliver(hibou, forumactifAccountOf(channel, context));
        default: {
          const unknown: never = channel;
          throw new DeliveryError(
            notifierTexts.unknownChannel(String((unknown as { type?: unknown }).type)),
            false,
          );
        }
      }
    },
  };
}
