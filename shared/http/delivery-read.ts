import type { Context } from "hono";
import { duelIdOf } from "../app/incoming-post.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { WebhookDeps } from "./deps.js";
import { parseForumId, threadIdSchema } from "./webhook-schemas.js";

/** Where a receiver's body names the thread, the post and its author. */
export interface DeliveryShape {
  readonly thread: (body: Record<string, unknown>) => unknown;
  readonly post: (body: Record<string, unknown>) => unknown;
  readonly author: (body: Record<string, unknown>) => unknown;
}

function idOf(value: unknown, pick: (v: Record<string, unknown>) => unknown): string {
  if (typeof value !== "object" || value === null) return "";
  const raw = pick(value as Record<string, unknown>);
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "";
  return threadIdSchema.safeParse(text).success ? text : "";
}

/** Refuses a delivery whose signature (or secret) does not hold for this forum; reads the raw bytes only. */
export type DeliveryCheck = (raw: string, forum: ForumConfig | null) => void;

/**
 * Reads a delivery in the order that makes a stranger's body cost nothing: the raw bytes (bounded by
 * the app's body limit), the forum, the signature or secret on those bytes, and only then the body,
 * parsed once. The body names the thread, the post and its author, read with the forum again and
 * its duel in one consistent request. A body that is not JSON is `undefined` here, refused by its
 * receiver. A post id that turns out wrong costs a second read, never a wrong verdict.
 */
export async function readDelivery(
  c: Context,
  deps: WebhookDeps,
  shape: DeliveryShape,
  check: DeliveryCheck,
  parse: (raw: string) => unknown = parseJsonOrUndefined,
) {
  const forumId = parseForumId(c.req.param("forumId") ?? "");
  const raw = await c.req.text();
  check(raw, await deps.store.getForum(forumId));
  const parsed = parse(raw);
  const threadId = idOf(parsed, shape.thread);
  const postId = threadId ? idOf(parsed, shape.post) : "";
  const authorId = postId ? idOf(parsed, shape.author) : "";
  const loaded = await deps.store.loadForumAndDuel(
    forumId,
    duelIdOf(forumId, threadId || "-"),
    postId ? [postId] : [],
    authorId ? [authorId] : [],
  );
  return { forumId, raw, parsed, loaded };
}

function parseJsonOrUndefined(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
