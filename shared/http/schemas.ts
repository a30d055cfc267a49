import * as z from "zod";
import { channelSchema, threadBotSchema } from "../ports/channels.js";
import { rulesetSchemas } from "../rules/ruleset.js";
import { isDuration } from "../time/duration.js";
import { standardWebhookKey } from "./standard-webhooks.js";
import { forumIdSchema, threadIdSchema } from "./webhook-schemas.js";

export {
  discoursePostSchema,
  forumIdSchema,
  genericWebhookSchema,
  threadIdSchema,
  xenforoEnvelopeSchema,
} from "./webhook-schemas.js";

import { validationTexts } from "../texts/validation.js";

const id = z.string().min(1).max(128);

/**
 * A Standard Webhooks secret that gives a key (standard base64 after `whsec_`, `=` only at the
 * end): anything else would be accepted here and then refuse every delivery, or sign no hibou.
 */
const isUsableSecret = (secret: string) => standardWebhookKey(secret) !== undefined;
const UNUSABLE_SECRET = validationTexts.secret.unusable;
const person = z.object({ id, name: z.string().min(1).max(200) });

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: validationTexts.seasons.day })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      message: validationTexts.seasons.day,
    },
  );

/**
 * An origin of the forum's board, which may frame the club's embed (CONTRACT.md 8): an address of
 * the board (`https://` assumed when none is written), kept as its origin alone.
 */
export const boardOrigin = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .transform((text, ctx) => {
    const origin = originOf(text);
    if (origin) return origin;
    ctx.addIssue({ code: "custom", message: validationTexts.club.boardOrigin });
    return z.NEVER;
  });

/** `https://poudlard.forumactif.com` from `poudlard.forumactif.com/index.htm`; null for what is no web address. */
export function originOf(text: string): string | null {
  const written = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(written);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password || (!url.hostname.includes(".") && url.hostname !== "localhost"))
      return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** `POST /forums/{forumId}/credentials` (CONTRACT.md 3.1). */
export const credentialBodySchema = z.object({
  role: z.enum(["forum-admin", "referee"]),
  name: z.string().trim().min(1).max(200),
  refereeId: z.string().min(1).max(128).optional(),
});

/** A club's own seasons (CONTRACT.md 8): each a span of days, named once, none overlapping another. */
const seasonsSchema = z
  .array(
    z
      .object({ name: z.string().trim().min(1).max(60), from: isoDay, to: isoDay })
      .strict()
      .refine((s) => s.from <= s.to, { message: validationTexts.seasons.order, path: ["to"] }),
  )
  .max(50)
  .superRefine((seasons, ctx) => {
    const sorted = seasons.map((s, index) => ({ ...s, index })).sort((a, b) => (a.from < b.from ? -1 : 1));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1];
      const season = sorted[i];
      if (previous && season && season.from <= previous.to) {
        ctx.addIssue({
          code: "custom",
          message: validationTexts.seasons.overlap(previous.name),
          path: [season.index, "from"],
        });
      }
    }
    const names = new Set<string>();
    seasons.forEach((s, index) => {
      if (names.has(s.name))
        ctx.addIssue({ code: "custom", message: validationTexts.seasons.twice, path: [index, "name"] });
      names.add(s.name);
    });
  });

/** `PUT /forums/{forumId}` (CONTRACT.md section 3). */
export const forumBodySchema = z.object({
  name: z.string().min(1).max(200),
  webhookSecrets: z
    .object({
      generic: z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]{20,200}$/, { message: validationTexts.secret.standardWebhooks })
        .refine(isUsableSecret, { message: UNUSABLE_SECRET })
        .optional(),
      discourse: z.string().min(12, { message: validationTexts.secret.discourse }).max(200).optional(),
      // XenForo sends it in clear in every request: long enough that it cannot be guessed.
      xenforo: z.string().min(16, { message: validationTexts.secret.xenforo }).max(200).optional(),
    })
    .strict(),
  announce: z.enum(["none", "turns", "all"]).optional(),
  announceRules: z.boolean().optional(),
  bot: threadBotSchema.optional(),
  referees: z
    .array(person.extend({ username: z.string().min(1).max(100).optional() }))
    .max(100)
    .default([]),
  notify: z
    .array(
      channelSchema.refine(
        (c) => c.type !== "webhook" || c.secret === undefined || isUsableSecret(c.secret),
        {
          message: UNUSABLE_SECRET,
          path: ["secret"],
        },
      ),
    )
    .max(10)
    .default([]),
  seasons: seasonsSchema.optional(),
  club: z
    .object({ public: z.boolean().optional(), boardOrigins: z.array(boardOrigin).max(10).optional() })
    .strict()
    .optional(),
  ruleset: z.unknown().optional(),
  /** Validated apart, with the host policy of the stack (`forumactif/source-route.ts`). */
  source: z.unknown().optional(),
});

/** `POST /duels` (CONTRACT.md section 6, R-1.2). */
export const registerBodySchema = z.object({
  forumId: forumIdSchema,
  threadId: threadIdSchema,
  referee: person,
  duelists: z
    .array(
      person.extend({
        year: rulesetSchemas().yearSchema,
        particularities: z
          .array(
            z.object({ name: z.string().min(1).max(60), rank: z.number().int().min(1).max(10).optional() }),
          )
          .max(10)
          .optional(),
        extraSpells: z.array(z.string().min(1).max(100)).max(20).optional(),
      }),
    )
    .min(2)
    .max(8),
  firstDuelistId: id.optional(),
  replyWindow: z
    .string()
    .max(40)
    .refine(isDuration, { message: validationTexts.durationLike("PT72H") })
    .optional(),
  dice: z.enum(["server", "forum"]).default("server"),
  stakes: z.string().max(2000).nullable().optional(),
  /** The thread's title on the forum, kept shortened; the thread's posts may name it later. */
  threadTitle: z.string().max(1000).nullable().optional(),
});

/** `POST /_local/clock` (CONTRACT.md section 7). */
export const clockBodySchema = z.union([
  z
    .object({ advance: z.string().max(40).refine(isDuration, { message: validationTexts.duration }) })
    .strict(),
  z.object({ set: z.iso.datetime({ offset: true }) }).strict(),
]);
