import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Harness } from "./harness.js";
import { DISCOURSE_SECRET } from "./requests.js";

/** Duelists of the recorded Discourse payloads: topic 1842, Drago (user 311) plays first. */
export const DISCOURSE_DUEL = {
  forumId: "poudlard",
  threadId: "1842",
  referee: { id: "7", name: "Minerva McGonagall" },
  duelists: [
    { id: "311", name: "Drago Malefoy", year: 5 },
    { id: "312", name: "Hermione Granger", year: 5 },
  ],
  firstDuelistId: "311",
  dice: "server",
};

export interface DiscourseFixture {
  readonly headers: Record<string, string>;
  readonly body: { readonly post: Record<string, unknown> };
}

export type FixtureName = "post_created" | "post_edited" | "post_destroyed" | "post_destroyed-by-author";

export function discourseFixture(name: FixtureName): DiscourseFixture {
  const url = new URL(`../fixtures/discourse/discourse-${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as DiscourseFixture;
}

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`, as Discourse signs. */
export function discourseSignature(raw: string, secret = DISCOURSE_SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(raw, "utf8").digest("hex")}`;
}

/**
 * Sends a recorded Discourse delivery as Discourse does: the body serialized compactly once, the
 * signature and length computed over those bytes, the recorded headers otherwise unchanged.
 */
export async function sendDiscourse(
  h: Pick<Harness, "app">,
  fixture: DiscourseFixture,
  options: {
    headers?: Record<string, string>;
    raw?: string;
    secret?: string;
    lowercase?: boolean;
    forumId?: string;
  } = {},
) {
  const raw = options.raw ?? JSON.stringify(fixture.body);
  const headers: Record<string, string> = {
    ...fixture.headers,
    "Content-Length": String(Buffer.byteLength(raw, "utf8")),
    "X-Discourse-Event-Signature": discourseSignature(raw, options.secret),
    ...options.headers,
  };
  const sent = options.lowercase
    ? Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    : headers;
  const res = await h.app.request(`/webhooks/${options.forumId ?? "poudlard"}/discourse`, {
    method: "POST",
    headers: sent,
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A fixture with some post fields replaced. */
export function withPost(
  fixture: DiscourseFixture,
  post: Record<string, unknown>,
  headers: Record<string, string> = {},
): DiscourseFixture {
  return { headers: { ...fixture.headers, ...headers }, body: { post: { ...fixture.body.post, ...post } } };
}
