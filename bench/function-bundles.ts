import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { produceCodeCache, writeFunctionCodeCache } from "../infra/cdk/code-cache.js";
import { FUNCTION_ENTRIES } from "../infra/cdk/paths.js";
import { type Bundle, bundle, codeCachedBundle } from "./bundles.js";
import { type ColdCase, type ColdStart, coldStarts, httpApiEvent } from "./cold-start.js";
import { createForum, signedDelivery, startDuel, turnPayload } from "./duel-posts.js";
import { startFakeKms } from "./fake-kms.js";
import { createBenchTable, createRefereeApp, START } from "./referee-app.js";

/** The thread of the duel the timer's cold start reads; no other phase uses it. */
const COLD_THREAD = 4000;
/** The first of the threads whose duels get their first turn from a cold webhook function. */
const COLD_DELIVERY_THREADS = 4100;

const HELLO_ENTRY = fileURLToPath(new URL("./hello/handler.ts", import.meta.url));
const HELLO_POWERTOOLS_ENTRY = fileURLToPath(new URL("./hello/powertools-handler.ts", import.meta.url));

/**
 * Yardsticks for the webhook's first turn, bundled as the functions are: nothing at all, the turn's
 * two DynamoDB requests through the SDK alone, and the same requests without the SDK.
 */
const REFERENCES = {
  bare: {
    entry: fileURLToPath(new URL("./hello/bare-handler.ts", import.meta.url)),
    request: "nothing (Node alone)",
  },
  "dynamodb-sdk": {
    entry: fileURLToPath(new URL("./hello/dynamodb-sdk-handler.ts", import.meta.url)),
    request:
      "a first turn's BatchGetItem and TransactWriteItems through @aws-sdk/client-dynamodb, nothing else",
  },
  "dynamodb-by-hand": {
    entry: fileURLToPath(new URL("./hello/dynamodb-by-hand-handler.ts", import.meta.url)),
    request: "the same two requests over node:http, signed with node:crypto (no SDK)",
  },
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
  /** Instructions run (median), when counted (INSTRUCTIONS=1, bench/cold-start.ts). */
  readonly instructions?: number;
  /** What the one request of the cold start was. */
  readonly request: string;
}

export interface BundlesResult {
  readonly bundles: readonly FunctionBundle[];
  readonly helloBundle: FunctionBundle;
  /** Hello world inside the functions' observability (Powertools): what that costs alone. */
  readonly helloPowertoolsBundle: FunctionBundle;
  /** The yardsticks of the first turn (REFERENCES): Node alone, the SDK alone, no SDK. */
  readonly references: readonly FunctionBundle[];
  readonly runs: number;
}

/**
 * What Lambda sets, dummy where AWS would give a real value, and what the stack gives every function
 * (infra/cdk/constructs/duel-function.ts); DynamoDB is the bench's Local.
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
 * handles one request — the webhook and HTTP functions `GET /healthz` (the comparison with hello
 * world), the webhook function also a real first request (a signed post, the first turn of a duel),
 * the timer a stale firing of a real duel (one read), the relay a sweep of an empty outbox (one
 * query) — against Hono's hello world.
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
    /**
     * Other builds of the webhook function (a name, the `index.mjs` of a kept bundle, e.g. of
     * another commit), each given the first turn as `webhook-turn@name`, in turn with the rest.
     */
    readonly otherWebhooks?: Readonly<Record<string, string>>;
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
      // The form before the code cache (an ES module, no cache), for the comparison.
      "webhook-esm": await bundle("webhook-esm", FUNCTION_ENTRIES.webhook, outdir),
      hello: await bundle("hello", HELLO_ENTRY, outdir),
      "hello-powertools": await bundle("hello-powertools", HELLO_POWERTOOLS_ENTRY, outdir),
      bare: await bundle("bare", REFERENCES.bare.entry, outdir),
      "dynamodb-sdk": await bundle("dynamodb-sdk", REFERENCES["dynamodb-sdk"].entry, outdir),
      "dynamodb-by-hand": await bundle("dynamodb-by-hand", REFERENCES["dynamodb-by-hand"].entry, outdir),
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
    // Every first-turn case once per round, once more to warm the page cache, and the code cache's.
    const others = Object.entries(options.otherWebhooks ?? {});
    for (let i = 0; i <= (3 + others.length) * (runs + 1); i++) {
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
    const webhookEnv = env("webhook", { TABLE_NAME: withDuel.tableName });
    // The same bundle, its cache written after a real first turn (DynamoDB Local, the fake KMS)
    // instead of the warm-up world's (infra/cdk/warmup-world.ts): what that leaves out, if anything.
    // Only when asked for by name (CASES=…,webhook-turn-realcache).
    const realCache = options.only?.includes("webhook-turn-realcache")
      ? await codeCachedBundle("webhook-realcache", FUNCTION_ENTRIES.webhook, outdir)
      : undefined;
    if (realCache) {
      await produceCodeCache(join(outdir, "webhook-realcache"), [healthz(), firstTurn()], webhookEnv);
    }
    const cases: (ColdCase & { request: string })[] = [
      {
        name: "hello",
        file: built.hello.file,
        event: healthz,
        expect: "res.statusCode === 200",
        env: env("hello", {}),
        request: "GET /healthz",
      },
      {
        name: "hello-powertools",
        file: built["hello-powertools"].file,
        event: healthz,
        expect: "res.statusCode === 200",
        env: env("hello", {}),
        request: "GET /healthz",
      },
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
        request:
          "a signed post, the first turn of a duel (BatchGetItem, UpdateItem: the turn journaled on its snapshot)",
      },
      {
        name: "webhook-turn-esm",
        file: built["webhook-esm"].file,
        event: firstTurn,
        expect: 'res.statusCode === 200 && JSON.parse(res.body).result === "applied"',
        env: webhookEnv,
        request: "the first turn, the bundle as an ES module without a code cache (before)",
      },
      ...(realCache
        ? [
            {
              name: "webhook-turn-realcache",
              file: realCache.file,
              event: firstTurn,
              expect: 'res.statusCode === 200 && JSON.parse(res.body).result === "applied"',
              env: webhookEnv,
              request:
                "the first turn, the cache written after a real first turn on DynamoDB Local instead of the warm-up world",
            },
          ]
        : []),
      ...others.map(([name, file]) => ({
        name: `webhook-turn@${name}`,
        file,
        event: firstTurn,
        expect: 'res.statusCode === 200 && JSON.parse(res.body).result === "applied"',
        env: webhookEnv,
        request: `the first turn, the webhook bundle ${file}`,
      })),
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
      ...(["bare", "dynamodb-sdk", "dynamodb-by-hand"] as const).map((name) => ({
        name,
        file: built[name].file,
        event: () => ({}),
        expect: "res.statusCode === 200",
        env: env("reference", { TABLE_NAME: emptyTable }),
        request: REFERENCES[name].request,
      })),
    ];
    const chosen = options.only;
    const cold = await coldStarts(
      chosen ? cases.filter((c) => chosen.includes(c.name) || c.name.startsWith("webhook-turn@")) : cases,
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
      bundles: [
        ...FUNCTIONS.map((name) => entry(name)),
        entry("webhook", "webhook-turn"),
        entry("webhook-esm", "webhook-turn-esm"),
        ...others.map(([name]) => entry("webhook", `webhook-turn@${name}`)),
        ...(realCache ? [entry("webhook", "webhook-turn-realcache")] : []),
      ],
      helloBundle: entry("hello"),
      helloPowertoolsBundle: entry("hello-powertools"),
      references: [entry("bare"), entry("dynamodb-sdk"), entry("dynamodb-by-hand")],
      runs,
    };
  } finally {
    if (options.keep) process.stderr.write(`bundles kept in ${outdir}\n`);
    else rmSync(outdir, { recursive: true, force: true });
    await kms.stop();
  }
}
