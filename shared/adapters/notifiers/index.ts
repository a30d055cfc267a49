import { DeliveryError, type Notifier } from "../../ports/notifier.js";
import { createDiscordNotifier } from "./discord-notifier.js";
import { createDiscourseNotifier } from "./discourse-notifier.js";
import { createForumactifNotifier } from "./forumactif-notifier.js";
import type { HttpOptions } from "./http.js";
import { createLogNotifier, type LogLine } from "./log-notifier.js";
import { notifierTexts } from "./messages.js";
import { createWebhookNotifier } from "./webhook-notifier.js";

export type { ChannelNotifier, ChannelOf, DeliveryContext } from "./channel.js";
export { createDiscordNotifier, discordMessage } from "./discord-notifier.js";
export { createDiscourseNotifier, discoursePrivateMessage } from "./discourse-notifier.js";
export { createForumactifNotifier, type ForumactifAccount } from "./forumactif-notifier.js";
export { type FetchLike, type HttpOptions, parseRetryAfter, postJson } from "./http.js";
export { createLogNotifier, type LogLine } from "./log-notifier.js";
export { createWebhookNotifier, webhookPayload } from "./webhook-notifier.js";

/** What the composition root may set; every field has a production default. */
export interface NotifierOptions {
  readonly http?: HttpOptions;
  /** The `log` channel's output (default `console.log`). */
  readonly log?: LogLine;
  /** The webhook signature's clock. */
  readonly now?: () => Date;
  /** Ask Discord to confirm the message is stored (`?wait=true`). */
  readonly discordWait?: boolean;
}

/** The Notifier for every channel type of CONTRACT.md section 3, dispatching on `channel.type`. */
export function createNotifier(options: NotifierOptions = {}): Notifier {
  const log = createLogNotifier({ log: options.log });
  const webhook = createWebhookNotifier({ http: options.http, now: options.now });
  const discord = createDiscordNotifier({ http: options.http, wait: options.discordWait });
  const discourse = createDiscourseNotifier({ http: options.http });
  const forumactif = createForumactifNotifier({
    ...(options.http?.fetch === undefined ? {} : { fetch: options.http.fetch }),
    ...(options.http?.timeoutMs === undefined ? {} : { timeoutMs: options.http.timeoutMs }),
  });
  return {
    async deliver(hibou, channel, context) {
      switch (channel.type) {
        case "log":
          return log.deliver(hibou, channel, context);
        case "webhook":
          return webhook.deliver(hibou, channel, context);
        case "discord":
          return discord.deliver(hibou, channel, context);
        case "discourse":
          return discourse.deliver(hibou, channel, context);
        case "forumactif":
          return forumactif.deliver(hibou, channel);
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
