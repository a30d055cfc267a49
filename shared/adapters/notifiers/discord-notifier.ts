import type { Hibou } from "../../ports/notifier.js";
import type { ChannelNotifier } from "./channel.js";
import { type HttpOptions, postJson } from "./http.js";
import { notifierTexts } from "./messages.js";
import { truncate } from "./text.js";

/** Discord's documented message limits (Execute Webhook, Embed Limits). */
export const DISCORD_LIMITS = {
  content: 2000,
  embedTitle: 256,
  embedDescription: 4096,
  footerText: 2048,
  /** Title, description, fields, footer and author of all embeds together. */
  embedTotal: 6000,
} as const;

/** Our footer never needs Discord's full 2048. */
const FOOTER_MAX = 256;

/** Embed colours by kind family (the part before the first dot). */
const COLOURS: Readonly<Record<string, number>> = {
  duel: 0x5865f2,
  turn: 0x3498db,
  fault: 0xe67e22,
  sanction: 0xe74c3c,
  correction: 0xf1c40f,
  duelist: 0x992d22,
  ban: 0x71368a,
  referee: 0x9b59b6,
  legilimens: 0x1abc9c,
};
const DEFAULT_COLOUR = 0x95a5a6;

/** The embed colour of a hibou kind, e.g. `fault.action` → orange. */
export function kindColour(kind: string): number {
  return COLOURS[kind.split(".")[0] ?? ""] ?? DEFAULT_COLOUR;
}

/** A Discord Execute Webhook body: one embed, every text cut to fit, no mention ever pings. */
export interface DiscordMessage {
  readonly content: string;
  readonly embeds: readonly [
    {
      readonly title: string;
      readonly description: string;
      readonly timestamp: string;
      readonly color: number;
      readonly footer: { readonly text: string };
    },
  ];
  readonly allowed_mentions: { readonly parse: readonly [] };
}

/** Builds the Discord message for a hibou, within all of Discord's limits. */
export function discordMessage(hibou: Hibou): DiscordMessage {
  const title = truncate(hibou.title, DISCORD_LIMITS.embedTitle);
  const footer = truncate(notifierTexts.discordFooter(hibou.duelId, hibou.rule), FOOTER_MAX);
  const room = DISCORD_LIMITS.embedTotal - title.length - footer.length;
  const description = truncate(hibou.text, Math.min(DISCORD_LIMITS.embedDescription, room));
  const timestamp = new Date(hibou.createdAt);
  return {
    content: truncate(notifierTexts.discordContent(hibou.to), DISCORD_LIMITS.content),
    embeds: [
      {
        title,
        description,
        timestamp: Number.isNaN(timestamp.getTime()) ? new Date().toISOString() : timestamp.toISOString(),
        color: kindColour(hibou.kind),
        footer: { text: footer },
      },
    ],
    // Without this, "@everyone" or "<@123>" in a duelist's text would ping the whole server.
    allowed_mentions: { parse: [] },
  };
}

/**
 * The `discord` channel: Execute Webhook on the channel's URL. With `wait`, Discord answers only
 * once the message is stored (200 with the message instead of 204), so a success is a real one.
 */
export function createDiscordNotifier(
  options: { readonly http?: HttpOptions; readonly wait?: boolean } = {},
): ChannelNotifier<"discord"> {
  return {
    async deliver(hibou, channel) {
      const url = new URL(channel.url);
      if (options.wait) url.searchParams.set("wait", "true");
      await postJson(
        { label: "Discord", url: url.toString(), body: JSON.stringify(discordMessage(hibou)) },
        options.http,
      );
    },
  };
}
