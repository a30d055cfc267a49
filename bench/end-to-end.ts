import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Hono } from "hono";
import { createLogger, logLine } from "../shared/observability/logger.js";
import { createMetricSink } from "../shared/observability/metrics.js";
import { putFloorForum } from "./latency.js";
import {
  BENCH_SECRET,
  createBenchTable,
  createForum,
  FORUM_ID,
  type LatencySummary,
  localClient,
  median,
  round,
  type SignedDelivery,
  signedDelivery,
  startDuel,
  summarize,
  turnPayload,
} from "./referee-app.js";

const SERVER = fileURLToPath(new URL("./e2e-server.ts", import.meta.url));

export interface EndToEndResult {
  /** node:http, one GetItem, the signature, one PutItem (bench/e2e-server.ts `floor`). */
  readonly floor: LatencySummary;
  /** `npm start`'s app (bench/e2e-server.ts `ours`). */
  readonly ours: LatencySummary;
  readonly ratioP50: number;
  readonly posts: number;
  /** Lines our server wrote to stdout per measured post (its log lines; hiboux are muted). */
  readonly logLinesPerPost: number;
  /** One log line of the functions' logger (JSON, its write left out), µs, median of batches. */
  readonly logLineUs: number;
  /** One metric point of the functions' sink (an EMF line of its own), µs, median of batches. */
  readonly metricPointUs: number;
  /**
   * With `relayBlocks`: our posts while the relay ran (`ours` is then those) and while it was
   * paused, in alternate blocks of that many posts, each against the floor posts beside it.
   */
  readonly relayPaused?: LatencySummary;
  readonly relayPausedRatioP50?: number;
  /**
   * DynamoDB requests per measured post, by operation and what they touch: our server's process
   * (the request path, the relay and the scheduler together) and the floor server's.
   */
  readonly requestsPerPost: { readonly ours: Record<string, number>; readonly floor: Record<string, number> };
  /** CPU time of each server's process per measured post (ms; ours with its relay's work). */
  readonly cpuMsPerPost: { readonly ours: number; readonly floor: number };
}

export interface ServerCounts {
  readonly requests: Record<string, number>;
  /** User and system CPU time of the server's process so far. */
  readonly cpuMs: number;
}

export interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  lines: number;
  /** Every DynamoDB request the server's process sent so far, by kind (`request-kinds.ts`), and its CPU time. */
  counts(): Promise<ServerCounts>;
}

/** One of `e2e-server.ts`'s servers in a process of its own (`script`: another tree's copy of it). */
export async function startServer(
  mode: "ours" | "floor",
  endpoint: string,
  tableName: string,
  relay: "running" | "toggle" = "running",
  script = SERVER,
): Promise<Server> {
  const child = spawn(
    process.execPath,
    [...nodeFlags(mode), "--import", "tsx", script, mode, endpoint, tableName],
    {
      env: {
        ...process.env,
        LOG_LEVEL: "INFO",
        POWERTOOLS_DEV: "",
        HIBOUX_LOG_TEXTS: "0",
        ...(relay === "toggle" ? { E2E_RELAY: "toggle" } : {}),
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let err = "";
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const asked: ((counts: ServerCounts) => void)[] = [];
  const counts = () =>
    new Promise<ServerCounts>((resolve) => {
      asked.push(resolve);
      child.stdin?.write("counts\n");
    });
  return new Promise((resolve, reject) => {
    let buffered = "";
    let server: Server | undefined;
    child.stdout?.on("data", (d: Buffer) => {
      buffered += d.toString();
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        const url = /^LISTENING (\S+)/.exec(line)?.[1];
        if (line.startsWith("COUNTS ")) asked.shift()?.(JSON.parse(line.slice(7)) as ServerCounts);
        else if (server) server.lines++;
        else if (url) {
          server = { url, child, lines: 0, counts };
          resolve(server);
        }
      }
    });
    child.once("exit", (code) => reject(new Error(`${mode} server exited (${code}): ${err}`)));
  });
}

/** `E2E_PROFILE=<dir>`: our server's process writes a CPU profile there when it exits. */
function nodeFlags(mode: "ours" | "floor"): string[] {
  const dir = process.env.E2E_PROFILE;
  return dir && mode === "ours" ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** The helpers of duel-posts.ts speak to a Hono app: this one forwards to a server over HTTP. */
export function overHttp(base: string): Hono {
  return { request: (path: string, init?: RequestInit) => fetch(`${base}${path}`, init) } as unknown as Hono;
}

export async function post(base: string, delivery: SignedDelivery): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${base}${delivery.path}`, delivery.init);
  const body = (await res.json()) as { result?: unknown };
  const ms = performance.now() - start;
  if (res.status !== 200 || body.result !== "applied") {
    throw new Error(`${base}${delivery.path}: ${res.status} ${JSON.stringify(body)}`);
  }
  return ms;
}

/** Median µs of `call` over batches of `n`, with stdout muted (what a line costs, not the terminal). */
function perCall(call: () => void, n = 2000, batches = 7): number {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    const times: number[] = [];
    for (let b = 0; b < batches; b++) {
      const start = performance.now();
      for (let i = 0; i < n; i++) call();
      times.push(((performance.now() - start) * 1000) / n);
    }
    return round(median(times), 2);
  } finally {
    process.stdout.write = write;
  }
}

/**
 * Signed webhook posts over HTTP, in turn to our local server and to the floor server (each its own
 * process, both on the bench's DynamoDB Local), request by request, after a warm-up; each timed
 * from the request to its answer's body read. Our posts go round-robin to `duels` duels.
 */
export async function measureEndToEnd(
  endpoint: string,
  options: {
    warmup: number;
    measured: number;
    duels: number;
    firstThread: number;
    relayBlocks?: number;
    /** Our server's relay never runs (its entries wait): the request path's own cost. */
    relayOff?: boolean;
  },
): Promise<EndToEndResult> {
  // A table of its own: our server seals the forum's secrets with its own process's key, which the
  // other phases' apps could not open on a forum they share.
  const tableName = await createBenchTable(endpoint);
  const client = localClient(endpoint);
  await putFloorForum(client, tableName, FORUM_ID, BENCH_SECRET);
  client.destroy();
  const [ours, floor] = await Promise.all([
    startServer("ours", endpoint, tableName, options.relayBlocks || options.relayOff ? "toggle" : "running"),
    startServer("floor", endpoint, tableName),
  ]);
  try {
    const app = overHttp(ours.url);
    await createForum(app);
    const threads = (first: number) => Array.from({ length: options.duels }, (_, i) => first + i);
    const warmupThreads = threads(options.firstThread);
    const measuredThreads = threads(options.firstThread + options.duels);
    for (const thread of [...warmupThreads, ...measuredThreads]) await startDuel(app, thread);
    const played = new Map<number, number>();
    const ourPost = (list: readonly number[], i: number) => {
      const thread = list[i % list.length] ?? options.firstThread;
      const n = played.get(thread) ?? 0;
      played.set(thread, n + 1);
      return post(ours.url, signedDelivery(turnPayload(thread, n)));
    };
    const floorPost = (i: number) => post(floor.url, signedDelivery(turnPayload(options.firstThread, i)));

    const relay = (on: boolean) => ours.child.stdin?.write(on ? "relay on\n" : "relay off\n");
    if (options.relayBlocks) relay(true);
    for (let i = 0; i < options.warmup; i++) {
      await floorPost(i);
      await ourPost(warmupThreads, i);
    }
    const linesBefore = ours.lines;
    const [oursBefore, floorBefore] = await Promise.all([ours.counts(), floor.counts()]);
    const floorMs: number[] = [];
    const oursMs: number[] = [];
    const floorPausedMs: number[] = [];
    const pausedMs: number[] = [];
    for (let i = 0; i < options.measured; i++) {
      const block = options.relayBlocks ? Math.floor(i / options.relayBlocks) : 0;
      if (options.relayBlocks && i % options.relayBlocks === 0) relay(block % 2 === 0);
      const running = block % 2 === 0;
      (running ? floorMs : floorPausedMs).push(await floorPost(options.warmup + i));
      (running ? oursMs : pausedMs).push(await ourPost(measuredThreads, i));
    }
    // The relay's work for the last posts, which runs after their answers, is counted with them.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const [oursAfter, floorAfter] = await Promise.all([ours.counts(), floor.counts()]);
    const logLines = ours.lines - linesBefore;
    const floorSummary = summarize(floorMs);
    const oursSummary = summarize(oursMs);
    const paused =
      pausedMs.length > 0
        ? {
            relayPaused: summarize(pausedMs),
            relayPausedRatioP50: round(summarize(pausedMs).p50Ms / summarize(floorPausedMs).p50Ms, 3),
          }
        : {};

    const log = logLine(createLogger("duel-referee-bench", { LOG_LEVEL: "INFO" }, () => {}));
    const sink = createMetricSink("duel-referee-bench", {});
    return {
      floor: floorSummary,
      ours: oursSummary,
      ratioP50: round(oursSummary.p50Ms / floorSummary.p50Ms, 3),
      ...paused,
      posts: options.measured,
      requestsPerPost: {
        ours: perPost(oursBefore.requests, oursAfter.requests, options.measured),
        floor: perPost(floorBefore.requests, floorAfter.requests, options.measured),
      },
      cpuMsPerPost: {
        ours: round((oursAfter.cpuMs - oursBefore.cpuMs) / options.measured, 2),
        floor: round((floorAfter.cpuMs - floorBefore.cpuMs) / options.measured, 2),
      },
      logLinesPerPost: round(logLines / options.measured, 2),
      logLineUs: perCall(() =>
        log({
          level: "info",
          msg: "delivery handled",
          forumId: "bench",
          duelId: "bench.1",
          result: "applied",
        }),
      ),
      metricPointUs: perCall(() =>
        sink([{ name: "TurnsApplied", unit: "Count", value: 1, dimensions: { sender: "generic" } }]),
      ),
    };
  } finally {
    ours.child.kill();
    floor.child.kill();
  }
}

/** The phase as lines of `npm run bench`'s report. */
export function printableEndToEnd(r: EndToEndResult): string {
  return [
    `End to end over HTTP (${r.posts} signed posts each, in turn): floor p50 ${r.floor.p50Ms} ms (p95 ${r.floor.p95Ms}), ours p50 ${r.ours.p50Ms} ms (p95 ${r.ours.p95Ms}), ratio ${r.ratioP50}`,
    ...(["ours", "floor"] as const).map((side) => {
      const kinds = r.requestsPerPost[side];
      const total = Math.round(Object.values(kinds).reduce((a, b) => a + b, 0) * 100) / 100;
      const list = Object.entries(kinds)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(", ");
      return `  DynamoDB requests per post, ${side === "ours" ? "our server (request path, relay, scheduler)" : "the floor server"}: ${total} (${list})`;
    }),
    `  CPU per post: our server's process ${r.cpuMsPerPost.ours} ms, the floor server's ${r.cpuMsPerPost.floor} ms`,
    `  our server's log lines per post ${r.logLinesPerPost}; one log line ${r.logLineUs} µs, one metric point ${r.metricPointUs} µs (stdout muted)`,
    ...(r.relayPaused
      ? [
          `  the relay paused (alternate blocks): ours p50 ${r.relayPaused.p50Ms} ms (p95 ${r.relayPaused.p95Ms}), ratio ${r.relayPausedRatioP50}; running: ratio ${r.ratioP50}`,
        ]
      : []),
  ].join("\n");
}

type AttributeMap = Record<string, { S?: string } | undefined>;

/** What an item's partition key says it is: a duel's item (which sort key), a forum, a timer… */
function itemKind(key: AttributeMap | undefined): string {
  const pk = key?.pk?.S ?? "";
  const sk = key?.sk?.S ?? "";
  if (pk.startsWith("DUEL#")) {
    if (sk.startsWith("OUT#")) return "outbox entry";
    if (sk.startsWith("IN#")) return "input";
    if (sk.startsWith("POST#")) return "post mark";
    return sk.toLowerCase();
  }
  if (pk.startsWith("FORUM#")) return sk === "CONFIG" ? "forum" : "club record";
  if (pk.startsWith("TIMER#")) return "timer";
  if (pk.startsWith("ACCOUNTS#")) return "account";
  return pk.split("#")[0]?.toLowerCase() || "other";
}

/** A request named by its operation and what it touches: `PutItem timer`, `TransactWriteItems (4 items)`. */
export function requestKind(command: string, input: Record<string, unknown>): string {
  const op = command.replace(/Command$/, "");
  switch (op) {
    case "PutItem":
      return `${op} ${itemKind(input.Item as AttributeMap)}`;
    case "GetItem":
    case "DeleteItem":
    case "UpdateItem":
      return `${op} ${itemKind(input.Key as AttributeMap)}`;
    case "Query": {
      const values = input.ExpressionAttributeValues as AttributeMap | undefined;
      const partition = values?.[":gpk"]?.S ?? values?.[":pk"]?.S ?? "";
      return `${op} ${input.IndexName ? `index ${partition.toLowerCase()}` : itemKind({ pk: { S: partition } })}`;
    }
    case "BatchGetItem": {
      const tables = Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: AttributeMap[] }>);
      return `${op} (${joinKinds(tables.flatMap((t) => (t.Keys ?? []).map(itemKind)))})`;
    }
    case "BatchWriteItem": {
      const tables = Object.values((input.RequestItems ?? {}) as Record<string, unknown[]>);
      return `${op} (${tables.reduce((n, t) => n + t.length, 0)} items)`;
    }
    case "TransactWriteItems": {
      const items = (input.TransactItems ?? []) as Record<
        string,
        { Item?: AttributeMap; Key?: AttributeMap }
      >[];
      const kinds = items.map((item) => {
        const [action, body] = Object.entries(item)[0] ?? ["?", {}];
        const kind = itemKind(body.Item ?? body.Key);
        return action === "Put" ? kind : `${action} ${kind}`;
      });
      return `${op} (${joinKinds(kinds)})`;
    }
    default:
      return op;
  }
}

/** Kinds joined by « + », a kind repeated more than twice in a row as `n × kind`. */
function joinKinds(kinds: readonly string[]): string {
  const runs: { kind: string; n: number }[] = [];
  for (const kind of kinds) {
    const last = runs.at(-1);
    if (last?.kind === kind) last.n++;
    else runs.push({ kind, n: 1 });
  }
  return runs
    .flatMap(({ kind, n }) => (n > 2 ? [`${n} × ${kind}`] : Array<string>(n).fill(kind)))
    .join(" + ");
}

/**
 * Counts every request a client sends by `requestKind` (one count per `send`, whatever the SDK
 * retries underneath): a server's requests per post, by operation and by what they touch.
 */
export function countRequestKinds(client: DynamoDBClient): () => Record<string, number> {
  const counts = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const kind = requestKind(context.commandName ?? "Unknown", args.input as Record<string, unknown>);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      return next(args);
    },
    { step: "initialize", name: "benchRequestKinds", priority: "high" },
  );
  return () => Object.fromEntries(counts);
}

/** What was counted between two readings, per post, sorted by count. */
export function perPost(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
  posts: number,
): Record<string, number> {
  const rows = Object.entries(after)
    .map(([kind, n]) => [kind, Math.round(((n - (before[kind] ?? 0)) / posts) * 100) / 100] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return Object.fromEntries(rows);
}
