import * as z from "zod";
import { validationTexts } from "../texts/validation.js";

/**
 * Whom a channel serves (CONTRACT.md section 3): `referees` (the referees' hiboux), `duelists`
 * (each duelist's own hiboux), `public` (what may be read by anyone following the duel).
 */
export const AUDIENCES = ["referees", "duelists", "public"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** A hibou kind (`fault.action`) or a family of kinds (`fault`). */
const KIND = /^[a-z][a-z-]{0,39}(\.[a-z][a-z-]{0,39})?$/;

/** Fields every channel may carry: whom it serves, for which referee, which kinds. */
const routing = {
  serves: z.array(z.enum(AUDIENCES)).min(1).max(AUDIENCES.length).optional(),
  refereeId: z.string().min(1).max(128).optional(),
  kinds: z
    .array(z.string().regex(KIND, { message: validationTexts.channel.hibouKind }))
    .min(1)
    .max(50)
    .optional(),
};

/** Channels read by several people at once: they never carry one duelist's private hiboux. */
export const SHARED_CHANNEL_TYPES: readonly string[] = ["discord"];

/**
 * A forum's notification channels (CONTRACT.md section 3), as the admin API validates them. Apart
 * from notifier.ts, which every function imports, so that only the admin API builds the schema.
 */
export const channelSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("log"), ...routing }),
    z.object({
      type: z.literal("webhook"),
      url: z.url().max(2000),
      secret: z.string().startsWith("whsec_").max(200).optional(),
      ...routing,
    }),
    z.object({ type: z.literal("discord"), url: z.url().max(2000), ...routing }),
    z.object({
      type: z.literal("discourse"),
      baseUrl: z.url().max(2000),
      apiKey: z.string().min(1).max(500),
      apiUsername: z.string().min(1).max(200),
      ...routing,
    }),
    // A Forumactif board's bot account: hiboux go as the board's private messages. Without
    // the three fields, the forum's `source` (its baseUrl and account) is used: one account to set.
    z.object({
      type: z.literal("forumactif"),
      baseUrl: z.url().max(2000).optional(),
      username: z.string().min(1).max(40).optional(),
      password: z.string().min(1).max(200).optional(),
      ...routing,
    }),
  ])
  .superRefine((channel, ctx) => {
    if (channel.type === "forumactif") {
      const fields = ["baseUrl", "username", "password"] as const;
      const given = fields.filter((f) => channel[f] !== undefined);
      if (given.length > 0 && given.length < fields.length)
        for (const f of fields)
          if (channel[f] === undefined)
            ctx.addIssue({
              code: "custom",
              path: [f],
              message: validationTexts.channel.account,
            });
    }
    if (SHARED_CHANNEL_TYPES.includes(channel.type) && channel.serves?.includes("duelists"))
      ctx.addIssue({
        code: "custom",
        path: ["serves"],
        message: validationTexts.channel.sharedForDuelists,
      });
    if (
      channel.refereeId !== undefined &&
      channel.serves !== undefined &&
      !channel.serves.includes("referees")
    )
      ctx.addIssue({
        code: "custom",
        path: ["refereeId"],
        message: validationTexts.channel.refereeWithoutReferees,
      });
  });
export type ChannelConfig = z.infer<typeof channelSchema>;

/** The forum's bot account that posts the verdicts in the thread (CONTRACT.md 3, `bot`). */
export const threadBotSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("discourse"),
    baseUrl: z.url().max(2000),
    apiKey: z.string().min(1).max(500),
    apiUsername: z.string().min(1).max(200),
  }),
  z.object({
    type: z.literal("xenforo"),
    baseUrl: z.url().max(2000),
    apiKey: z.string().min(1).max(500),
    userId: z.string().regex(/^\d{1,20}$/, { message: validationTexts.channel.xenforoUserId }),
    superUserKey: z.boolean().optional(),
  }),
  // The forum's `source` account posts, through the board's reply form: nothing more to set.
  z.object({ type: z.literal("forumactif") }),
]);
