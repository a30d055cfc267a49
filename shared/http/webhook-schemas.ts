import * as z from "zod";
import { ApiError } from "./errors.js";

/**
 * What the webhook receivers validate: the ids in paths and bodies, the two senders' bodies. Apart
 * from the admin API's schemas (shared/http/schemas.ts), so the webhook function builds only these.
 */

/** A forum id: it prefixes duel ids (`<forumId>.<threadId>`), so no dot. */
export const forumIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "lettres, chiffres, - et _ (64 au plus)" });
export const threadIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,128}$/, { message: "identifiant de fil invalide" });

/** A forum id from a path, or a 400. */
export function parseForumId(raw: string): string {
  const parsed = forumIdSchema.safeParse(raw);
  if (!parsed.success)
    throw new ApiError(400, "invalid_forum_id", "Identifiant de forum invalide : lettres, chiffres, - et _.");
  return parsed.data;
}

const id = z.string().min(1).max(128);
const person = z.object({ id, name: z.string().min(1).max(200) });

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
