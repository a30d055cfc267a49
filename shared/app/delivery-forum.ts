import type { ForumConfig } from "../ports/forum-store.js";
import type { DeliveryForum } from "../ports/notifier.js";

/**
 * What a hibou's delivery knows of its forum (the relay's and the desk's test hibou alike): the
 * generic webhook secret, and the `source`'s board and bot account, which a `forumactif` channel
 * without its own sends with (CONTRACT.md section 3).
 */
export function deliveryForumOf(forum: ForumConfig | null): DeliveryForum {
  const secret = forum?.webhookSecrets.generic;
  const source = forum?.source;
  if (forum === null) return secret ? { forumWebhookSecret: secret } : {};
  const { forumId } = forum;
  return {
    forumId,
    ...(secret ? { forumWebhookSecret: secret } : {}),
    ...(source?.account
      ? { forumactifAccount: { forumId, baseUrl: source.baseUrl, ...source.account } }
      : {}),
  };
}
