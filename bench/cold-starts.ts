import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";
import { BUNDLE, CODE_CACHED, esbuildOptions } from "../infra/cdk/bundling.js";
import { runModuleScript, stageCodeCachedBundle, writeFunctionCodeCache } from "../infra/cdk/code-cache.js";
import { DEFAULT_OBSERVABILITY, observabilityEnvironment } from "../infra/cdk/observability.js";
import { FUNCTION_ENTRIES, PROJECT_ROOT } from "../infra/cdk/paths.js";
import {
  createBenchTable,
  createForum,
  createRefereeApp,
  median,
  round,
  START,
  signedDelivery,
  startDuel,
  startFakeKms,
  turnPayload,
} from "./referee-app.js";

/** The thread of the duel the timer's cold start reads; no other phase uses it. */
const COLD_THREAD = 4000;
/** The first of the threads whose duels get their first turn from a cold webhook function. */
const COLD_DELIVERY_THREADS = 4100;

/**
 * The yardstick of the webhook's first turn, bundled as the functions are: the turn's two DynamoDB
 * requests through the SDK alone (bench/dynamodb-sdk-handler.ts).
 */
const DYNAMODB_SDK = {
  entry: fileURLToPath(new URL("./dynamodb-sdk-handler.ts", import.meta.url)),
  request:
    "a first turn's BatchGetItem and TransactWriteItems through @aws-sdk/client-dynamodb, nothing else",
} as const;

/** A function bundled and given its code cache as the stack's bundling does (lambdaBundling). */
async function deployedBundle(name: (typeof FUNCTIONS)[number], outdir: string): Promise<Bundle> {
  const built = await codeCachedBundle(name, FUNCTION_ENTRIES[name], outdir);
  await writeFunctionCodeCache(join(outdir, name), name);
  return built;
}

/** The functions, in the order the report lists them. */
const FUNCTIONS = ["webhook", "http", "timer", "relay"] as const;

export interface FunctionBundle extends Omit<Bundle, "file" | "entry"> {
  readonly coldStartMs: number;
  readonly importMs: number;
  readonly handleMs: number;
  readonly cpuMs: number;
  /** Instructions run (median), when counted (INSTRUCTIONS=1). */
  readonly instructions?: number;
  /** What the one request of the cold start was. */
  readonly request: string;
}

export interface BundlesResult {
  readonly bundles: readonly FunctionBundle[];
  /** The yardstick of the first turn: the SDK alone (`dynamodb-sdk`). */
  readonly references: readonly FunctionBundle[];
  readonly runs: number;
}

/**
 * What Lambda sets, dummy where AWS would give a real value, and what the stack gives every function
 * (infra/cdk/constructs/duel-function.ts) in its default observability tier (no custom metrics, no
 * X-Ray in `basic`); DynamoDB is the bench's Local.
 */
function lambdaEnvironment(
  name: string,
  endpoint: string,
  own: Record<string, string>,
  kmsEndpoint = "http://127.0.0.1:9",
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    POWERTOOLS_SERVICE_NAME: `duel-referee-${name}`,
    LOG_LEVEL: "INFO",
    ...observabilityEnvironment(DEFAULT_OBSERVABILITY),
    AWS_REGION: "eu-west-3",
    AWS_DEFAULT_REGION: "eu-west-3",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    AWS_EC2_METADATA_DISABLED: "true",
    AWS_LAMBDA_FUNCTION_NAME: `DuelReferee-${name}`,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_ENDPOINT_URL_KMS: kmsEndpoint,
    SECRETS_KEY_ARN: "arn:aws:kms:eu-west-3:123456789012:key/00000000-0000-0000-0000-000000000000",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    ...own,
  };
}

/**
 * Each function bundled as deployed, and its cold start: a fresh `node` that imports the bundle and
 * handles one request — the webhook and HTTP functions `GET /healthz` (the cold start
 * alone), the webhook function also a real first request (a signed post, the first turn of a duel),
 * the timer a stale firing of a real duel (one read), the relay a sweep of an empty outbox (one
 * query) — against the SDK alone making a first turn's two requests (`dynamodb-sdk`).
 */
export async function measureBundles(
  endpoint: string,
  tableName: string,
  runs: number,
  options: {
    /** The cold start cases to run (by name); all of them when absent. */
    readonly only?: readonly string[];
    /** Leaves the bundles in their temporary folder (said on stderr), for profiling. */
    readonly keep?: boolean;
    /** Node flags of each cold start's process (e.g. `--cpu-prof`). */
    readonly execArgv?: readonly string[];
  } = {},
): Promise<BundlesResult> {
  const outdir = mkdtempSync(join(tmpdir(), "duel-bench-"));
  const kms = await startFakeKms();
  const env = (name: string, own: Record<string, string>) =>
    lambdaEnvironment(name, endpoint, own, kms.endpoint);
  try {
    const built = {
      // As deployed: the code-cached form, its cache written as the stack's bundling writes it.
      webhook: await deployedBundle("webhook", outdir),
      http: await deployedBundle("http", outdir),
      timer: await deployedBundle("timer", outdir),
      relay: await deployedBundle("relay", outdir),
      "dynamodb-sdk": await bundle("dynamodb-sdk", DYNAMODB_SDK.entry, outdir),
    };

    // A duel of the bench's table for the timer, an empty table for the relay (the bench's has an
    // outbox nobody drains): each cold start reads for real.
    const withDuel = createRefereeApp(endpoint, tableName);
    await createForum(withDuel.app);
    const duelId = await startDuel(withDuel.app, COLD_THREAD);
    const emptyTable = await createBenchTable(endpoint);
    const timer = {
      name: `${duelId}.reply-deadline.0.bench`,
      duelId,
      kind: "reply-deadline",
      at: START,
      ref: "0",
    };

    // A webhook function's real first request: the first turn of a duel of its own (so each cold
    // start does the same work), signed just before it is sent. The duels start now, on the system
    // clock the functions run on.
    const fresh = createRefereeApp(endpoint, tableName, { start: new Date().toISOString() });
    const deliveryThreads: number[] = [];
    // The first turn once per round, and once more to warm the page cache.
    for (let i = 0; i <= runs + 1; i++) {
      deliveryThreads.push(COLD_DELIVERY_THREADS + i);
      await startDuel(fresh.app, COLD_DELIVERY_THREADS + i);
    }
    const firstTurn = () => {
      const thread = deliveryThreads.shift();
      if (thread === undefined) throw new Error("no duel left for a cold delivery");
      const now = new Date().toISOString();
      const payload = turnPayload(thread, 0);
      const delivery = signedDelivery({
        ...payload,
        timestamp: now,
        data: { ...payload.data, createdAt: now },
      });
      return httpApiEvent("POST", delivery.path, {
        routeKey: "ANY /webhooks/{proxy+}",
        headers: delivery.init.headers as Record<string, string>,
        body: String(delivery.init.body),
      });
    };

    const healthz = () => httpApiEvent("GET", "/healthz");
    const cases: (ColdCase & { request: string })[] = [
      {
        name: "webhook",
        file: built.webhook.file,
        event: healthz,
        expect: "res.statusCode === 200",
        env: env("webhook", { TABLE_NAME: withDuel.tableName }),
        request: "GET /healthz",
      },
      {
        name: "webhook-turn",
        file: built.webhook.file,
        event: firstTurn,
        expect: 'res.statusCode === 200 && JSON.parse(res.body).result === "applied"',
        env: env("webhook", { TABLE_NAME: withDuel.tableName }),
        request: "a signed post, the first turn of a duel (BatchGetItem, TransactWriteItems)",
      },
      {
        name: "http",
        file: built.http.file,
        event: healthz,
        expect: "res.statusCode === 200",
        env: env("http", {
          TABLE_NAME: withDuel.tableName,
          ADMIN_TOKEN_PARAMETER: "/DuelReferee/admin-token",
        }),
        request: "GET /healthz",
      },
      {
        name: "timer",
        file: built.timer.file,
        event: () => ({ timer }),
        expect: 'res.result === "done"', // the timer function answers "done" whatever the decision (functions/timer/compose.ts)
        env: env("timer", { TABLE_NAME: withDuel.tableName }),
        request: "a stale timer of a real duel (one BatchGetItem)",
      },
      {
        name: "relay",
        file: built.relay.file,
        event: () => ({ sweep: true }),
        expect: "res.done === 0",
        env: env("relay", {
          TABLE_NAME: emptyTable,
          SCHEDULE_GROUP_NAME: "DuelReferee-timers",
          TIMER_FUNCTION_ARN: "arn:aws:lambda:eu-west-3:123456789012:function:DuelReferee-Timer",
          SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/DuelReferee-Scheduler",
          SCHEDULER_DLQ_ARN: "arn:aws:sqs:eu-west-3:123456789012:DuelReferee-DeadLetters",
        }),
        request: "a sweep of an empty outbox (one Query)",
      },
      {
        name: "dynamodb-sdk",
        file: built["dynamodb-sdk"].file,
        event: () => ({}),
        expect: "res.statusCode === 200",
        env: env("reference", { TABLE_NAME: emptyTable }),
        request: DYNAMODB_SDK.request,
      },
    ];
    const chosen = options.only;
    const cold = await coldStarts(
      chosen ? cases.filter((c) => chosen.includes(c.name)) : cases,
      runs,
      options.execArgv,
    );
    const entry = (name: keyof typeof built, coldCase: string = name): FunctionBundle => {
      const { file: _file, entry: _entry, ...size } = built[name];
      const start: ColdStart = cold.get(coldCase) ?? { wallMs: 0, importMs: 0, handleMs: 0, cpuMs: 0 };
      return {
        ...size,
        name: coldCase,
        coldStartMs: start.wallMs,
        importMs: start.importMs,
        handleMs: start.handleMs,
        cpuMs: start.cpuMs,
        ...(start.instructions === undefined ? {} : { instructions: start.instructions }),
        request: cases.find((c) => c.name === coldCase)?.request ?? "",
      };
    };
    return {
      bundles: [...FUNCTIONS.map((name) => entry(name)), entry("webhook", "webhook-turn")],
      references: [entry("dynamodb-sdk")],
      runs,
    };
  } finally {
    if (options.keep) process.stderr.write(`bundles kept in ${outdir}\n`);
    else rmSync(outdir, { recursive: true, force: true });
    await kms.stop();
  }
}

/** An API Gateway HTTP API (payload 2.0) event, as Lambda hands it to the HTTP and webhook functions. */
export function httpApiEvent(
  method: string,
  path: string,
  request: { headers?: Record<string, string>; body?: string; routeKey?: string } = {},
) {
  const now = new Date();
  const routeKey = request.routeKey ?? "$default";
  return {
    version: "2.0",
    routeKey,
    rawPath: path,
    rawQueryString: "",
    headers: { host: "bench.execute-api.eu-west-3.amazonaws.com", "user-agent": "bench", ...request.headers },
    requestContext: {
      accountId: "123456789012",
      apiId: "bench",
      domainName: "bench.execute-api.eu-west-3.amazonaws.com",
      domainPrefix: "bench",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "bench" },
      requestId: "bench-request",
      routeKey,
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
    isBase64Encoded: false,
  };
}

const LAMBDA_CONTEXT = {
  awsRequestId: "bench-request",
  functionName: "bench",
  functionVersion: "$LATEST",
  invokedFunctionArn: "arn:aws:lambda:eu-west-3:123456789012:function:bench",
  memoryLimitInMB: "512",
  logGroupName: "/aws/lambda/bench",
  logStreamName: "bench",
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 30_000,
};

/** What a cold start is asked to do, and what its answer must look like to count. */
export interface ColdCase {
  readonly name: string;
  readonly file: string;
  /** The event of each cold start, asked for anew before each one (a case may vary it). */
  readonly event: () => unknown;
  /** A JavaScript expression over `res` (the handler's answer) that must be true. */
  readonly expect: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface ColdStart {
  /** Spawning `node -e`, importing the bundle, handling one request, exiting: wall time. */
  readonly wallMs: number;
  /** Inside the process: the bundle's import, then the one request. */
  readonly importMs: number;
  readonly handleMs: number;
  /**
   * The process's CPU time (user and system, all its threads) when it exits: what a cold start
   * costs when it need not wait for a core, for a machine too loaded for wall times to compare.
   */
  readonly cpuMs: number;
  /**
   * With INSTRUCTIONS=1 only: the instructions the process ran, counted by Valgrind's callgrind (user
   * space; the kernel's work is not in it). Unlike times, the count does not move with the machine's
   * load, so a change of a few percent shows on a machine too busy for CPU times to show it; the
   * times of such a run mean nothing (Valgrind runs the process many times slower).
   */
  readonly instructions?: number;
}

/** Valgrind in front of `node` (INSTRUCTIONS=1): its JIT-safe setting, no output file. */
const VALGRIND = ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--smc-check=all-non-file"];

function script(c: ColdCase): string {
  return [
    "const t0 = performance.now();",
    `const m = await import(${JSON.stringify(pathToFileURL(c.file).href)});`,
    "const t1 = performance.now();",
    `const context = ${JSON.stringify(LAMBDA_CONTEXT)};`,
    "context.getRemainingTimeInMillis = () => 30000;",
    `const res = await m.handler(${JSON.stringify(c.event())}, context);`,
    "const t2 = performance.now();",
    `if (!(${c.expect})) { console.error("unexpected answer: " + JSON.stringify(res)); process.exit(3); }`,
    // A line of its own: the functions log JSON lines to stdout too.
    "const cpu = process.cpuUsage();",
    'process.stdout.write("\\nBENCH " + JSON.stringify({ importMs: t1 - t0, handleMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000 }) + "\\n");',
    "process.exit(0);",
  ].join("\n");
}

async function once(c: ColdCase, execArgv: readonly string[]): Promise<ColdStart> {
  const counted = process.env.INSTRUCTIONS === "1";
  const start = performance.now();
  const {
    status: code,
    out,
    err,
  } = counted
    ? await runModuleScript("valgrind", script(c), c.env, [...VALGRIND, process.execPath, ...execArgv])
    : await runModuleScript(process.execPath, script(c), c.env, execArgv);
  const wallMs = performance.now() - start;
  if (code !== 0) throw new Error(`cold start of ${c.name} failed (${code}): ${err || out}`);
  const line = out.split("\n").find((l) => l.startsWith("BENCH "));
  if (!line) throw new Error(`cold start of ${c.name} printed no timing: ${out}`);
  const inside = JSON.parse(line.slice("BENCH ".length)) as Omit<ColdStart, "wallMs">;
  const instructions = Number(err.match(/Collected : (\d+)/)?.[1] ?? Number.NaN);
  return { wallMs, ...inside, ...(counted ? { instructions } : {}) };
}

/**
 * Median cold starts of each case over `runs` fresh processes; the cases take turns within each
 * round so that a busy moment of the machine is shared rather than landing on one bundle, and each
 * round starts one case further on, so that no case always runs first or always after the same one.
 */
export async function coldStarts(
  cases: readonly ColdCase[],
  runs: number,
  /** Node flags of each process (a profile's, say); none for the figures. */
  execArgv: readonly string[] = [],
): Promise<Map<string, ColdStart>> {
  const samples = new Map<string, ColdStart[]>(cases.map((c) => [c.name, []]));
  for (const c of cases) await once(c, execArgv); // the files into the page cache, once
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < cases.length; i++) {
      const c = cases[(r + i) % cases.length];
      if (c) samples.get(c.name)?.push(await once(c, execArgv));
    }
  }
  const result = new Map<string, ColdStart>();
  for (const [name, list] of samples) {
    result.set(name, {
      wallMs: round(median(list.map((s) => s.wallMs)), 1),
      importMs: round(median(list.map((s) => s.importMs)), 1),
      handleMs: round(median(list.map((s) => s.handleMs)), 1),
      cpuMs: round(median(list.map((s) => s.cpuMs)), 1),
      ...(list[0]?.instructions === undefined
        ? {}
        : { instructions: median(list.map((s) => s.instructions ?? Number.NaN)) }),
    });
  }
  return result;
}

export interface Bundle {
  readonly name: string;
  readonly entry: string;
  readonly file: string;
  readonly bytes: number;
  readonly mapBytes: number;
  /** The biggest contributors to the minified output, by package (or source folder). */
  readonly topInputs: readonly { readonly name: string; readonly bytes: number }[];
}

/** Output bytes by npm package, or by the first two folders of a source of ours. */
function byPackage(metafile: Metafile): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint) continue;
    for (const [file, input] of Object.entries(output.inputs)) {
      const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
      const name = pkg ?? file.split("/").slice(0, 2).join("/");
      totals.set(name, (totals.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6);
}

/**
 * Bundles one entry with the options the CDK stack deploys with (infra/cdk/bundling.ts: esbuild,
 * minified, ESM, node target, AWS SDK included), into its own folder under `outdir`.
 */
export async function bundle(name: string, entry: string, outdir: string): Promise<Bundle> {
  const dir = join(outdir, name);
  const result = await build({ ...esbuildOptions(entry, dir, PROJECT_ROOT), metafile: true });
  if (result.errors.length > 0) throw new Error(`${name}: ${JSON.stringify(result.errors)}`);
  const file = join(dir, BUNDLE.outputFile);
  const map = `${file}.map`;
  return {
    name,
    entry,
    file,
    bytes: statSync(file).size,
    mapBytes: BUNDLE.sourcemap ? Buffer.byteLength(readFileSync(map)) : 0,
    topInputs: byPackage(result.metafile),
  };
}

/** The code-cached form of an entry (CODE_CACHED): `bundle.js`, wrapped CommonJS, and its `index.mjs`. */
export async function codeCachedBundle(name: string, entry: string, outdir: string): Promise<Bundle> {
  const dir = join(outdir, name);
  const result = await stageCodeCachedBundle(entry, dir);
  const file = join(dir, CODE_CACHED.bundleFile);
  return {
    name,
    entry,
    file: join(dir, BUNDLE.outputFile),
    bytes: statSync(file).size + statSync(join(dir, BUNDLE.outputFile)).size,
    mapBytes: Buffer.byteLength(readFileSync(`${file}.map`)),
    topInputs: byPackage(result.metafile),
  };
}
