import { DeliveryError } from "../../errors.js";
import { type StandardWebhookHeaders, signStandardWebhook } from "../../http/standard-webhooks.js";
import type { Hibou } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import type { ChannelNotifier } from "./channel.js";
import { type HttpOptions, postJson } from "./http.js";

/** The JSON body of a generic webhook delivery (Standard Webhooks' `type`/`timestamp`/`data`). */
export interface HibouWebhookPayload {
  readonly type: `hibou.${string}`;
  readonly timestamp: string;
  readonly data: Hibou;
}

/** Builds the payload; `data` lists the hibou's fields explicitly so nothing else leaks in. */
export function webhookPayload(hibou: Hibou): HibouWebhookPayload {
  return {
    type: `hibou.${hibou.kind}`,
    timestamp: hibou.createdAt,
    data: {
      id: hibou.id,
      duelId: hibou.duelId,
      forumId: hibou.forumId,
      threadId: hibou.threadId,
      to: hibou.to,
      kind: hibou.kind,
      title: hibou.title,
      text: hibou.text,
      createdAt: hibou.createdAt,
      eventId: hibou.eventId,
      rule: hibou.rule,
    },
  };
}

/**
 * The `webhook` channel: a JSON POST signed per Standard Webhooks with the channel's secret, else
 * the forum's generic one. `webhook-id` is the hibou id, the same on every retry, so a receiver can
 * drop duplicates; `webhook-timestamp` is the time of the attempt, as receivers reject old ones.
 */
export function createWebhookNotifier(
  options: { readonly http?: HttpOptions; readonly now?: () => Date } = {},
): ChannelNotifier<"webhook"> {
  const now = options.now ?? (() => new Date());
  return {
    async deliver(hibou, channel, context) {
      const secret = channel.secret ?? context.forumWebhookSecret;
      if (secret === undefined || secret === "") {
        throw new DeliveryError(notifierTexts.noWebhookSecret, false);
      }
      const body = JSON.stringify(webhookPayload(hibou));
      let headers: StandardWebhookHeaders;
      try {
        headers = signStandardWebhook(secret, hibou.id, now(), body);
      } catch {
        throw new DeliveryError(notifierTexts.badWebhookSecret, false);
      }
      await postJson({ label: "Webhook", url: channel.url, headers, body }, options.http);
    },
  };
}
