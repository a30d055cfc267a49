import { readFileSync } from "node:fs";
import type { Harness } from "../support/harness.js";

export const XENFORO_SECRET = "7f1c2e9a0b6d4c58a1e3f2d9b7c6a504";

/** The duel of the XenForo fixtures: thread 4410, Luna (1289) plays first against Pansy (1290). */
export const XENFORO_DUEL = {
  forumId: "poudlard",
  threadId: "4410",
  referee: { id: "7", name: "Minerva McGonagall" },
  duelists: [
    { id: "1289", name: "Luna Lovegood", year: 5 },
    { id: "1290", name: "Pansy Parkinson", year: 5 },
  ],
  firstDuelistId: "1289",
  dice: "server",
  stakes: "La perdante nourrit les Sombrals pendant une semaine",
};

export type XenForoFixture =
  | "post-insert.json"
  | "post-insert.form"
  | "post-update-edit.json"
  | "post-update-reaction.json"
  | "post-update-soft-delete.json"
  | "post-delete.json"
  | "thread-delete.json";

/** A fixture's bytes, exactly as stored. */
export function xenforoFixture(name: XenForoFixture): string {
  return readFileSync(new URL(`../fixtures/xenforo/${name}`, import.meta.url), "utf8");
}

/**
 * Sends a body as XenForo 2.3 does: its content type, event and secret headers, JSON or form
 * encoded; the content type and event are read from the body unless given.
 */
export async function sendXenForo(
  h: Pick<Harness, "app">,
  raw: string,
  options: { secret?: string | null; headers?: Record<string, string>; forumId?: string } = {},
) {
  const form = !raw.startsWith("{");
  const body = form ? new URLSearchParams(raw) : (JSON.parse(raw) as { content_type: string; event: string });
  const contentType = form
    ? ((body as URLSearchParams).get("content_type") ?? "")
    : (body as { content_type: string }).content_type;
  const event = form ? ((body as URLSearchParams).get("event") ?? "") : (body as { event: string }).event;
  const headers: Record<string, string> = {
    "User-Agent": "XenForo/2.3 (https://www.pre-au-lard.fr/community)",
    "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
    "XF-Content-Type": contentType,
    "XF-Webhook-Event": event,
    "XF-Webhook-Id": "3",
    ...(options.secret === null ? {} : { "XF-Webhook-Secret": options.secret ?? XENFORO_SECRET }),
    ...options.headers,
  };
  const res = await h.app.request(`/webhooks/${options.forumId ?? "poudlard"}/xenforo`, {
    method: "POST",
    headers,
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A post body in XenForo's JSON serialisation (`\u00e9`, `\/`), for posts the fixtures lack. */
export function xenforoPostBody(post: {
  event?: "insert" | "update" | "delete";
  postId: number;
  threadId?: number;
  userId: number;
  username: string;
  postDate: number;
  message: string;
}): string {
  const body = {
    content_type: "post",
    event: post.event ?? "insert",
    content_id: post.postId,
    data: {
      post_id: post.postId,
      thread_id: post.threadId ?? 4410,
      user_id: post.userId,
      username: post.username,
      post_date: post.postDate,
      message: post.message,
      message_state: "visible",
      last_edit_date: 0,
      reaction_score: 0,
      Thread: { thread_id: post.threadId ?? 4410, title: "Duel : Luna contre Pansy" },
    },
  };
  return JSON.stringify(body)
    .replace(/\//g, "\\/")
    .replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
