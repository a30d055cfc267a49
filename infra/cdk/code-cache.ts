import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CODE_CACHED } from "./bundling.js";
import type { FunctionName } from "./paths.js";

/**
 * Runs `script` as an ES module in a fresh `node` (with `execArgv` before it) and collects what it
 * printed. Not spawnSync: the script may reach servers of this very process (the bench's fakes).
 */
export async function runModuleScript(
  node: string,
  script: string,
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[] = [],
): Promise<{ status: number | null; out: string; err: string }> {
  const child = spawn(node, [...execArgv, "--input-type=module", "-e", script], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const status = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { status, out, err };
}

/**
 * A code-cached function's cache (`bundle.js.cache`, CODE_CACHED in ./bundling.ts), written at build
 * time: a fresh `node` imports the function's `index.mjs` without a cache, handles the function's
 * warm-up events as its first request would, and writes what V8 compiled for them.
 *
 * Offline: the events meet no AWS (every endpoint is a closed local port, one attempt), so the
 * requests fail where they would reach DynamoDB or KMS. What they compile on the way (routing, the
 * body's reading, the SDK's serialisation, middleware and signing, logging, the error paths) is
 * most of what a real first turn compiles: measured against a cache written after a real first
 * turn on DynamoDB Local, the two give the same cold start (bench/README.md).
 *
 * V8 takes the cache only from the same Node build on the same architecture as the one that wrote
 * it (see `codeCacheTarget`); any other runtime compiles the bundle as if there were no cache.
 */
export async function produceCodeCache(
  dir: string,
  events: readonly unknown[],
  env: NodeJS.ProcessEnv,
  node: string = process.execPath,
): Promise<{ bytes: number }> {
  const cacheFile = join(dir, `${CODE_CACHED.bundleFile}.cache`);
  rmSync(cacheFile, { force: true });
  const script = [
    `const m = await import(${JSON.stringify(pathToFileURL(join(dir, "index.mjs")).href)});`,
    'const context = { awsRequestId: "code-cache", functionName: "code-cache", getRemainingTimeInMillis: () => 30000 };',
    // A warm-up request may fail (it reaches no AWS): what it compiled on the way is what counts.
    `for (const event of ${JSON.stringify(events)}) { try { await m.handler(event, context); } catch {} }`,
    `const bytes = m.codeCache.write(${JSON.stringify(cacheFile)});`,
    'process.stdout.write("\\nCODE-CACHE " + bytes + "\\n");',
    "process.exit(0);",
  ].join("\n");
  const { status, out, err } = await runModuleScript(node, script, env);
  const line = out.split("\n").find((l) => l.startsWith("CODE-CACHE "));
  if (status !== 0 || !line) throw new Error(`code cache of ${dir} not written (${status}): ${err || out}`);
  return { bytes: Number(line.slice("CODE-CACHE ".length)) };
}

/** An API Gateway HTTP API (payload 2.0) event, as the webhook and HTTP functions receive it. */
function httpEvent(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const now = new Date();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: "",
    headers: { host: "warmup.execute-api.eu-west-3.amazonaws.com", ...headers },
    requestContext: {
      accountId: "123456789012",
      apiId: "warmup",
      domainName: "warmup.execute-api.eu-west-3.amazonaws.com",
      domainPrefix: "warmup",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "warmup" },
      requestId: "warmup",
      routeKey: "$default",
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}

/** A forum's post as a first turn sends it: read, then refused at the forum's read (no DynamoDB). */
function webhookPost() {
  const at = new Date().toISOString();
  const body = JSON.stringify({
    type: "post.created",
    timestamp: at,
    data: {
      threadId: "1",
      postId: "1",
      author: { id: "1", name: "Warm-up" },
      createdAt: at,
      format: "bbcode",
      content: "Un tour.\n[duel]\nSort : Rictusempra\nCible : Personne\nZone : torse\nPari : 4\n[/duel]",
    },
  });
  return httpEvent(
    "POST",
    "/webhooks/warmup/generic",
    {
      "content-type": "application/json",
      "webhook-id": "msg_warmup",
      "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
      "webhook-signature": "v1,d2FybXVw",
    },
    body,
  );
}

/** Each function's warm-up: what its first request runs, as far as it goes without AWS. */
export function warmupEvents(name: FunctionName): unknown[] {
  switch (name) {
    case "webhook":
      return [httpEvent("GET", "/healthz"), webhookPost()];
    case "http":
      return [httpEvent("GET", "/healthz")];
    case "timer": {
      const at = new Date().toISOString();
      return [
        {
          timer: {
            name: "warmup.1.reply-deadline.0",
            duelId: "warmup.1",
            kind: "reply-deadline",
            at,
            ref: "0",
          },
        },
      ];
    }
    case "relay":
      return [{ sweep: true }];
  }
}

/** The environment of a warm-up: the function's variables with dummy values, and no way out. */
export function warmupEnvironment(name: FunctionName): NodeJS.ProcessEnv {
  const closed = "http://127.0.0.1:9";
  return {
    PATH: process.env.PATH,
    AWS_REGION: "eu-west-3",
    AWS_DEFAULT_REGION: "eu-west-3",
    AWS_ACCESS_KEY_ID: "warmup",
    AWS_SECRET_ACCESS_KEY: "warmup",
    AWS_EC2_METADATA_DISABLED: "true",
    AWS_MAX_ATTEMPTS: "1",
    AWS_ENDPOINT_URL: closed,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    AWS_LAMBDA_FUNCTION_NAME: `DuelReferee-${name}`,
    POWERTOOLS_SERVICE_NAME: `duel-referee-${name}`,
    LOG_LEVEL: "INFO",
    TABLE_NAME: "warmup",
    SECRETS_KEY_ARN: "arn:aws:kms:eu-west-3:123456789012:key/00000000-0000-0000-0000-000000000000",
    ADMIN_TOKEN_SECRET_ARN: "arn:aws:secretsmanager:eu-west-3:123456789012:secret:AdminToken-AbCdEf",
    SCHEDULE_GROUP_NAME: "warmup",
    TIMER_FUNCTION_ARN: "arn:aws:lambda:eu-west-3:123456789012:function:warmup",
    SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/warmup",
    SCHEDULER_DLQ_ARN: "arn:aws:sqs:eu-west-3:123456789012:warmup",
  };
}

// `tsx infra/cdk/code-cache.ts <folder> <function>`: the bundling's last step (lambdaBundling).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, name] = process.argv.slice(2) as [string, FunctionName];
  const { bytes } = await produceCodeCache(dir, warmupEvents(name), warmupEnvironment(name));
  process.stdout.write(`${name}: code cache of ${bytes} bytes, Node ${process.version} ${process.arch}\n`);
}
