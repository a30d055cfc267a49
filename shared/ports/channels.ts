import * as z from "zod";

/**
 * A forum's notification channels (CONTRACT.md section 3), as the admin API validates them. Apart
 * from notifier.ts, which every function imports, so that only the admin API builds the schema.
 */
export const channelSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("log") }),
  z.object({ type: z.literal("webhook"), url: z.url(), secret: z.string().startsWith("whsec_").optional() }),
  z.object({ type: z.literal("discord"), url: z.url() }),
  z.object({
    type: z.literal("discourse"),
    baseUrl: z.url(),
    apiKey: z.string().min(1),
    apiUsername: z.string().min(1),
  }),
  // A Forumactif board's bot account: hiboux go as the board's private messages (issue 14). Without
  // the three fields, the forum's `source` (its baseUrl and account) is used: one account to set.
  z
    .object({
      type: z.literal("forumactif"),
      baseUrl: z.url().optional(),
      username: z.string().min(1).max(40).optional(),
      password: z.string().min(1).max(200).optional(),
    })
    .superRefine((channel, ctx) => {
      const fields = ["baseUrl", "username", "password"] as const;
      const given = fields.filter((f) => channel[f] !== undefined);
      if (given.length === 0 || given.length === fields.length) return;
      for (const f of fields)
        if (channel[f] === undefined)
          ctx.addIssue({
            code: "custom",
            path: [f],
            message: "les trois (baseUrl, username, password), ou aucun pour le compte de la source",
          });
    }),
]);
export type ChannelConfig = z.infer<typeof channelSchema>;

/** The forum's bot account that posts the verdicts in the thread (CONTRACT.md 3, `bot`). */
export const threadBotSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("discourse"),
    baseUrl: z.url(),
    apiKey: z.string().min(1),
    apiUsername: z.string().min(1),
  }),
  z.object({
    type: z.literal("xenforo"),
    baseUrl: z.url(),
    apiKey: z.string().min(1),
    userId: z.string().regex(/^\d{1,20}$/, { message: "identifiant numérique de l'utilisateur XenForo" }),
    superUserKey: z.boolean().optional(),
  }),
]);
