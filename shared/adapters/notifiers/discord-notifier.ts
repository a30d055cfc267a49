import { DeliveryError } from "../../errors.js";
import type { Hibou } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeDiscord } from "../escape.js";
import type { ChannelNotifier } from "./channel.js";
import { type HttpOptions, postJson } from "./http.js";
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

/**
 * A Discord Execute Webhook body: one embed, every text escaped for Discord's Markdown and cut to
 * fit, no mention ever pings.
 */
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

/** A long hibou goes as at most this many messages; beyond, the last one is cut. */
export const DISCORD_MAX_PARTS = 5;

/** Room for each part's text: an embed's description, less what the part's title and footer take. */
const PART_MAX = 4000;

/** Splits `text` into parts of at most `max` code units, at line breaks where it can. */
export function splitText(text: string, max: number, maxParts: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max && parts.length < maxParts - 1) {
    let end = rest.lastIndexOf("\n", max);
    if (end < max / 2) end = rest.lastIndexOf(" ", max);
    if (end < max / 2) {
      end = max;
      const last = rest.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    }
    parts.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).replace(/^[\n ]+/, "");
  }
  parts.push(truncate(rest, max));
  return parts;
}

/**
 * Builds the Discord messages for a hibou, each within all of Discord's limits: a text longer than
 * one embed is split at line breaks into several messages, "(2/3)" after the title, rather than cut.
 */
export function discordMessages(hibou: Hibou): DiscordMessage[] {
  // Escaped whole, then split: a part never ends between a backslash and its character.
  const parts = splitText(escapeDiscord(hibou.text), PART_MAX, DISCORD_MAX_PARTS);
  // A footer shows no Markdown: it stays as it is.
  const footer = truncate(
    notifierTexts.discordFooter(hibou.threadId, hibou.rule, hibou.duel?.threadTitle),
    FOOTER_MAX,
  );
  const timestamp = new Date(hibou.createdAt);
  const content = truncate(escapeDiscord(notifierTexts.discordContent(hibou.to)), DISCORD_LIMITS.content);
  return parts.map((part, index) => {
    const suffix = parts.length > 1 ? ` (${index + 1}/${parts.length})` : "";
    const title = truncate(escapeDiscord(hibou.title), DISCORD_LIMITS.embedTitle - suffix.length) + suffix;
    const room = DISCORD_LIMITS.embedTotal - title.length - footer.length;
    return {
      content,
      embeds: [
        {
          title,
          description: truncate(part, Math.min(DISCORD_LIMITS.embedDescription, room)),
          timestamp: Number.isNaN(timestamp.getTime()) ? new Date().toISOString() : timestamp.toISOString(),
          color: kindColour(hibou.kind),
          footer: { text: footer },
        },
      ],
      // Without this, "@everyone" or "<@123>" in a duelist's text would ping the whole server.
      allowed_mentions: { parse: [] },
    };
  });
}

/** The first (for a short hibou, the only) Discord message of a hibou. */
export function discordMessage(hibou: Hibou): DiscordMessage {
  const [first] = discordMessages(hibou);
  if (first === undefined) throw new Error("a hibou always makes one message");
  return first;
}

/** The longest pause taken in place before the next part; beyond it the relay retries later. */
export const DISCORD_MAX_PAUSE_MS = 5_000;

/**
 * How long Discord asks us to wait before the next message on this webhook: its bucket is empty
 * (`X-RateLimit-Remaining: 0`) until `X-RateLimit-Reset-After` seconds have passed.
 */
export function discordPauseMs(headers: Headers): number {
  if (headers.get("x-ratelimit-remaining")?.trim() !== "0") return 0;
  const seconds = Number(headers.get("x-ratelimit-reset-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 0;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The `discord` channel: Execute Webhook on the channel's URL, one request per part of the hibou.
 * With `wait` (the default), Discord answers only once the message is stored (200 with the
 * message instead of 204), so a message Discord did not save is never marked delivered.
 *
 * Parts are paced by Discord's rate-limit headers: an empty bucket means a pause before the next
 * part, or, when the pause is long, a retryable failure carrying it. A failure after some parts
 * were accepted reports how many (`DeliveryError.progress`); the relay records it in the outbox
 * entry with the failed attempt and hands it back to the retry, which starts after those parts,
 * whichever process runs it: Discord never gets a part twice.
 */
export function createDiscordNotifier(
  options: {
    readonly http?: HttpOptions;
    readonly wait?: boolean;
    /** The pause between parts (tests record it instead of waiting). */
    readonly sleep?: (ms: number) => Promise<void>;
  } = {},
): ChannelNotifier<"discord"> {
  const sleep = options.sleep ?? pause;
  return {
    async deliver(hibou, channel, _context, progress = 0) {
      const url = new URL(channel.url);
      if (options.wait ?? true) url.searchParams.set("wait", "true");
      const messages = discordMessages(hibou);
      for (let index = progress; index < messages.length; index += 1) {
        let wait = 0;
        try {
          await postJson(
            {
              label: "Discord",
              url: url.toString(),
              body: JSON.stringify(messages[index]),
              accepted: (headers) => {
                wait = discordPauseMs(headers);
              },
            },
            options.http,
          );
        } catch (error) {
          // The parts before this one are Discord's already: the retry starts at this one.
          throw error instanceof DeliveryError ? error.withProgress(index) : error;
        }
        if (index === messages.length - 1) break;
        if (wait > DISCORD_MAX_PAUSE_MS) {
          const later = new DeliveryError(notifierTexts.rateLimited("Discord", wait), true, wait);
          throw later.withProgress(index + 1);
        }
        if (wait > 0) await sleep(wait);
      }
    },
  };
}
