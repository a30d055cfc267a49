import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ConsumedCapacity } from "@aws-sdk/client-dynamodb";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Hono } from "hono";
import { Webhook } from "standardwebhooks";
import { echoDataKeys } from "../infra/cdk/warmup-world.js";
import { ManualClock } from "../infra/local/clock.js";
import { DynamoDbStore } from "../shared/adapters/dynamodb/dynamodb-store.js";
import { createTable } from "../shared/adapters/dynamodb/table.js";
import { SecretSealer } from "../shared/adapters/secrets/envelope.js";
import { DuelService } from "../shared/app/duel-service.js";
import { createApp } from "../shared/http/app.js";
import { hashToken } from "../shared/http/auth.js";
import type { DuelCommit } from "../shared/ports/duel-repository.js";
import { entriesOf } from "../shared/ports/outbox-store.js";

export const ADMIN_TOKEN = "bench-admin-token";
export const START = "2026-11-30T10:00:00.000Z";

/**
 * A DynamoDB client for DynamoDB Local, as the tests build it. `cacheMiddleware` as the functions'
 * and `npm start`'s clients set it: only for a client whose middleware is all added before its first
 * request (the SDK ignores any added later).
 */
export function localClient(
  endpoint: string,
  options: { readonly cacheMiddleware?: boolean } = {},
): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    ...(options.cacheMiddleware ? { cacheMiddleware: true } : {}),
  });
}

/** The effects committed to the outbox: what the relay will ask of Scheduler and the notifiers. */
export class EffectTally {
  commits = 0;
  /** Outbox entries written (items of the transaction). */
  entries = 0;
  schedule = 0;
  cancel = 0;
  notify = 0;

  add(commit: DuelCommit): void {
    this.commits++;
    for (const entry of commit.outbox) {
      this.entries++;
      for (const { effect } of entriesOf(entry)) {
        if (effect.type === "timers") {
          this.schedule += effect.schedule.length;
          this.cancel += effect.cancel.length;
        } else this.notify++;
      }
    }
  }
}

/** The real store, counting what each commit puts in the outbox once it is written. */
class TallyingStore extends DynamoDbStore {
  constructor(
    options: ConstructorParameters<typeof DynamoDbStore>[0],
    private readonly effects: EffectTally,
  ) {
    super(options);
  }

  override async commit(commit: DuelCommit): Promise<void> {
    await super.commit(commit);
    this.effects.add(commit);
  }
}

export interface RefereeApp {
  readonly app: Hono;
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly requests: RequestCounter;
  readonly effects: EffectTally;
  readonly store: DynamoDbStore;
}

/**
 * A new table of the application's layout. DynamoDB Local serves tables created late in its life
 * markedly slower than the first ones (transactions on a third table took about four times as long
 * as on the first, in the same process), so the bench makes one table and every phase shares it.
 */
export async function createBenchTable(endpoint: string): Promise<string> {
  const client = localClient(endpoint);
  const tableName = `bench-${randomUUID()}`;
  await createTable(client, tableName);
  client.destroy();
  return tableName;
}

/**
 * The real app on a table of DynamoDB Local, assembled as test/support/harness.ts does: real
 * `createApp`, real `DynamoDbStore` and `DuelService`, a manual clock (a post's time is its time
 * in the thread; it starts at START unless told otherwise) and fixed dice. Nothing is mocked; the request counter is an SDK middleware on
 * this app's own client, so each phase counts only its own requests.
 */
export function createRefereeApp(
  endpoint: string,
  tableName: string,
  options: { dice?: readonly [number, number]; start?: string } = {},
): RefereeApp {
  const client = localClient(endpoint);
  const requests = new RequestCounter();
  requests.attach(client);
  const clock = new ManualClock(options.start ?? START);
  const effects = new EffectTally();
  // Sealed with the bench's data keys, so that the functions' cold starts open the forums' secrets
  // through the KMS client, against `startFakeKms` below.
  const secrets = new SecretSealer(benchDataKeys);
  const store = new TallyingStore({ client, tableName, now: () => clock.now(), secrets }, effects);
  const duels = new DuelService({ store, now: () => clock.now() });
  // Attack 1, defence 6: every attack is deflected, so no one ever loses a point.
  const dice = options.dice ?? ([1, 6] as const);
  const app = createApp({
    store,
    access: store.accessStore(),
    duels,
    clock,
    adminTokenHash: hashToken(ADMIN_TOKEN),
    rollDice: () => dice,
    newId: randomUUID,
    log: () => {},
  });
  return { app, client, tableName, requests, effects, store };
}

/** Latency figures of one series, in milliseconds, rounded for the report. */
export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
}

/** The nearest-rank percentile (`p` in 0–100) of a series; 0 for an empty one. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Rounds to `digits` decimals, so the JSON file reads as figures rather than float noise. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function summarize(values: readonly number[]): LatencySummary {
  const mean = values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    count: values.length,
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    p99Ms: round(percentile(values, 99)),
    meanMs: round(mean),
  };
}

/** Times one asynchronous call with the monotonic clock. */
export async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await call();
  return { value, ms: performance.now() - start };
}

/** Requests a client sent, by command name, the time spent in them and the capacity they used. */
export interface RequestTally {
  readonly byCommand: Readonly<Record<string, number>>;
  readonly total: number;
  /** Wall time inside `client.send` (serialisation, HTTP, parsing), summed over requests. */
  readonly ms: number;
  /** The same, by command name. */
  readonly msByCommand: Readonly<Record<string, number>>;
  /** Read and write capacity units DynamoDB (Local) reported, summed: what on-demand bills. */
  readonly capacityUnits: number;
}

export const EMPTY_TALLY: RequestTally = {
  byCommand: {},
  total: 0,
  ms: 0,
  msByCommand: {},
  capacityUnits: 0,
};

/** Commands that only read, and those that write; anything else is reported by name only. */
const READS = new Set(["GetItemCommand", "BatchGetItemCommand", "QueryCommand", "ScanCommand"]);
const WRITES = new Set([
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "TransactWriteItemsCommand",
  "BatchWriteItemCommand",
]);

function unitsOf(consumed: unknown): number {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as ConsumedCapacity[];
  return list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
}

/**
 * Counts every command a DynamoDB client sends, by name, with an SDK middleware at the
 * `initialize` step: one count per `send`, whatever the SDK retries underneath. It also asks
 * item commands for `ReturnConsumedCapacity: TOTAL` (which changes nothing else) to sum the
 * capacity units they cost.
 */
export class RequestCounter {
  private counts = new Map<string, number>();
  private spentMs = 0;
  private spentByCommand = new Map<string, number>();
  private units = 0;

  attach(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "UnknownCommand";
        this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        const input = args.input as Record<string, unknown>;
        if (READS.has(name) || WRITES.has(name)) input.ReturnConsumedCapacity ??= "TOTAL";
        const start = performance.now();
        try {
          const result = await next(args);
          this.units += unitsOf((result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity);
          return result;
        } finally {
          const ms = performance.now() - start;
          this.spentMs += ms;
          this.spentByCommand.set(name, (this.spentByCommand.get(name) ?? 0) + ms);
        }
      },
      { step: "initialize", name: "benchRequestCounter", priority: "high" },
    );
  }

  tally(): RequestTally {
    return {
      byCommand: Object.fromEntries(this.counts),
      total: [...this.counts.values()].reduce((a, b) => a + b, 0),
      ms: this.spentMs,
      msByCommand: Object.fromEntries(this.spentByCommand),
      capacityUnits: this.units,
    };
  }
}

function combine(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
  sign: 1 | -1,
): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const [name, n] of Object.entries(b)) out[name] = (out[name] ?? 0) + sign * n;
  for (const [name, n] of Object.entries(out)) if (n === 0) delete out[name];
  return out;
}

/** What was sent between two tallies. */
export function since(before: RequestTally, after: RequestTally): RequestTally {
  return {
    byCommand: combine(after.byCommand, before.byCommand, -1),
    total: after.total - before.total,
    ms: after.ms - before.ms,
    msByCommand: combine(after.msByCommand, before.msByCommand, -1),
    capacityUnits: after.capacityUnits - before.capacityUnits,
  };
}

/** The sum of two tallies. */
export function plus(a: RequestTally, b: RequestTally): RequestTally {
  return {
    byCommand: combine(a.byCommand, b.byCommand, 1),
    total: a.total + b.total,
    ms: a.ms + b.ms,
    msByCommand: combine(a.msByCommand, b.msByCommand, 1),
    capacityUnits: a.capacityUnits + b.capacityUnits,
  };
}

/** Reads and writes in a tally, by the commands' kind. */
export function readsAndWrites(tally: RequestTally): { reads: number; writes: number } {
  let reads = 0;
  let writes = 0;
  for (const [name, n] of Object.entries(tally.byCommand)) {
    if (READS.has(name)) reads += n;
    else if (WRITES.has(name)) writes += n;
  }
  return { reads, writes };
}

/**
 * The bench's KMS: a data key's "encrypted" form is the key itself. The bench's apps seal the forums'
 * secrets with `benchDataKeys`, and the functions' cold starts open them through the real KMS client
 * against `startFakeKms` (AWS_ENDPOINT_URL_KMS), which answers `Decrypt` with the blob it is given:
 * the request a cold first turn makes to KMS, without AWS.
 */
export const benchDataKeys = echoDataKeys;

export async function startFakeKms(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      const input = JSON.parse(body || "{}") as { CiphertextBlob?: string; KeyId?: string };
      res.setHeader("content-type", "application/x-amz-json-1.1");
      if (target.endsWith(".Decrypt") && input.CiphertextBlob) {
        res.end(
          JSON.stringify({
            Plaintext: input.CiphertextBlob,
            KeyId: input.KeyId,
            EncryptionAlgorithm: "SYMMETRIC_DEFAULT",
          }),
        );
        return;
      }
      res.statusCode = 400;
      res.end(JSON.stringify({ __type: "UnsupportedOperationException", message: target }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const FORUM_ID = "bench";
export const BENCH_SECRET = `whsec_${Buffer.from("bench-secret-of-32-bytes-long!!!").toString("base64")}`;

const REFEREE = { id: "7", name: "Minerva McGonagall" };
const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };

/** A duelist's RP text of 110+ words (R-6.3 asks for 100), the post's number woven in. */
function roleplay(who: string, n: number): string {
  return (
    `${who} s'avance pour la passe numéro ${n}, salue son adversaire d'un bref signe de tête et fait tourner sa baguette entre ses doigts. ` +
    "La salle retient son souffle ; les élèves massés autour de la table murmurent des paris à voix basse. " +
    "Les bougies flottantes vacillent au-dessus des têtes, projetant des ombres mouvantes sur les murs de pierre. " +
    "Un silence épais tombe lorsque l'arbitre lève la main. Chaque geste compte désormais, chaque souffle aussi. " +
    "Le regard fixé sur son adversaire, le duelliste mesure la distance, anticipe la parade, cherche la faille dans la garde adverse. " +
    "Les semaines d'entraînement dans la salle sur demande reviennent en mémoire, les chutes, les éclats de rire, les conseils murmurés. " +
    "Il n'est plus temps d'hésiter : la baguette se lève, précise, et la formule jaillit enfin."
  );
}

async function admin(
  app: Hono,
  method: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The bench's forum, with the generic webhook's secret. */
export async function createForum(app: Hono): Promise<void> {
  await admin(app, "PUT", `/forums/${FORUM_ID}`, {
    name: "Club de duel (banc d'essai)",
    webhookSecrets: { generic: BENCH_SECRET },
    referees: [REFEREE],
    notify: [{ type: "log" }],
  });
}

/** Registers a duel of two adults (50 points each) in thread `threadId` and gives the top. */
export async function startDuel(app: Hono, threadId: number): Promise<string> {
  const created = await admin(app, "POST", "/duels", {
    forumId: FORUM_ID,
    threadId: String(threadId),
    referee: REFEREE,
    duelists: [
      { ...ALICE, year: "adulte" },
      { ...BOB, year: "adulte" },
    ],
    firstDuelistId: ALICE.id,
    dice: "server",
  });
  const duelId = String(created.id);
  await admin(app, "POST", `/duels/${duelId}/commands`, { command: "top" });
  return duelId;
}

/**
 * The `n`-th post (from 0) of a duel: Alice and Bob alternate, each aims a plain attack at the
 * other and switches spell every turn (the same spell twice is spam, R-4.16), so every post is a
 * valid, played turn; with the bench's dice every attack is deflected and the duel never ends.
 */
export function turnPayload(threadId: number, n: number) {
  const [author, target] = n % 2 === 0 ? [ALICE, BOB] : [BOB, ALICE];
  const spell = Math.floor(n / 2) % 2 === 0 ? "Rictusempra" : "Diffindo";
  const at = new Date(Date.parse(START) + (n + 1) * 60_000).toISOString();
  const content = `${roleplay(author.name, n + 1)}\n[duel]\nSort : ${spell}\nCible : ${target.name}\nZone : torse\nPari : 4\n[/duel]`;
  return {
    type: "post.created",
    timestamp: at,
    data: {
      threadId: String(threadId),
      postId: String(threadId * 1_000_000 + n + 1),
      author,
      createdAt: at,
      format: "bbcode",
      content,
    },
  };
}

/** A signed Standard Webhooks delivery, ready to send (signing is the sender's work, not timed). */
export interface SignedDelivery {
  readonly path: string;
  readonly init: RequestInit;
}

export function signedDelivery(payload: unknown, forumId = FORUM_ID): SignedDelivery {
  const body = JSON.stringify(payload);
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  return {
    path: `/webhooks/${forumId}/generic`,
    init: {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new Webhook(BENCH_SECRET).sign(id, now, body),
      },
      body,
    },
  };
}

/** Sends a delivery through `app.request()`: the answer, and the time until its body was read. */
export async function deliver(
  app: Hono,
  delivery: SignedDelivery,
): Promise<{ status: number; result: unknown; ms: number }> {
  const start = performance.now();
  const res = await app.request(delivery.path, delivery.init);
  const body = (await res.json()) as { result?: unknown };
  return { status: res.status, result: body.result, ms: performance.now() - start };
}

/** Sends the `n`-th turn of a duel and insists it was applied: a bench of refused posts measures nothing. */
export async function playTurn(app: Hono, threadId: number, n: number): Promise<number> {
  const answer = await deliver(app, signedDelivery(turnPayload(threadId, n)));
  if (answer.status !== 200 || answer.result !== "applied") {
    throw new Error(`thread ${threadId}, post ${n + 1}: ${answer.status} ${String(answer.result)}`);
  }
  return answer.ms;
}

/** Reads a duel through the API, to check the bench's duels went as planned. */
export async function duelView(app: Hono, duelId: string): Promise<Record<string, unknown>> {
  const res = await app.request(`/duels/${duelId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  return (await res.json()) as Record<string, unknown>;
}
