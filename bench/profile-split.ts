import { readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where a cold start's CPU goes, from the profiles `PROFILE=<folder> KEEP=1 npx tsx
 * bench/cold-starts.ts` writes: `npx tsx bench/profile-split.ts <folder> <bundle file>` (the kept
 * bundle, its `.map` beside it). Each profile whose samples run the bundle is split into phases
 * (Node's start before the entry runs; the import: the bundle's compile or cache deserialisation and
 * its modules' top-level code; the request) and, in each, into groups by the original source of the
 * sampled function (the bundle's source map); the self time of each group, the mean over the
 * profiles, in ms.
 */

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
  /** Samples per line of the function (1-based lines), when V8 recorded them. */
  readonly positionTicks?: readonly { readonly line: number; readonly ticks: number }[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The group of an original source path (inside the bundle). */
function groupOfSource(source: string): string {
  const path = source.replace(/\\/g, "/");
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) {
    if (pkg === "@aws-sdk/client-kms") return "SDK: KMS client";
    if (pkg === "@aws-sdk/client-dynamodb") return "SDK: DynamoDB client";
    if (pkg.startsWith("@aws-sdk/") || pkg.startsWith("@smithy/") || pkg.startsWith("@aws-crypto/"))
      return "SDK: core, middleware, endpoints, signing, HTTP";
    if (pkg === "zod") return "zod";
    if (pkg === "hono") return "Hono";
    if (pkg.startsWith("@aws-lambda-powertools/") || pkg === "@aws/lambda-invoke-store") return "Powertools";
    if (pkg === "parse5" || pkg === "entities") return "parse5";
    if (pkg === "unhomoglyph") return "unhomoglyph";
    return `other package (${pkg})`;
  }
  const ours = path.match(/(shared\/[^/]+|functions\/[^/]+|functions)\//)?.[1];
  if (ours === "shared/domain" || ours === "shared/rules") return "ours: the decision (domain, rules)";
  if (ours === "shared/texts" || ours === "shared/hiboux") return "ours: texts and hiboux";
  if (ours === "shared/parsing") return "ours: the post's parsing";
  if (ours === "shared/adapters") return "ours: adapters (DynamoDB items, secrets)";
  if (ours === "shared/app") return "ours: services";
  if (ours === "shared/http") return "ours: HTTP layer";
  if (ours) return `ours: ${ours}`;
  return `other (${path})`;
}

const NATIVE_GROUPS: Readonly<Record<string, string>> = {
  "(garbage collector)": "GC",
  "(program)": "V8 and Node outside JS (compile, deserialisation, I/O)",
  "(idle)": "idle (waiting for a request's answer)",
  "(root)": "V8 and Node outside JS (compile, deserialisation, I/O)",
};

/** Node's own JavaScript, by what it does for a cold start. */
function nodeGroup(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === "node:vm") return "V8 compiling the bundle, or reading its code cache (vm.Script)";
  if (url.startsWith("node:internal/crypto/hash")) return "SHA-256 (the code cache's digests)";
  if (functionName === "compileForInternalLoader")
    return "Node compiling its built-in modules (first require)";
  if (url.includes("undici")) return "undici (fetch's Request, Response, Headers)";
  if (/^node:(internal\/)?(modules|process|bootstrap|main)/.test(url)) return "Node's loaders and bootstrap";
  if (/^node:(internal\/)?(fs|url|path)/.test(url)) return "Node's fs, url, path";
  if (
    /^node:(_http|http|https|net|internal\/http|internal\/net|stream|internal\/streams|internal\/webstreams|internal\/stream_base|events|dns|internal\/dns|tls|_tls)/.test(
      url,
    )
  )
    return "Node's http, net, streams, events";
  return `Node's JS: ${url}`;
}

function splitProfile(profile: Profile, bundleUrl: string, map: SourceMap) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const entryUrl = bundleUrl.replace(/bundle\.js$/, "index.mjs");
  const inImport = new Map<number, boolean>();
  const underEntry = (id: number): boolean => {
    const known = inImport.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const p = parent.get(id);
    const result =
      node?.callFrame.url === entryUrl && node.callFrame.functionName === ""
        ? true
        : p === undefined
          ? false
          : underEntry(p);
    inImport.set(id, result);
    return result;
  };
  // The import's span: from the first sample under the entry's module body to the last one.
  let t = 0;
  const times: number[] = [];
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  profile.samples.forEach((id, i) => {
    if (underEntry(id)) {
      first = Math.min(first, times[i] ?? 0);
      last = Math.max(last, times[i] ?? 0);
    }
  });
  if (!Number.isFinite(first)) return undefined;
  const groups = new Map<string, number>();
  const add = (key: string, us: number) => groups.set(key, (groups.get(key) ?? 0) + us);
  profile.samples.forEach((id, i) => {
    const at = times[i] ?? 0;
    const next = times[i + 1];
    const us = next === undefined ? 0 : next - at;
    const phase = at < first ? "start" : at <= last ? "import" : "request";
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    let group: string;
    if (frame.url === bundleUrl) {
      // The sample's own line when V8 kept it (the bundle's top level holds every module's), else
      // where the function starts; spread over the function's lines by their share of its ticks.
      const ticks = byId.get(id)?.positionTicks ?? [];
      const total = ticks.reduce((s, p) => s + p.ticks, 0);
      const lines =
        total > 0
          ? ticks.map((p) => [p.line - 1, p.ticks / total] as const)
          : [[frame.lineNumber, 1] as const];
      for (const [line, share] of lines) {
        const column = total > 0 ? Number.MAX_SAFE_INTEGER : frame.columnNumber;
        const entry = map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        const group = entry.originalSource ? groupOfSource(entry.originalSource) : "bundle (unmapped)";
        // DETAIL=<group>: that group by source file, line and function instead.
        const where = `${entry.originalSource?.replace(/^.*?(shared|node_modules)\//, "$1/")}:${(entry.originalLine ?? 0) + 1}`;
        add(
          `${phase}\t${group}${group === process.env.DETAIL ? ` ${where} ${frame.functionName}` : ""}`,
          us * share,
        );
      }
      return;
    } else if (NATIVE_GROUPS[frame.functionName]) {
      group = NATIVE_GROUPS[frame.functionName] ?? "";
    } else if (frame.url.startsWith("node:") || frame.url === "") {
      group =
        frame.functionName === "parse" || frame.functionName === "stringify"
          ? "JSON (native)"
          : frame.url === ""
            ? `native: ${frame.functionName || "(anonymous)"}`
            : nodeGroup(frame);
    } else if (frame.url === entryUrl) {
      group = "the code cache's entry (index.mjs)";
    } else group = `other script (${frame.url.slice(-40)})`;
    add(`${phase}\t${group}`, us);
  });
  return groups;
}

function main(): void {
  const [folder, bundleFile] = process.argv.slice(2);
  if (!folder || !bundleFile) throw new Error("usage: profile-split.ts <profiles folder> <bundle file>");
  const bundleUrl = `file://${bundleFile}`;
  const map = new SourceMap(JSON.parse(readFileSync(`${bundleFile}.map`, "utf8")));
  const totals = new Map<string, number>();
  let profiles = 0;
  for (const name of readdirSync(folder).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(folder, name), "utf8")) as Profile;
    if (!profile.nodes.some((n) => n.callFrame.url === bundleUrl)) continue;
    const groups = splitProfile(profile, bundleUrl, map);
    if (!groups) continue;
    profiles++;
    for (const [key, us] of groups) totals.set(key, (totals.get(key) ?? 0) + us);
  }
  const rows = [...totals].map(([key, us]) => [key, us / profiles / 1000] as const);
  const phases = ["start", "import", "request"];
  const out: string[] = [`${profiles} profiles of ${fileURLToPath(bundleUrl)}, mean self time (ms):`];
  for (const phase of phases) {
    const inPhase = rows.filter(([k]) => k.startsWith(`${phase}\t`)).sort((a, b) => b[1] - a[1]);
    const sum = inPhase.reduce((s, [, ms]) => s + ms, 0);
    out.push(`${phase}: ${sum.toFixed(1)} ms`);
    for (const [key, ms] of inPhase)
      if (ms >= 0.2) out.push(`  ${ms.toFixed(1).padStart(6)}  ${key.split("\t")[1]}`);
  }
  process.stdout.write(`${out.join("\n")}\n`);
}

main();
