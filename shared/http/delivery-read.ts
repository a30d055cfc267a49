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
 * Forums whose deliveries passed their check lately, per store: a process checks a forum's next
 * delivery against the forum as it read it then, and saves a read of the forum before the one
 * consistent read that every delivery makes. That read brings the forum as it is now, and the
 * delivery is checked again against it: a secret changed since is refused there, as it would have
 * been here.
 */
const recentForums = new WeakMap<
  object,
  Map<string, { readonly forum: ForumConfig; readonly until: number }>
>();
/** How long a forum read for one delivery serves the next one's first check. */
export const RECENT_FORUM_MS = 60_000;
/** Forums remembered at once, per store: a process sees a handful. */
const RECENT_FORUMS = 256;

function recentForum(store: object, forumId: string, now: number): ForumConfig | undefined {
  const entry = recentForums.get(store)?.get(forumId);
  return entry && entry.until > now ? entry.forum : undefined;
}

function rememberForum(store: object, forumId: string, forum: ForumConfig, now: number): void {
  let forums = recentForums.get(store);
  if (!forums) {
    forums = new Map();
    recentForums.set(store, forums);
  }
  forums.delete(forumId);
  if (forums.size >= RECENT_FORUMS) forums.delete(forums.keys().next().value ?? "");
  forums.set(forumId, { forum, until: now + RECENT_FORUM_MS });
}

/** Whether `check` lets the delivery through against `forum`. */
function passes(check: DeliveryCheck, raw: string, forum: ForumConfig): boolean {
  try {
    check(raw, forum);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a delivery in the order that makes a stranger's body cost nothing: the raw bytes (bounded by
 * the app's body limit), the forum, the signature or secret on those bytes, and only then the body,
 * parsed once. The body names the thread, the post and its author, read with the forum again and
 * its duel in one consistent request. A body that is not JSON is `undefined` here, refused by its
 * receiver. A post id that turns out wrong costs a second read, never a wrong verdict.
 *
 * The first check is made against the forum a recent delivery read (`recentForums`) when it lets
 * the delivery through, and the forum is then not read twice: the consistent read's forum checks
 * the delivery again before anything is decided.
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
  const now = Date.now();
  const recent = recentForum(deps.store, forumId, now);
  const checkedAgainstRecent = recent !== undefined && passes(check, raw, recent);
  if (!checkedAgainstRecent) check(raw, await deps.store.getForum(forumId));
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
  if (checkedAgainstRecent) check(raw, loaded.forum);
  if (loaded.forum) rememberForum(deps.store, forumId, loaded.forum, now);
  return { forumId, raw, parsed, loaded };
}

function parseJsonOrUndefined(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
