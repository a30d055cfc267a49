import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where a CPU profile's time goes, by what runs it: `npx tsx bench/profile-parts.ts <dir or
 * .cpuprofile>` prints each part's share of the sampled time (self time, the profile's idle and
 * garbage collection apart), for the `.cpuprofile` files that `node --cpu-prof` wrote
 * (`bench/profile-webhook.ts` in process, `bench/e2e-server.ts` over HTTP).
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The part of the code a frame belongs to, first match wins. */
const PARTS: readonly (readonly [string, RegExp])[] = [
  ["(idle)", /^\(idle\)$/],
  ["(garbage collector)", /^\(garbage collector\)$/],
  ["(program)", /^\(program\)$/],
  [
    "loading modules (start-up)",
    /^node:internal\/(modules|worker|vm)|node_modules\/(tsx|esbuild|get-tsconfig)\//,
  ],
  ["AWS SDK: marshalling, middleware, HTTP", /node_modules\/(@aws-sdk|@smithy|@aws-crypto)\//],
  ["Hono", /node_modules\/hono\//],
  ["@hono/node-server", /node_modules\/@hono\/node-server\//],
  ["zod", /node_modules\/zod\//],
  ["Powertools (logs, metrics)", /node_modules\/@aws-lambda-powertools\//],
  ["other packages", /node_modules\//],
  ["ours: DynamoDB adapter", /shared\/adapters\/dynamodb\//],
  ["ours: decision (domain, rules)", /shared\/(domain|rules)\//],
  ["ours: parsing", /shared\/parsing\//],
  ["ours: hiboux and texts", /shared\/(hiboux|texts|announce)\//],
  ["ours: app (service, queue, effects, relay)", /shared\/app\//],
  ["ours: HTTP (routes, signature, schemas)", /shared\/http\//],
  ["ours: observability", /shared\/observability\//],
  ["ours: other", /shared\//],
  ["local stack and bench", /(infra\/local|bench)\//],
  ["Node: http, net, streams", /^node:(_http|http|net|stream|internal\/(http|streams|stream_base))/],
  ["Node: crypto", /^node:(crypto|internal\/crypto)/],
  ["Node: other", /^node:/],
  ["V8 and natives (JSON, RegExp, builtins)", /^$/],
];

/** Natives named by what they do: a socket's write is where a request to DynamoDB Local leaves. */
const NATIVES: readonly (readonly [string, RegExp])[] = [
  ["socket writes (requests leaving)", /^(writev|writeUtf8String|writeBuffer|writeLatin1String)$/],
  [
    "loading modules (start-up)",
    /^(compileFunction|compileSourceTextModule|internalModuleStat|readFileUtf8|receiveMessageOnPort)$/,
  ],
];

export function partOf(node: Pick<ProfileNode, "callFrame">): string {
  const { functionName, url } = node.callFrame;
  if (url === "") for (const [name, pattern] of NATIVES) if (pattern.test(functionName)) return name;
  const subject = url === "" ? functionName : url;
  for (const [name, pattern] of PARTS) {
    if (name.startsWith("(") ? pattern.test(functionName) && url === "" : pattern.test(subject)) return name;
  }
  return "V8 and natives (JSON, RegExp, builtins)";
}

export function profileSplit(profiles: readonly Profile[]): { part: string; ms: number; share: number }[] {
  const byPart = new Map<string, number>();
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node) return;
      const part = partOf(node);
      byPart.set(part, (byPart.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
  }
  const busy = [...byPart].filter(([part]) => part !== "(idle)").reduce((sum, [, ms]) => sum + ms, 0);
  return [...byPart]
    .map(([part, ms]) => ({ part, ms, share: part === "(idle)" ? Number.NaN : ms / busy }))
    .sort((a, b) => b.ms - a.ms);
}

if (process.argv[1]?.endsWith("profile-parts.ts")) {
  const target = process.argv[2] ?? ".profiles";
  const files = target.endsWith(".cpuprofile")
    ? [target]
    : readdirSync(target)
        .filter((f) => f.endsWith(".cpuprofile"))
        .map((f) => join(target, f));
  const split = profileSplit(files.map((f) => JSON.parse(readFileSync(f, "utf8")) as Profile));
  for (const { part, ms, share } of split) {
    const pct = Number.isNaN(share) ? "" : `${(share * 100).toFixed(1)} %`;
    process.stdout.write(`${part.padEnd(44)} ${ms.toFixed(0).padStart(8)} ms  ${pct}\n`);
  }
}
