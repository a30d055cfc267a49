import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { intakePost } from "../../app/post-intake.js";
import { deleteThreadPosts } from "../../app/thread-deletion.js";
import { ApiError } from "../../errors.js";
import { isBotAuthor } from "../../ports/thread-bot.js";
import { errorTexts } from "../../texts/errors.js";
import { zodDetails } from "../../validation/zod-details.js";
import { type DeliveryShape, readDelivery } from "../delivery-read.js";
import type { WebhookDeps } from "../deps.js";
import { parsePhpForm } from "../php-form.js";
import {
  parseForumId,
  xenforoEnvelopeSchema,
  xenforoPostSchema,
  xenforoThreadSchema,
} from "../webhook-schemas.js";

/** Compares the secret XenForo sent with ours in constant time (hashed first: equal lengths). */
export function xenforoSecretValid(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The body as XenForo sent it: JSON (its default) or PHP form fields (`form_params`). */
function parseBody(raw: string, contentType: string): unknown {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return parsePhpForm(raw);
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const inDataOf = (v: Record<string, unknown>) => v.data as Record<string, unknown> | undefined;

/** Where XenForo's body names the thread, the post and its author. */
const XENFORO: DeliveryShape = {
  thread: (v) => inDataOf(v)?.thread_id,
  post: (v) => inDataOf(v)?.post_id,
  author: (v) => inDataOf(v)?.user_id,
};

/** The issues of `data`'s validation, named from the body's root. */
const inData = (error: Parameters<typeof zodDetails>[0]) =>
  zodDetails(error).map((d) => ({ ...d, path: d.path ? `data.${d.path}` : "data" }));

const later = (a: string, b: string): string => (a > b ? a : b);

const seconds = (value: number | string): string => new Date(Number(value) * 1000).toISOString();

/** Compared against when the forum has no XenForo secret: a key nobody knows. */
const NO_XENFORO_SECRET = randomBytes(32).toString("hex");

/**
 * `POST /webhooks/{forumId}/xenforo` (CONTRACT.md 4.5): XenForo 2.3's own webhook. It has no
 * signature, no timestamp and no delivery id: the secret travels in clear in `XF-Webhook-Secret`
 * (so only over HTTPS: a request a proxy says came in plain HTTP is refused), and a retry sends the
 * same bytes, so the body's hash is the delivery's key. Posts are inserted, updated (edits, but
 * also a soft deletion: `message_state` "deleted") and deleted; a deleted thread deletes its posts.
 * The forum's bot's own replies come back here and are ignored. Anything else is `ignored`.
 */
export function xenforoWebhook(deps: WebhookDeps) {
  return async (c: Context) => {
    const forumId = parseForumId(c.req.param("forumId") ?? "");
    const proto = c.req.header("x-forwarded-proto");
    if (proto !== undefined && proto.split(",")[0]?.trim().toLowerCase() !== "https") {
      throw new ApiError(403, "https_required", errorTexts.https_required);
    }
    const contentTypeHeader = c.req.header("content-type") ?? "";
    const { raw, parsed, loaded } = await readDelivery(
      c,
      deps,
      XENFORO,
      (_raw, forum) => {
        // An unknown forum (or one without a XenForo secret) is answered exactly as a wrong secret,
        // after the same work, so that forum ids cannot be guessed (CONTRACT.md 4.5, as 4.1 and 4.2).
        const secret = forum?.webhookSecrets.xenforo ?? NO_XENFORO_SECRET;
        if (!xenforoSecretValid(c.req.header("xf-webhook-secret"), secret)) {
          throw new ApiError(401, "invalid_secret", errorTexts.invalid_secret);
        }
      },
      (raw) => parseBody(raw, contentTypeHeader),
    );
    if (parsed === undefined) throw new ApiError(400, "invalid_json", errorTexts.invalid_json);
    const envelope = xenforoEnvelopeSchema.safeParse(parsed);
    if (!envelope.success)
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.xenforo, zodDetails(envelope.error));
    const contentType = c.req.header("xf-content-type") ?? envelope.data.content_type;
    const event = c.req.header("xf-webhook-event") ?? envelope.data.event;

    if (contentType === "thread") {
      const thread = xenforoThreadSchema.safeParse(envelope.data.data);
      if (!thread.success)
        throw new ApiError(400, "invalid_body", errorTexts.invalid_body.xenforo, inData(thread.error));
      const deleted =
        event === "delete" || (event === "update" && thread.data.discussion_state === "deleted");
      if (!deleted) return c.json({ result: "ignored" });
      return c.json(await deleteThreadPosts(deps, loaded, forumId, String(thread.data.thread_id)));
    }
    if (contentType !== "post" || !["insert", "update", "delete"].includes(event)) {
      return c.json({ result: "ignored" });
    }
    const body = xenforoPostSchema.safeParse(envelope.data.data);
    if (!body.success)
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.xenforo, inData(body.error));
    const post = body.data;
    const authorId = String(post.user_id);
    if (isBotAuthor(loaded.forum?.bot, { userId: authorId })) return c.json({ result: "ignored" });
    const state = post.message_state ?? "visible";
    const known =
      loaded.marks[String(post.post_id)] !== undefined ||
      loaded.duel?.state.posts[String(post.post_id)] !== undefined;
    const now = deps.clock.now().toISOString();
    let kind: "created" | "edited" | "deleted";
    if (event === "delete" || state === "deleted") kind = "deleted";
    else if (state !== "visible")
      return c.json({ result: "ignored" }); // awaiting approval: not in the thread yet
    else if (event === "insert" || !known)
      kind = "created"; // an update that shows it: approved
    else kind = "edited";
    if (kind === "edited" && post.message === undefined) {
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.noContent, [
        { path: "data.message", message: errorTexts.invalid_body.required },
      ]);
    }
    const lastEdit = Number(post.last_edit_date ?? 0);
    const answer = await intakePost(deps, loaded, {
      forumId,
      threadId: String(post.thread_id),
      kind,
      postId: String(post.post_id),
      authorId,
      authorName: post.username,
      username: post.username,
      createdAt: seconds(post.post_date),
      // XenForo dates edits, not deletions: a deletion happens now, and never before the post.
      changedAt: kind === "edited" && lastEdit > 0 ? seconds(lastEdit) : later(now, seconds(post.post_date)),
      content: post.message ?? "",
      format: "bbcode",
      ...(post.Thread?.title ? { threadTitle: post.Thread.title } : {}),
      // A retry sends the same bytes: their hash names the delivery.
      deliveryKey: `xenforo#${createHash("sha256").update(raw, "utf8").digest("base64url").slice(0, 32)}`,
    });
    return c.json(answer);
  };
}
