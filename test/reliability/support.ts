import { mkdirSync, writeFileSync } from "node:fs";
import {
  type AttributeValue,
  DeleteTableCommand,
  type DynamoDBClient,
  ScanCommand,
} from "@aws-sdk/client-dynamodb";
import type { Hono } from "hono";
import { afterAll, expect } from "vitest";
import type { ManualClock } from "../../infra/local/clock.js";
import { MemoryStore } from "../../shared/adapters/memory/memory-store.js";
import { hashToken } from "../../shared/http/auth.js";
import { discourseFixture, sendDiscourse, withPost } from "../support/discourse.js";
import { type AuditEvent, DUEL_BODY, postPayload, registerAndTop, turnContent } from "../support/duels.js";
import {
  createHarness,
  type Harness,
  type MemoryHarness,
  memoryHarness,
  pipelineOn,
  type Table,
} from "../support/harness.js";
import { ADMIN_TOKEN, DISCOURSE_SECRET, GENERIC_SECRET, type Requests } from "../support/requests.js";

// ---------------------------------------------------------------------------------------------
// What the suite saw: every log line and every response body, scanned for secrets at the end.
// ---------------------------------------------------------------------------------------------

/** Every log line of the apps and relays of this test file, and every response body they gave. */
export const seen = { logLines: [] as string[], bodies: [] as string[] };

/** The secrets every file looks for; a file adds its own with `secret`. */
const EVERY_FILE: readonly (readonly [string, string])[] = [
  ["admin token", ADMIN_TOKEN],
  ["admin token hash (the CSRF key)", hashToken(ADMIN_TOKEN)],
  ["generic webhook secret", GENERIC_SECRET],
  ["generic webhook key", GENERIC_SECRET.slice("whsec_".length)],
  ["Discourse secret", DISCOURSE_SECRET],
];

/** The secrets that must never appear in a response or a log line. More are added by tests. */
const secrets = new Map<string, string>(EVERY_FILE);

/** Declares one more secret to look for (another forum's, a channel URL's token). */
export function secret(name: string, value: string): string {
  secrets.set(name, value);
  return value;
}

/** A capturing logger for `createApp`, the relay and the scheduler. */
export function captureLog(line: Record<string, unknown> | string): void {
  seen.logLines.push(typeof line === "string" ? line : JSON.stringify(line));
}

/** Records the body of every answer of `app.request`, which the harness's helpers use too. */
export function recordAnswers(app: Hono): void {
  const request = app.request;
  app.request = async (...args: Parameters<typeof request>) => {
    const res = await request(...args);
    seen.bodies.push(await res.clone().text());
    return res;
  };
}

/**
 * The app on the memory store, its log lines and answers recorded: for a property whose bulk
 * needs no DynamoDB (the store contract suite proves the two stores alike), beside a sample on
 * `recordedHarness`.
 */
export async function recordedMemoryHarness(
  options: Parameters<typeof memoryHarness>[0] = {},
): Promise<MemoryHarness> {
  const h = await memoryHarness({ ...options, log: captureLog });
  recordAnswers(h.app);
  return h;
}

/** Tables made by this file's harnesses, dropped after the file. */
const tables: Pick<Harness, "client" | "tableName">[] = [];

/** The test harness (real app, DynamoDB Local) with its log lines and answers recorded. */
export async function recordedHarness(options: Parameters<typeof createHarness>[0] = {}): Promise<Harness> {
  const h = await createHarness({ ...options, log: captureLog });
  recordAnswers(h.app);
  tables.push(h);
  return h;
}

/**
 * Another process (`pipelineOn`) on `table` (the harness's, or one of the test's own: another
 * DynamoDB Local, a client that fails on purpose), logging to the capture, its answers recorded.
 */
export function recordedProcess(table: Table, clock: ManualClock) {
  const process = pipelineOn(table, clock, { log: captureLog });
  recordAnswers(process.app);
  return process;
}

/**
 * After every test of the file: no secret in any log line or response body it produced, and its
 * tables dropped. Registered once per file; the worker keeps this module for the next file, so the
 * scan then empties what it read and forgets the file's own secrets.
 */
export function afterTheFile(file: string): void {
  afterAll(async () => {
    for (const h of tables.splice(0)) await dropTable(h);
  });
  afterAll(() => {
    const found: string[] = [];
    for (const [name, value] of secrets) {
      if (seen.logLines.some((l) => l.includes(value))) found.push(`${name} in a log line`);
      if (seen.bodies.some((b) => b.includes(value))) found.push(`${name} in a response`);
    }
    report(`${file} secret scan`, {
      logLines: seen.logLines.length,
      responses: seen.bodies.length,
      secretsLookedFor: secrets.size,
      found: found.length,
    });
    seen.logLines.length = 0;
    seen.bodies.length = 0;
    secrets.clear();
    for (const [name, value] of EVERY_FILE) secrets.set(name, value);
    expect(found).toEqual([]);
  });
}

// ---------------------------------------------------------------------------------------------
// Figures: printed, and kept in test-artifacts/reliability/ for docs/RELIABILITY.md.
// ---------------------------------------------------------------------------------------------

const ARTIFACTS = new URL("../../test-artifacts/reliability/", import.meta.url);

/** Prints a figure line (`[reliability] name: k=v …`) and keeps it as JSON beside the others. */
export function report(name: string, figures: Record<string, string | number | boolean>): void {
  const line = Object.entries(figures)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
  console.log(`[reliability] ${name}: ${line}`);
  try {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = new URL(`${name.replace(/[^A-Za-z0-9-]+/g, "-")}.json`, ARTIFACTS);
    writeFileSync(file, `${JSON.stringify({ name, at: new Date().toISOString(), ...figures }, null, 2)}\n`);
  } catch {
    // Figures on the console are enough when the directory cannot be written.
  }
}

/** Milliseconds since `start`, rounded. */
export function since(start: number): number {
  return Math.round(performance.now() - start);
}

// ---------------------------------------------------------------------------------------------
// Randomness with a printed seed (RELIABILITY_SEED=… replays a run), and a concurrency pool.
// ---------------------------------------------------------------------------------------------

/** The seed of this run's random orders (printed by the tests): RELIABILITY_SEED, a fixed one by default. */
// Fixed by default so CI is reproducible; RELIABILITY_SEED=random explores new orders.
export const SEED =
  process.env.RELIABILITY_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.RELIABILITY_SEED ?? 1057933932);

/** A small seeded PRNG (mulberry32): floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Runs `run` over `items`, at most `width` at a time; results in the items' order. */
export async function inPool<T, R>(
  items: readonly T[],
  width: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await run(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Duels and their threads.
// ---------------------------------------------------------------------------------------------

/** Two adults (50 points each), so twenty turns do not end the duel and every post stays in the log. */
export const ALICE = { id: "42", name: "Alice Dubois" };
export const BOB = { id: "43", name: "Bob Martin" };

/** Spells that any adult may cast, each with its own verdict (damage, disarm, no attack…). */
export const SPELLS = [
  "Incendio",
  "Expelliarmus",
  "Rictusempra",
  "Diffindo",
  "Glacius",
  "Colloshoo",
  "Confundo",
  "Protego",
  "Finite Incantatem",
] as const;

/** Registers the duel of `threadId` between two adults (forum `poudlard`, which must exist) and tops it. */
export function openDuel(
  h: Pick<Requests, "admin">,
  threadId: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return registerAndTop(h, {
    ...DUEL_BODY,
    threadId,
    duelists: [
      { ...ALICE, year: "adulte" },
      { ...BOB, year: "adulte" },
    ],
    ...extra,
  });
}

/** A post of a duel's thread, as a forum would describe it. */
export interface ThreadPost {
  readonly threadId: string;
  readonly postId: string;
  readonly author: { readonly id: string; readonly name: string };
  readonly createdAt: string;
  readonly content: string;
  /** The forum's dice (used by duels in `forum` dice mode). */
  readonly dice: readonly [number, number];
}

/**
 * `count` turns of a duel's thread, Alice and Bob in turn from `start`, `gapMinutes` apart, each a
 * valid block with a random spell and random dice. Post ids are numeric and increase in the thread.
 */
export function threadPosts(
  random: () => number,
  p: { threadId: string; firstPostId: number; count: number; start: string; gapMinutes: number },
): ThreadPost[] {
  return Array.from({ length: p.count }, (_, i) => {
    const author = i % 2 === 0 ? ALICE : BOB;
    const target = i % 2 === 0 ? BOB : ALICE;
    const spell = SPELLS[between(random, 0, SPELLS.length - 1)] ?? "Glacius";
    return {
      threadId: p.threadId,
      postId: String(p.firstPostId + i),
      author,
      createdAt: new Date(Date.parse(p.start) + (i + 1) * p.gapMinutes * 60_000).toISOString(),
      content: turnContent(target.name, spell),
      dice: [between(random, 1, 6), between(random, 1, 6)] as const,
    };
  });
}

/** The generic webhook's payload of a thread post, with the forum's dice. */
export function genericPayload(post: ThreadPost) {
  const payload = postPayload({ ...post, author: { ...post.author } });
  return { ...payload, data: { ...payload.data, dice: [...post.dice] } };
}

/** A generic delivery of a post under a given `webhook-id`; answers `{status, body}`. */
export function deliverGeneric(h: Pick<Harness, "generic">, post: ThreadPost, webhookId: string) {
  return h.generic(genericPayload(post), { id: webhookId });
}

/** A Discourse `post_created` delivery of a post under a given `X-Discourse-Event-Id`. */
export function deliverDiscourse(h: MemoryHarness, post: ThreadPost, eventId: string) {
  const fixture = withPost(
    discourseFixture("post_created"),
    {
      id: Number(post.postId),
      topic_id: Number(post.threadId),
      user_id: Number(post.author.id),
      username: post.author.name.toLowerCase().replace(/\s+/g, "_"),
      name: post.author.name,
      raw: post.content,
      created_at: post.createdAt,
      updated_at: post.createdAt,
    },
    { "X-Discourse-Event-Id": eventId },
  );
  return sendDiscourse(h, fixture);
}

/** API commands without an Idempotency-Key get a random input id: the same decision in two runs. */
const RANDOM_INPUT_ID = /^r\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}#/;

/** What a duel is: its view (CONTRACT.md 6.1) and its audit log, comparable across runs. */
export async function duelSnapshot(h: Pick<MemoryHarness, "admin" | "store">, duelId: string) {
  const view = await h.admin("GET", `/duels/${duelId}`);
  if (view.status !== 200) throw new Error(`GET ${duelId}: ${view.status}`);
  const audit = await h.admin("GET", `/duels/${duelId}/events`);
  const events = (audit.body.events as AuditEvent[]).map((e) => ({
    ...e,
    id: e.id.replace(RANDOM_INPUT_ID, "r.*#"),
  }));
  // The post marks, kept apart from the snapshot: edits and duplicates are judged by them.
  const marks = await h.store.listPostMarks(duelId);
  return { view: view.body, events, marks };
}

/** The audit events of a duel that name a post, counted by post id. */
export function recordedPosts(events: readonly AuditEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.type !== "post.recorded" || typeof e.postId !== "string") continue;
    counts.set(e.postId, (counts.get(e.postId) ?? 0) + 1);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// The table itself.
// ---------------------------------------------------------------------------------------------

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Every item of the table, each as canonical JSON, sorted: two scans compare as strings. */
export async function tableItems(client: DynamoDBClient, tableName: string): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) items.push(JSON.stringify(canonical(item)));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

/** A value with its Maps and Sets as sorted entries and its keys sorted: two snapshots compare as JSON. */
function plain(value: unknown): unknown {
  if (value instanceof Map) {
    return [...value.entries()]
      .map(([k, v]) => [k, plain(v)] as const)
      .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
  }
  if (value instanceof Set) return [...value].map(plain).sort();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, plain((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Everything a harness's store holds, comparable across time: its table's items, or its memory. */
export async function storedState(h: Harness | MemoryHarness): Promise<string[]> {
  if (h.store instanceof MemoryStore) {
    return Object.entries(h.store.tables).map(([name, table]) => JSON.stringify([name, plain(table)]));
  }
  if (!("tableName" in h)) throw new Error("a harness on neither DynamoDB nor the memory store");
  return tableItems(h.client, h.tableName);
}

/** Drops the table of a harness made by `recordedHarness`; a memory harness has none. */
export async function release(h: MemoryHarness): Promise<void> {
  const table = tables.find((t) => (t as object) === h);
  if (table) await dropTable(table);
}

/**
 * Drops a harness's table. DynamoDB Local slows down with every table it keeps (each has a stream
 * it maintains on every write), so a suite that makes many tables drops them once done with them.
 */
export async function dropTable(h: Pick<Harness, "client" | "tableName">): Promise<void> {
  const at = tables.indexOf(h);
  if (at >= 0) tables.splice(at, 1);
  await h.client.send(new DeleteTableCommand({ TableName: h.tableName }));
}
