import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotifier, discordMessage } from "../../shared/adapters/notifiers/index.js";
import { backoffMs, OutboxRelay } from "../../shared/app/relay.js";
import type { OutboxEntry } from "../../shared/ports/outbox-store.js";
import type { SchedulerPort } from "../../shared/ports/scheduler.js";
import { GENERIC_SECRET } from "../support/requests.js";
import {
  afterTheFile,
  captureLog,
  deliverGeneric,
  openDuel,
  recordedHarness,
  report,
  rng,
  SEED,
  secret,
  threadPosts,
} from "./support.js";

afterTheFile("hiboux");

/** A Discord webhook URL's last segment is its token: a secret like any other. */
const DISCORD_TOKEN = secret("Discord webhook token", "dIsCoRd-ToKeN-0123456789abcdefABCDEF_xyz");
const RETRY_AFTER_S = 7;
const TIMEOUT_MS = 250;

type Behaviour = "ok" | "timeout" | "500" | "503" | "429";
const FAILURES: readonly Behaviour[] = ["timeout", "500", "429", "503"];

/** What the channel does on the `attempt`-th delivery of `key`: fail 0 to 3 times, then accept. */
function behaviour(key: string, attempt: number): Behaviour {
  const h = createHash("sha256").update(key).digest();
  const failures = (h[0] ?? 0) % 4;
  return attempt <= failures ? (FAILURES[((h[1] ?? 0) + attempt) % FAILURES.length] ?? "500") : "ok";
}

/** A Discord-like and a Standard-Webhooks-like receiver on loopback that fail on purpose. */
class FlakyChannels {
  readonly attempts = new Map<string, number>();
  readonly accepted = new Map<string, number>();
  readonly refusedSignatures: string[] = [];
  private server: Server | null = null;
  base = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    let key: string;
    if (req.url === "/webhook") {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
      );
      try {
        new Webhook(GENERIC_SECRET).verify(body, headers);
      } catch {
        this.refusedSignatures.push(headers["webhook-id"] ?? "");
        res.writeHead(401).end();
        return;
      }
      key = `webhook:${headers["webhook-id"]}`;
    } else if (req.url === `/api/webhooks/4242/${DISCORD_TOKEN}?wait=true`) {
      // Only `?wait=true` makes Discord answer after the message is stored.
      key = `discord:${createHash("sha256").update(body).digest("hex")}`;
    } else {
      res.writeHead(404).end();
      return;
    }
    const attempt = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempt);
    const what = behaviour(key, attempt);
    if (what === "timeout") return; // never answers: the notifier gives up after its timeout
    if (what === "429") {
      res.writeHead(429, { "retry-after": String(RETRY_AFTER_S), "content-type": "application/json" });
      res.end(JSON.stringify({ message: "You are being rate limited.", retry_after: RETRY_AFTER_S }));
      return;
    }
    if (what === "500" || what === "503") {
      res.writeHead(Number(what)).end("down");
      return;
    }
    this.accepted.set(key, (this.accepted.get(key) ?? 0) + 1);
    res.writeHead(what === "ok" && req.url === "/webhook" ? 200 : 204).end();
  }
}

/** The key the receiver counts an outbox entry's deliveries under. */
function keyOf(entry: OutboxEntry): string {
  if (entry.effect.type !== "notify") return "";
  return entry.effect.channelType === "webhook"
    ? `webhook:${entry.effect.hibou.id}`
    : `discord:${createHash("sha256")
        .update(JSON.stringify(discordMessage(entry.effect.hibou)))
        .digest("hex")}`;
}

const channels = new FlakyChannels();
beforeAll(() => channels.start());
afterAll(() => channels.stop());

describe("hiboux through failing channels", () => {
  it("timeouts, 5xx and 429 with Retry-After are retried with backoff; each hibou is delivered once per channel", async () => {
    const h = await recordedHarness({ allowLoopbackChannels: true });
    await h.forum({
      notify: [
        { type: "webhook", url: `${channels.base}/webhook`, serves: ["referees", "duelists"] },
        { type: "discord", url: `${channels.base}/api/webhooks/4242/${DISCORD_TOKEN}`, serves: ["referees"] },
      ],
    });
    const duelId = await openDuel(h, "4600", { dice: "forum" });
    for (const p of threadPosts(rng(SEED + 5), {
      threadId: "4600",
      firstPostId: 46_000,
      count: 6,
      start: "2026-11-30T10:00:00.000Z",
      gapMinutes: 30,
    }))
      expect((await deliverGeneric(h, p, `m-${p.postId}`)).body.result).toBe("applied");

    const noScheduler: SchedulerPort = { schedule: async () => {}, cancel: async () => {} };
    const notifier = createNotifier({
      http: { timeoutMs: TIMEOUT_MS, destinations: { allowLoopback: true } },
    });
    // Two relays at once, as two Lambda invocations of the stream or sweep may be.
    const relays = [1, 2].map(
      () =>
        new OutboxRelay({
          store: h.store,
          scheduler: noScheduler,
          notifier,
          now: () => h.clock.now(),
          log: captureLog,
        }),
    );
    const notifies = async () => (await h.store.listOutbox(duelId)).filter((e) => e.effect.type === "notify");
    let waitsChecked = 0;
    let rounds = 0;
    for (; rounds < 40; rounds++) {
      const before = new Map((await notifies()).map((e) => [e.id, e.attempts]));
      const at = h.clock.now().getTime();
      await Promise.all(relays.map((r) => r.runDue()));
      const after = await notifies();
      // Each attempt that failed waits as the channel asked (Retry-After) or by the backoff.
      for (const e of after) {
        if (e.doneAt || e.attempts === before.get(e.id)) continue;
        const what = behaviour(keyOf(e), e.attempts);
        expect(what, e.id).not.toBe("ok");
        const wait = what === "429" ? RETRY_AFTER_S * 1000 : backoffMs(e.attempts);
        expect(Date.parse(e.nextAttemptAt) - at, `${e.id} after ${what}`).toBe(wait);
        waitsChecked++;
      }
      const pending = after.filter((e) => !e.doneAt && !e.failedAt);
      if (pending.length === 0) break;
      h.clock.set(new Date(Math.min(...pending.map((e) => Date.parse(e.nextAttemptAt)))).toISOString());
    }

    const entries = await notifies();
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter((e) => !e.doneAt || e.failedAt)).toEqual([]);
    // Never lost, never twice: each hibou accepted exactly once by each channel.
    const keys = entries.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(channels.accepted.get(key), key).toBe(1);
    expect([...channels.accepted.values()].reduce((a, b) => a + b, 0)).toBe(entries.length);
    expect(channels.refusedSignatures).toEqual([]);
    // The API shows every hibou delivered.
    const shown = (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as {
      deliveredAt: string | null;
    }[];
    expect(shown.every((n) => n.deliveredAt !== null)).toBe(true);

    const attempts = [...channels.attempts.values()].reduce((a, b) => a + b, 0);
    const byKind = (kind: Behaviour) =>
      [...channels.attempts.entries()].reduce((n, [key, count]) => {
        let found = 0;
        for (let a = 1; a <= count; a++) if (behaviour(key, a) === kind) found++;
        return n + found;
      }, 0);
    report("hiboux", {
      hiboux: shown.length,
      channelDeliveries: entries.length,
      attempts,
      timeouts: byKind("timeout"),
      http500: byKind("500"),
      http503: byKind("503"),
      http429RetryAfter: byKind("429"),
      waitsChecked,
      relayRounds: rounds + 1,
      relaysAtOnce: relays.length,
      acceptedOnce: keys.length,
      lost: 0,
      sentTwice: 0,
    });
  });
});
