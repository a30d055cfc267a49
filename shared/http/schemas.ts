import * as z from "zod";
import { channelSchema } from "../ports/notifier.js";
import { yearSchema } from "../rules/ruleset.js";
import { isDuration } from "../time/duration.js";

/** A forum id: it prefixes duel ids (`<forumId>.<threadId>`), so no dot. */
export const forumIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "lettres, chiffres, - et _ (64 au plus)" });
export const threadIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,128}$/, { message: "identifiant de fil invalide" });
const id = z.string().min(1).max(128);
const person = z.object({ id, name: z.string().min(1).max(200) });

/** `PUT /forums/{forumId}` (CONTRACT.md section 3). */
export const forumBodySchema = z.object({
  name: z.string().min(1).max(200),
  webhookSecrets: z
    .object({
      generic: z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]{20,}$/, { message: "secret Standard Webhooks attendu (whsec_…)" })
        .optional(),
      discourse: z.string().min(12, { message: "12 caractères au moins (règle de Discourse)" }).optional(),
    })
    .strict(),
  referees: z
    .array(person.extend({ username: z.string().min(1).max(100).optional() }))
    .max(100)
    .default([]),
  notify: z.array(channelSchema).max(10).default([]),
  ruleset: z.unknown().optional(),
});

/** `POST /duels` (CONTRACT.md section 6, R-1.2). */
export const registerBodySchema = z.object({
  forumId: forumIdSchema,
  threadId: threadIdSchema,
  referee: person,
  duelists: z
    .array(
      person.extend({
        year: yearSchema,
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
  replyWindow: z.string().refine(isDuration, { message: "durée ISO-8601 attendue (ex. PT72H)" }).optional(),
  dice: z.enum(["server", "forum"]).default("server"),
  stakes: z.string().max(2000).nullable().optional(),
});

const die = z.number().int().min(1).max(6);

/** The generic webhook's body (CONTRACT.md 4.1). */
export const genericWebhookSchema = z.object({
  type: z.enum(["post.created", "post.edited", "post.deleted"]),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  data: z.object({
    threadId: threadIdSchema,
    postId: id,
    author: person,
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }).optional(),
    format: z.enum(["bbcode", "html", "markdown", "text"]).default("bbcode"),
    content: z.string().max(500_000).optional(),
    dice: z.tuple([die, die]).optional(),
  }),
});

/** The fields of Discourse's post serializer we read (WEBHOOKS.md section 1); others are ignored. */
export const discoursePostSchema = z.object({
  post: z.object({
    id: z.number().int(),
    topic_id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    name: z.string().nullable().optional(),
    raw: z.string().max(500_000).optional(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }).optional(),
    deleted_at: z.iso.datetime({ offset: true }).nullable().optional(),
    user_deleted: z.boolean().optional(),
    post_type: z.number().int().optional(),
    version: z.number().int().optional(),
  }),
});

/** `POST /_local/clock` (CONTRACT.md section 7). */
export const clockBodySchema = z.union([
  z.object({ advance: z.string().refine(isDuration, { message: "durée ISO-8601 attendue" }) }).strict(),
  z.object({ set: z.iso.datetime({ offset: true }) }).strict(),
]);
