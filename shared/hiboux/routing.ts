import type { Audience, ChannelConfig } from "../ports/channels.js";
import type { Recipient } from "../ports/notifier.js";

/** Secrets between the recipient and the referee: only a channel of that one person carries them. */
export const PRIVATE_KINDS: ReadonlySet<string> = new Set(["legilimens.relay"]);

/** What anyone following the duel may read: the referee's copy of these goes to a public channel. */
// Not the turn summaries: the referee's copy says how to overrule the verdict.
export const PUBLIC_KINDS: ReadonlySet<string> = new Set(["duel.started", "duel.resumed", "duel.finished"]);

/** Channels that deliver to the recipient alone (a private message, or the outbox). */
const PERSONAL_TYPES: ReadonlySet<ChannelConfig["type"]> = new Set(["log", "discourse", "forumactif"]);

/**
 * Whom a channel serves when its configuration does not say (CONTRACT.md section 3): a channel of
 * private messages serves everyone, each in their own inbox; a shared one (Discord, a webhook)
 * only what is public, so that a channel saved before `serves` existed never leaks a referee's
 * or a duelist's hibou into a room others read.
 */
export function servesOf(channel: ChannelConfig): readonly Audience[] {
  if (channel.serves !== undefined) return channel.serves;
  // A channel named for one referee is theirs alone.
  if (channel.refereeId !== undefined) return ["referees"];
  return PERSONAL_TYPES.has(channel.type) ? ["referees", "duelists"] : ["public"];
}

/** Whether `kind` is one of `kinds`, a kind itself (`fault.action`) or its family (`fault`). */
export function kindListed(kinds: readonly string[] | undefined, kind: string): boolean {
  if (kinds === undefined) return true;
  const family = kind.split(".")[0];
  return kinds.some((k) => k === kind || k === family);
}

/** What routing needs of a hibou: whom it is for and what it says. */
export interface Routable {
  readonly to: Recipient;
  readonly kind: string;
}

/**
 * Whether `hibou` goes through `channel`: the channel serves its recipient and lists its kind.
 * A personal channel reaches the recipient alone; a shared one carries a referee's hibou only if
 * it serves the referees, a secret kind only if it serves that one referee, and a duelist's
 * hibou only if it says so (a webhook whose receiver forwards each to its recipient).
 */
export function reaches(channel: ChannelConfig, hibou: Routable): boolean {
  if (!kindListed(channel.kinds, hibou.kind)) return false;
  const serves = servesOf(channel);
  const personal = PERSONAL_TYPES.has(channel.type);
  const forThisReferee = channel.refereeId === undefined || channel.refereeId === hibou.to.id;
  if (hibou.to.role === "referee") {
    if (serves.includes("referees") && forThisReferee) {
      if (personal || channel.refereeId !== undefined || !PRIVATE_KINDS.has(hibou.kind)) return true;
    }
    return serves.includes("public") && PUBLIC_KINDS.has(hibou.kind);
  }
  return serves.includes("duelists") && channel.type !== "discord";
}

/** The indexes (in the forum's `notify` list) of the channels `hibou` goes through. */
export function channelIndexes(channels: readonly ChannelConfig[], hibou: Routable): number[] {
  return channels.flatMap((channel, index) => (reaches(channel, hibou) ? [index] : []));
}
