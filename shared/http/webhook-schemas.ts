import * as z from "zod/mini";
import "../validation/french-messages.js";
import { ApiError } from "../errors.js";
import { errorTexts } from "../texts/errors.js";
import { validationTexts } from "../texts/validation.js";

/**
 * What the webhook receivers validate: the ids in paths and bodies, the two senders' bodies. Apart
 * from the admin API's schemas (shared/http/schemas.ts), so the webhook function builds only these.
 * In zod/mini, so that the webhook bundle carries zod's core without zod classic; the admin side
 * composes them and documents them (`z.toJSONSchema`) all the same.
 */

/** A forum id: it prefixes duel ids (`<forumId>.<threadId>`), so no dot. */
export const forumIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { message: validationTexts.forumId }));
export const threadIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.:-]{1,128}$/, { message: validationTexts.threadId }));

/** A forum id from a path, or a 400. */
export function parseForumId(raw: string): string {
  const parsed = forumIdSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "invalid_forum_id", errorTexts.invalid_forum_id);
  return parsed.data;
}

/**
 * A duel id as the routes take it from a path: `<forumId>.<threadId>` (`duelIdOf`), so at most 193
 * characters. Checked before any read: a longer key is refused by DynamoDB itself (a 500 otherwise).
 */
const DUEL_ID = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_.:-]{1,128}$/;

export function isDuelId(raw: string): boolean {
  return DUEL_ID.test(raw);
}

/** A duel id from a path, or a 400. */
export function parseDuelId(raw: string): string {
  if (!isDuelId(raw)) throw new ApiError(400, "invalid_duel_id", errorTexts.invalid_duel_id);
  return raw;
}

/** A forum user id from a path (a duelist's), or a 400: the same bound as in bodies. */
export function parseUserId(raw: string): string {
  if (raw.length < 1 || raw.length > 128)
    throw new ApiError(400, "invalid_user_id", errorTexts.invalid_user_id);
  return raw;
}

const id = z.string().check(z.minLength(1), z.maxLength(128));
const person = z.object({ id, name: z.string().check(z.minLength(1), z.maxLength(200)) });

const die = z.int().check(z.gte(1), z.lte(6));

/** An instant with its offset (`Z` or `+02:00`). */
const instant = () => z.iso.datetime({ offset: true });

/** The generic webhook's body (CONTRACT.md 4.1). */
export const genericWebhookSchema = z.object({
  type: z.enum(["post.created", "post.edited", "post.deleted"]),
  timestamp: z.optional(instant()),
  data: z.object({
    threadId: threadIdSchema,
    postId: id,
    author: person,
    createdAt: instant(),
    updatedAt: z.optional(instant()),
    format: z._default(z.enum(["bbcode", "html", "markdown", "text"]), "bbcode"),
    // No length here: the body limit bounds it, and what can be stored is checked (post-size.ts, 413).
    content: z.optional(z.string()),
    dice: z.optional(z.tuple([die, die])),
    // The duel keeps it shortened (domain/thread-title.ts); the bound only refuses what no forum sends.
    threadTitle: z.optional(z.string().check(z.maxLength(1000))),
  }),
});

/** The fields of Discourse's post serializer we read (WEBHOOKS.md section 1); others are ignored. */
export const discoursePostSchema = z.object({
  post: z.object({
    id: z.int(),
    topic_id: z.int(),
    user_id: z.int(),
    username: z.string().check(z.maxLength(200)),
    name: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    // No tighter length: the body limit bounds it, and what can be stored is checked (post-size.ts, 413).
    raw: z.optional(z.string()),
    created_at: instant(),
    updated_at: z.optional(instant()),
    deleted_at: z.optional(z.nullable(instant())),
    user_deleted: z.optional(z.boolean()),
    post_type: z.optional(z.int()),
    topic_title: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
    version: z.optional(z.int()),
  }),
});

/** A XenForo id or time: an integer in JSON, its digits in a form body (WEBHOOKS.md section 2). */
const xfInt = z.union([
  z.int().check(z.gte(0)),
  z.string().check(z.regex(/^\d{1,15}$/, { message: validationTexts.integer })),
]);

/** XenForo 2.3's webhook envelope (WEBHOOKS.md section 2); `data` is read by content type. */
export const xenforoEnvelopeSchema = z.object({
  content_type: z.string().check(z.maxLength(50)),
  event: z.string().check(z.maxLength(50)),
  content_id: xfInt,
  data: z.record(z.string(), z.unknown()),
});

/** The fields of XenForo's post API result we read (of `Thread`, its title); others (`User`, `can_*`…) are ignored. */
export const xenforoPostSchema = z.object({
  post_id: xfInt,
  thread_id: xfInt,
  user_id: xfInt,
  username: z.string().check(z.minLength(1), z.maxLength(200)),
  post_date: xfInt,
  message: z.optional(z.string().check(z.maxLength(500_000))),
  message_state: z.optional(z.string().check(z.maxLength(50))),
  last_edit_date: z.optional(xfInt),
  // The thread the post is in, as XenForo's post result embeds it: only its title is read.
  Thread: z.optional(z.object({ title: z.optional(z.string().check(z.maxLength(1000))) })),
});

/** The fields of XenForo's thread API result we read: which thread, and whether it is deleted. */
export const xenforoThreadSchema = z.object({
  thread_id: xfInt,
  discussion_state: z.optional(z.string().check(z.maxLength(50))),
});
