import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { DISCOURSE_SECRET, DUEL_BODY, GENERIC_SECRET, type Harness } from "../support/harness.js";

/** Enough French words to pass R-6.3's 100-word minimum. */
export const LONG_RP = Array.from({ length: 110 }, (_, i) => `mot${i}`).join(" ");

/** A whole turn: 110 words and an action block aimed at `target`. */
export function turnContent(target: string, spell = "Rictusempra"): string {
  return `${LONG_RP}\n[duel]\nSort : ${spell}\nCible : ${target}\nZone : torse\nPari : 4\n[/duel]`;
}

export interface AuditEvent {
  readonly id: string;
  readonly type: string;
  readonly at: string;
  readonly rule: string;
  readonly [key: string]: unknown;
}

/** The audit log of a duel (CONTRACT.md 6.1). */
export async function auditOf(h: Harness, duelId: string): Promise<AuditEvent[]> {
  const res = await h.admin("GET", `/duels/${duelId}/events`);
  return res.body.events as AuditEvent[];
}

export interface DuelistView {
  readonly id: string;
  readonly points: number;
  readonly startingPoints: number;
  readonly absenceFaults: number;
  readonly actionFaults: number;
  readonly status: string;
  readonly derogationUsed: boolean;
  readonly [key: string]: unknown;
}

/** A duelist as `GET /duels/{id}` shows them. */
export async function duelistOf(h: Harness, duelId: string, duelistId: string): Promise<DuelistView> {
  const res = await h.admin("GET", `/duels/${duelId}`);
  const found = (res.body.duelists as DuelistView[]).find((d) => d.id === duelistId);
  if (!found) throw new Error(`no duelist ${duelistId} in ${duelId}`);
  return found;
}

/** The forum, the duel of CONTRACT.md section 6 (or `body`), and the top: an active duel. */
export async function activeDuel(h: Harness, body: Record<string, unknown> = DUEL_BODY): Promise<string> {
  await h.forum();
  const created = await h.admin("POST", "/duels", body);
  if (created.status !== 201) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const top = await h.admin("POST", `/duels/${id}/commands`, { command: "top" });
  if (top.status !== 200) throw new Error(`top: ${top.status} ${JSON.stringify(top.body)}`);
  return id;
}

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
  h: Harness,
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

/**
 * A generic delivery of any raw text, signed per Standard Webhooks over exactly those bytes
 * (the harness's `generic()` only sends JSON it serializes itself), to the harness's app unless
 * another is given (the webhook function's own, `createWebhookApp`).
 */
export async function sendGenericRaw(
  h: Harness,
  raw: string,
  options: {
    id?: string;
    timestamp?: Date;
    secret?: string;
    contentType?: string;
    forumId?: string;
    signature?: string;
    app?: Pick<Harness["app"], "request">;
  } = {},
) {
  const id = options.id ?? `msg_${randomUUID()}`;
  const when = options.timestamp ?? new Date();
  const res = await (options.app ?? h.app).request(`/webhooks/${options.forumId ?? "poudlard"}/generic`, {
    method: "POST",
    headers: {
      "content-type": options.contentType ?? "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(when.getTime() / 1000)),
      "webhook-signature":
        options.signature ?? new Webhook(options.secret ?? GENERIC_SECRET).sign(id, when, raw),
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
