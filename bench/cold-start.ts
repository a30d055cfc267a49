import { pathToFileURL } from "node:url";
import { runModuleScript } from "../infra/cdk/code-cache.js";
import { median, round } from "./stats.js";

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
