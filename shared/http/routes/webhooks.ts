import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
// The smallest preset (one pattern router): two routes, and the webhook bundle's size counts (bench/README.md).
import { Hono } from "hono/tiny";
import { intakePost } from "../../app/post-intake.js";
import { ApiError } from "../../errors.js";
import { isBotAuthor } from "../../ports/thread-bot.js";
import { errorTexts } from "../../texts/errors.js";
import { zodDetails } from "../../validation/zod-details.js";
import { type DeliveryShape, readDelivery } from "../delivery-read.js";
import type { WebhookDeps } from "../deps.js";
import { DISCOURSE_POST_EVENTS, discourseChange } from "../discourse-event.js";
import { parseJsonText } from "../json-body.js";
import { checkPostSize } from "../post-size.js";
import { standardWebhookRefusal } from "../standard-webhooks.js";
import { discoursePostSchema, genericWebhookSchema } from "../webhook-schemas.js";
import { xenforoWebhook } from "./xenforo-webhook.js";

/**
 * What a forum without a secret (or no forum at all) is checked against: a key drawn at start, that
 * no one knows, so every signature fails exactly as a wrong one does. An unknown forum and a bad
 * signature then answer the same, after the same work, and forum ids cannot be guessed (CONTRACT.md 4).
 */
const NO_SECRET = {
  generic: `whsec_${randomBytes(32).toString("base64")}`,
  discourse: randomBytes(32).toString("hex"),
};

const GENERIC: DeliveryShape = {
  thread: (v) => (v.data as Record<string, unknown> | undefined)?.threadId,
  post: (v) => (v.data as Record<string, unknown> | undefined)?.postId,
  author: (v) =>
    ((v.data as Record<string, unknown> | undefined)?.author as Record<string, unknown> | undefined)?.id,
};

const DISCOURSE: DeliveryShape = {
  thread: (v) => (v.post as Record<string, unknown> | undefined)?.topic_id,
  post: (v) => (v.post as Record<string, unknown> | undefined)?.id,
  author: (v) => (v.post as Record<string, unknown> | undefined)?.user_id,
};

/** Verifies Discourse's `sha256=<hex>` HMAC of the raw body, in constant time. */
export function discourseSignatureValid(
  rawBody: string,
  header: string | undefined,
  secret: string,
): boolean {
  const hex = header?.match(/^sha256=([0-9a-f]{64})$/i)?.[1];
  if (!hex) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  const given = Buffer.from(hex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The receivers (CONTRACT.md 4.1, 4.2; XenForo's, 4.5, in xenforo-webhook.ts). Each reads the raw
 * body and the forum, verifies the signature on the raw bytes, and only then parses, reads the duel,
 * validates and acts (`readDelivery`).
 */
export function webhookRoutes(deps: WebhookDeps) {
  const app = new Hono();

  app.post("/:forumId/generic", async (c) => {
    const { forumId, raw, parsed, loaded } = await readDelivery(c, deps, GENERIC, (raw, forum) => {
      const secret = forum?.webhookSecrets.generic ?? NO_SECRET.generic;
      const refusal = standardWebhookRefusal(raw, c.req.raw.headers, secret);
      if (refusal !== undefined) {
        // An unusable secret (stored before secrets were checked) is told as an invalid signature,
        // not as a detail of the forum's settings.
        const reason = errorTexts.invalid_signature.webhookReasons[refusal];
        throw new ApiError(401, "invalid_signature", errorTexts.invalid_signature.webhook(reason));
      }
    });
    const body = genericWebhookSchema.safeParse(parsed === undefined ? parseJsonText(raw) : parsed);
    if (!body.success)
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.webhook, zodDetails(body.error));
    const { type, data } = body.data;
    if (type !== "post.deleted" && data.content === undefined) {
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.noContent, [
        { path: "data.content", message: errorTexts.invalid_body.required },
      ]);
    }
    if (type !== "post.deleted") checkPostSize(data.content ?? "", data.postId, loaded);
    const answer = await intakePost(deps, loaded, {
      forumId,
      threadId: data.threadId,
      kind: type === "post.created" ? "created" : type === "post.edited" ? "edited" : "deleted",
      postId: data.postId,
      authorId: data.author.id,
      authorName: data.author.name,
      createdAt: new Date(data.createdAt).toISOString(),
      changedAt: new Date(data.updatedAt ?? body.data.timestamp ?? data.createdAt).toISOString(),
      content: data.content ?? "",
      format: data.format,
      ...(data.dice ? { forumDice: data.dice } : {}),
      ...(data.threadTitle ? { threadTitle: data.threadTitle } : {}),
      deliveryKey: `generic#${c.req.header("webhook-id") ?? ""}`,
    });
    return c.json(answer);
  });

  app.post("/:forumId/discourse", async (c) => {
    const { forumId, raw, parsed, loaded } = await readDelivery(c, deps, DISCOURSE, (raw, forum) => {
      const secret = forum?.webhookSecrets.discourse ?? NO_SECRET.discourse;
      if (!discourseSignatureValid(raw, c.req.header("x-discourse-event-signature"), secret)) {
        throw new ApiError(401, "invalid_signature", errorTexts.invalid_signature.discourse);
      }
    });
    const event = c.req.header("x-discourse-event") ?? "";
    if (!DISCOURSE_POST_EVENTS.has(event)) return c.json({ result: "ignored" });
    const body = discoursePostSchema.safeParse(parsed === undefined ? parseJsonText(raw) : parsed);
    if (!body.success)
      throw new ApiError(400, "invalid_body", errorTexts.invalid_body.discourse, zodDetails(body.error));
    const { post } = body.data;
    // Only regular posts are turns; whispers, moderator and small-action posts are not.
    if (post.post_type !== undefined && post.post_type !== 1) return c.json({ result: "ignored" });
    // The forum's bot's own replies in the thread (the verdicts it posts) are nobody's turn.
    if (isBotAuthor(loaded.forum?.bot, { username: post.username })) return c.json({ result: "ignored" });
    // The header is not signed: what happened is read from the body; a header it contradicts changes nothing.
    const change = discourseChange(event, post, loaded);
    if (change === "contradicted") return c.json({ result: "ignored" });
    if (change !== "deleted") checkPostSize(post.raw ?? "", String(post.id), loaded);
    const eventId = c.req.header("x-discourse-event-id");
    const changedAt = post.deleted_at ?? post.updated_at ?? post.created_at;
    const answer = await intakePost(deps, loaded, {
      forumId,
      threadId: String(post.topic_id),
      kind: change,
      postId: String(post.id),
      authorId: String(post.user_id),
      authorName: post.name || post.username,
      username: post.username,
      createdAt: new Date(post.created_at).toISOString(),
      changedAt: new Date(changedAt).toISOString(),
      content: post.raw ?? "",
      format: "markdown",
      ...(post.topic_title ? { threadTitle: post.topic_title } : {}),
      // Without an event id (a proxy or plugin dropped it) there is no delivery to recognize.
      ...(eventId ? { deliveryKey: `discourse#${eventId}` } : {}),
    });
    return c.json(answer);
  });

  app.post("/:forumId/xenforo", xenforoWebhook(deps));

  return app;
}
