import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";

export const ADMIN_TOKEN = "test-admin-token";
export const GENERIC_SECRET = `whsec_${Buffer.from("a-test-secret-of-32-bytes-long!!").toString("base64")}`;
export const DISCOURSE_SECRET = "discourse-secret-for-tests";

/** What the helpers send requests to: the harness's app, or an app of the test's own. */
export interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** An answer of the JSON API: its status and parsed body (`{}` when it has none). */
export interface JsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown> & { [k: string]: unknown };
}

/** A JSON request with a Bearer token (none when `token` is null). */
export async function jsonRequest(
  app: RequestTarget,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await app.request(path, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? {} : (JSON.parse(text) as JsonAnswer["body"]) };
}

/** How a generic delivery is sent: its `webhook-id`, time, secret, or a signature of the test's. */
export interface GenericOptions {
  id?: string;
  timestamp?: Date;
  secret?: string;
  contentType?: string;
  forumId?: string;
  signature?: string;
}

/**
 * The requests tests make to an app: the operator's JSON calls, the forum `poudlard`, and generic
 * deliveries signed per Standard Webhooks (CONTRACT.md 4.1).
 */
export function requests(app: RequestTarget) {
  const admin = (method: string, path: string, body?: unknown) =>
    jsonRequest(app, ADMIN_TOKEN, method, path, body);
  /** A generic delivery of any raw text, signed over exactly those bytes. */
  const genericRaw = async (raw: string, options: GenericOptions = {}) => {
    const id = options.id ?? `msg_${randomUUID()}`;
    const when = options.timestamp ?? new Date();
    const res = await app.request(`/webhooks/${options.forumId ?? "poudlard"}/generic`, {
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
  };
  return {
    admin,
    genericRaw,
    /** A generic delivery of `payload` as JSON. */
    generic: (payload: unknown, options: GenericOptions = {}) => genericRaw(JSON.stringify(payload), options),
    /** Creates the forum `poudlard` with both webhook secrets and Minerva as its referee. */
    forum: (extra: Record<string, unknown> = {}) =>
      admin("PUT", "/forums/poudlard", {
        name: "Poudlard RPG",
        webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET },
        referees: [{ id: "7", name: "Minerva McGonagall" }],
        notify: [{ type: "log" }],
        ...extra,
      }),
  };
}

export type Requests = ReturnType<typeof requests>;
