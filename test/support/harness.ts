import { randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { Webhook } from "standardwebhooks";
import { inject } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { localPipeline } from "../../infra/local/pipeline.js";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../../shared/adapters/dynamodb/poll-store.js";
import { createTable } from "../../shared/adapters/dynamodb/table.js";
import type { Observability } from "../../shared/aws/observability.js";
import type { TopicReader } from "../../shared/forumactif/topic-fetch.js";
import { hashToken } from "../../shared/http/auth.js";
import type { Notifier } from "../../shared/ports/notifier.js";

export const ADMIN_TOKEN = "test-admin-token";
export const GENERIC_SECRET = `whsec_${Buffer.from("a-test-secret-of-32-bytes-long!!").toString("base64")}`;
export const DISCOURSE_SECRET = "discourse-secret-for-tests";

/**
 * The real app on real DynamoDB Local (a fresh table per harness), with a manual clock, the
 * local scheduler and the relay — everything but the HTTP server, driven by `app.request()`.
 */
export async function createHarness(
  options: {
    start?: string;
    notifier?: Notifier;
    dice?: () => readonly [number, number];
    log?: (line: Record<string, unknown>) => void;
    /** The functions' business metrics (shared/observability), published as EMF lines. */
    observability?: Pick<Observability, "decisions" | "metrics">;
    /** Lets forums name channels on this machine, as the local stack does for its fakes (off by default). */
    allowLoopbackChannels?: boolean;
    /** Real time for desk sessions and login delays (default: the system's). */
    wallNow?: () => Date;
    /** Forumactif forums read from a board on loopback (CONTRACT.md 4.4). */
    forumactif?: { reader: TopicReader };
  } = {},
) {
  const client = new DynamoDBClient({
    endpoint: inject("dynamoEndpoint"),
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const tableName = `t-${randomUUID()}`;
  await createTable(client, tableName);
  const clock = new ManualClock(options.start ?? "2026-11-30T10:00:00.000Z");
  const store = new DynamoDbStore({ client, tableName, now: () => clock.now() });
  const delivered: { kind: string; to: string; text: string; channel: string }[] = [];
  const notifier: Notifier = options.notifier ?? {
    async deliver(hibou, channel) {
      delivered.push({
        kind: hibou.kind,
        to: `${hibou.to.role}:${hibou.to.id}`,
        text: hibou.text,
        channel: channel.type,
      });
    },
  };
  let dice = options.dice ?? (() => [3, 3] as const);
  const polls = new DynamoDbPollStore(client, tableName);
  const { duels, relay, settle, app, poller } = localPipeline({
    store,
    clock,
    notifier,
    adminTokenHash: hashToken(ADMIN_TOKEN),
    rollDice: () => dice(),
    log: options.log ?? (() => {}),
    ...(options.observability ? { observability: options.observability } : {}),
    allowLoopbackChannels: options.allowLoopbackChannels ?? false,
    ...(options.wallNow ? { wallNow: options.wallNow } : {}),
    ...(options.forumactif
      ? { forumactif: { polls, reader: options.forumactif.reader, allowLoopback: true, minIntervalMs: 0 } }
      : {}),
  });

  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" };
  const harness = {
    app,
    store,
    clock,
    client,
    tableName,
    delivered,
    duels,
    relay,
    settle,
    polls,
    poller,
    setDice(next: () => readonly [number, number]) {
      dice = next;
    },
    /** An admin JSON request. */
    async admin(method: string, path: string, body?: unknown) {
      const res = await app.request(path, {
        method,
        headers: auth,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown> & { [k: string]: unknown },
      };
    },
    /** Creates the forum `poudlard` with both webhook secrets. */
    async forum(extra: Record<string, unknown> = {}) {
      return harness.admin("PUT", "/forums/poudlard", {
        name: "Poudlard RPG",
        webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET },
        referees: [{ id: "7", name: "Minerva McGonagall" }],
        notify: [{ type: "log" }],
        ...extra,
      });
    },
    /** A Standard-Webhooks-signed generic delivery (CONTRACT.md 4.1). */
    async generic(
      payload: unknown,
      options: { id?: string; forumId?: string; secret?: string; timestamp?: Date } = {},
    ) {
      const body = JSON.stringify(payload);
      const id = options.id ?? `msg_${randomUUID()}`;
      const when = options.timestamp ?? new Date();
      const signature = new Webhook(options.secret ?? GENERIC_SECRET).sign(id, when, body);
      const res = await app.request(`/webhooks/${options.forumId ?? "poudlard"}/generic`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(when.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
  };
  return harness;
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** A generic `post.created` payload. */
export function postPayload(p: {
  threadId?: string;
  postId: string;
  author: { id: string; name: string };
  createdAt: string;
  content: string;
  type?: string;
}) {
  return {
    type: p.type ?? "post.created",
    timestamp: p.createdAt,
    data: {
      threadId: p.threadId ?? "1234",
      postId: p.postId,
      author: p.author,
      createdAt: p.createdAt,
      format: "bbcode",
      content: p.content,
    },
  };
}

/** The duel of CONTRACT.md section 6, Alice (3rd year) against Bob (adult). */
export const DUEL_BODY = {
  forumId: "poudlard",
  threadId: "1234",
  referee: { id: "7", name: "Minerva McGonagall" },
  duelists: [
    { id: "42", name: "Alice Dubois", year: 3 },
    { id: "43", name: "Bob Martin", year: "adulte" },
  ],
  dice: "server",
  stakes: "Le perdant range la salle des trophées",
};
