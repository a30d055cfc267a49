import type { ChannelConfig } from "./channels.js";

export type { ChannelConfig } from "./channels.js";

/** Who a hibou is for (CONTRACT.md 6.1). `username` is the forum login, where a channel needs it. */
export interface Recipient {
  readonly role: "referee" | "duelist";
  readonly id: string;
  readonly name?: string;
  readonly username?: string;
}

/** A private notification, in French, ready to deliver. */
export interface Hibou {
  readonly id: string;
  readonly duelId: string;
  readonly forumId: string;
  readonly threadId: string;
  readonly to: Recipient;
  readonly kind: string;
  /** A short French title (a Discourse PM's subject, a Discord embed's title). */
  readonly title: string;
  readonly text: string;
  readonly createdAt: string;
  /** The audit-log event the hibou reports, and the rule it applied. */
  readonly eventId: string;
  readonly rule?: string;
  /**
   * The duel as people name it (« Alice Dubois contre Bob Martin »), its thread's title (bounded,
   * not escaped: each channel escapes it) and address where known.
   */
  readonly duel?: { readonly name: string; readonly threadTitle?: string; readonly url?: string };
}

/** A Forumactif board and its bot account (a secret: never logged, never returned). */
export interface ForumactifBotAccount {
  /** The forum whose settings name the account: the board session is that forum's alone. */
  readonly forumId: string;
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
}

/** What a delivery knows of its forum beyond the channel. */
export interface DeliveryForum {
  /** The generic webhook secret, which signs the `webhook` channel's deliveries. */
  readonly forumWebhookSecret?: string;
  /** The `source`'s board and account, which a `forumactif` channel without its own uses. */
  readonly forumactifAccount?: ForumactifBotAccount;
  /** The forum the hibou is of: a `forumactif` channel's own account logs in for it alone. */
  readonly forumId?: string;
}

/**
 * One channel type's delivery: resolves when delivered, throws DeliveryError otherwise. `progress`
 * is what an earlier attempt reported accepted (`DeliveryError.progress`; 0 or absent: nothing):
 * a channel that sends a hibou in several requests starts after it.
 */
export interface Notifier {
  deliver(hibou: Hibou, channel: ChannelConfig, context: DeliveryForum, progress?: number): Promise<void>;
}
