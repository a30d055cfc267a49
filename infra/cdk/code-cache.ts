import { spawn } from "node:child_process";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BuildResult, build } from "esbuild";
import { makeBundleAscii } from "./ascii-bundle.js";
import { CODE_CACHED, codeCachedEsbuildOptions } from "./bundling.js";
import { httpEvent } from "./lambda-events.js";
import { type FunctionName, PROJECT_ROOT } from "./paths.js";

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
 * The events meet no AWS: every endpoint is a local port (`env`), closed or the warm-up world
 * (./warmup-world.ts), where a first request runs whole. What the events compile on the way is
 * what a cold first request then finds compiled; the answers are returned, so that a test can check
 * the warm-up went where it should.
 *
 * V8 takes the cache only from the same Node build on the same architecture as the one that wrote
 * it (see `codeCacheTarget`); any other runtime compiles the bundle as if there were no cache.
 */
export async function produceCodeCache(
  dir: string,
  events: readonly unknown[],
  env: NodeJS.ProcessEnv,
  node: string = process.execPath,
): Promise<{ bytes: number; answers: readonly WarmupAnswer[] }> {
  const cacheFile = join(dir, `${CODE_CACHED.bundleFile}.cache`);
  rmSync(cacheFile, { force: true });
  const script = [
    `const m = await import(${JSON.stringify(pathToFileURL(join(dir, "index.mjs")).href)});`,
    'const context = { awsRequestId: "code-cache", functionName: "code-cache", getRemainingTimeInMillis: () => 30000 };',
    // A warm-up request may fail (one that reaches a closed port): what it compiled counts.
    "const answers = [];",
    `for (const event of ${JSON.stringify(events)}) {`,
    "  try { const res = await m.handler(event, context); answers.push({ status: res?.statusCode, body: res?.body }); }",
    "  catch (error) { answers.push({ error: String(error) }); }",
    "}",
    `const bytes = m.codeCache.write(${JSON.stringify(cacheFile)});`,
    'process.stdout.write("\\nCODE-CACHE " + JSON.stringify({ bytes, answers }) + "\\n");',
    "process.exit(0);",
  ].join("\n");
  const { status, out, err } = await runModuleScript(node, script, env);
  const line = out.split("\n").find((l) => l.startsWith("CODE-CACHE "));
  if (status !== 0 || !line) throw new Error(`code cache of ${dir} not written (${status}): ${err || out}`);
  return JSON.parse(line.slice("CODE-CACHE ".length)) as { bytes: number; answers: WarmupAnswer[] };
}

/** What a warm-up event got: the handler's status and body, or the error it threw. */
export interface WarmupAnswer {
  readonly status?: number;
  readonly body?: string;
  readonly error?: string;
}

/**
 * `entry` bundled in process into `dir` as the bundling stages a function (lambdaBundling runs
 * esbuild's command line): the code-cached form, made ASCII-only, its cache not yet written. Benches
 * and tests build what is deployed through this; the bundle's build result is returned.
 */
export async function stageCodeCachedBundle(
  entry: string,
  dir: string,
): Promise<BuildResult<{ metafile: true }>> {
  const options = codeCachedEsbuildOptions(entry, dir, PROJECT_ROOT);
  const result = await build({ ...options.bundle, metafile: true });
  if (result.errors.length > 0) throw new Error(`${entry}: ${JSON.stringify(result.errors)}`);
  await build(options.entry);
  const file = join(dir, CODE_CACHED.bundleFile);
  renameSync(join(dir, CODE_CACHED.builtFile), file);
  renameSync(join(dir, `${CODE_CACHED.builtFile}.map`), `${file}.map`);
  makeBundleAscii(file);
  return result;
}

/**
 * Function `name`'s cache, as the bundling writes it: its warm-up events in its warm-up
 * environment. The webhook's and the timer's against the warm-up world (./warmup-world.ts): a real
 * first turn of the world's duel, a stale timer of that duel. The relay's sweep and the HTTP
 * function's `GET /healthz` offline: the sweep of an empty outbox runs the same code with the world
 * or without it, and `GET /healthz` reads nothing.
 */
export async function writeFunctionCodeCache(
  dir: string,
  name: FunctionName,
  node: string = process.execPath,
) {
  if (name === "http" || name === "relay")
    return produceCodeCache(dir, warmupEvents(name), warmupEnvironment(name), node);
  const { startWarmupWorld } = await import("./warmup-world.js");
  const world = await startWarmupWorld();
  try {
    return await produceCodeCache(
      dir,
      [...warmupEvents(name), ...(name === "webhook" ? [world.firstTurn()] : [])],
      { ...warmupEnvironment(name), AWS_ENDPOINT_URL: world.endpoint, TABLE_NAME: world.tableName },
      node,
    );
  } finally {
    await world.stop();
  }
}

/** Each function's warm-up: what its first request runs, as far as it goes without AWS. */
export function warmupEvents(name: FunctionName): unknown[] {
  switch (name) {
    case "webhook":
      // And a signed first turn of a duel of its warm-up world (writeFunctionCodeCache).
      return [httpEvent("GET", "/healthz")];
    case "http":
      return [httpEvent("GET", "/healthz")];
    case "timer": {
      // A stale timer of the warm-up world's duel (`warmup.1`): read, found stale, dropped.
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
    ADMIN_TOKEN_PARAMETER: "/DuelReferee/admin-token",
    SCHEDULE_GROUP_NAME: "warmup",
    TIMER_FUNCTION_ARN: "arn:aws:lambda:eu-west-3:123456789012:function:warmup",
    SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/warmup",
    SCHEDULER_DLQ_ARN: "arn:aws:sqs:eu-west-3:123456789012:warmup",
  };
}

// `tsx infra/cdk/code-cache.ts <folder> <function>`: the bundling's last step (lambdaBundling): the
// bundle made ASCII-only (./ascii-bundle.ts), then its cache written.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, name] = process.argv.slice(2) as [string, FunctionName];
  makeBundleAscii(join(dir, CODE_CACHED.bundleFile));
  const { bytes } = await writeFunctionCodeCache(dir, name);
  process.stdout.write(`${name}: code cache of ${bytes} bytes, Node ${process.version} ${process.arch}\n`);
}
