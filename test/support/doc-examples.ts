import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The shell examples of a markdown document, as a reader copies them (docs/DEVELOPERS.md, "Examples
 * that run"):
 *
 * - a fence ```` ```sh ```` (or `bash`) is an example to run; ```` ```sh no-run ```` is shown only
 *   (a server that keeps running, a deploy);
 * - a fence ```` ```text output ```` right after an example is what it prints: each of its lines must
 *   be found in the example's output, in order, `…` standing for anything;
 * - any other fence that holds a command (`curl`, `npm`) is refused: it would be an example nobody runs.
 */
export interface DocExample {
  /** The line of the document where the example's fence opens (1-based). */
  readonly line: number;
  readonly code: string;
  /** The lines the document shows as its output, or none. */
  readonly output: readonly string[];
}

export interface DocExamples {
  readonly examples: readonly DocExample[];
  /** Fences that hold a command without saying whether it runs: each a complaint with its line. */
  readonly untagged: readonly string[];
}

interface Fence {
  readonly line: number;
  readonly info: string[];
  readonly body: string[];
  /** Whether only blank lines stand between the previous fence's end and this one. */
  readonly follows: boolean;
}

function fencesOf(markdown: string): Fence[] {
  const lines = markdown.split("\n");
  const fences: Fence[] = [];
  let lastClose = -2;
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i]?.match(/^(\s*)```(.*)$/);
    if (!open) continue;
    const indent = open[1] ?? "";
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j] ?? "")) {
      body.push(
        (lines[j] ?? "").startsWith(indent) ? (lines[j] ?? "").slice(indent.length) : (lines[j] ?? ""),
      );
      j++;
    }
    const between = lines.slice(lastClose + 1, i);
    fences.push({
      line: i + 1,
      info: (open[2] ?? "").trim().split(/\s+/).filter(Boolean),
      body,
      follows: lastClose >= 0 && between.every((l) => l.trim() === ""),
    });
    lastClose = j;
    i = j;
  }
  return fences;
}

/** The examples of a document, in its order (see {@link DocExample}). */
export function docExamples(markdown: string): DocExamples {
  const examples: { line: number; code: string; output: string[] }[] = [];
  const untagged: string[] = [];
  let previousRuns = false;
  for (const fence of fencesOf(markdown)) {
    const [lang = "", ...flags] = fence.info;
    const shell = lang === "sh" || lang === "bash";
    if (shell && !flags.includes("no-run")) {
      examples.push({ line: fence.line, code: fence.body.join("\n"), output: [] });
      previousRuns = true;
      continue;
    }
    if (lang === "text" && flags.includes("output") && previousRuns && fence.follows) {
      const last = examples[examples.length - 1];
      if (last) last.output.push(...fence.body.filter((l) => l.trim() !== ""));
    } else if (!shell && fence.body.some((l) => /^\s*(curl|npm|npx)\s/.test(l))) {
      untagged.push(
        `line ${fence.line}: a command in a fence ${lang ? `of ${lang}` : "without language"} (make it sh, or sh no-run)`,
      );
    }
    previousRuns = false;
  }
  return { examples, untagged };
}

/** What a reader pastes in place of each placeholder, and the address `npm start` was given. */
export interface ReaderValues {
  /** `host:port` of the running stack, for `localhost:3000` and `127.0.0.1:3000`. */
  readonly hostPort: string;
  /** Placeholder (as written, `<…>`) → value. */
  readonly placeholders: Readonly<Record<string, string>>;
}

/** An example as a reader would run it: their values pasted in; a placeholder left unknown is an error. */
export function asReaderRuns(code: string, values: ReaderValues): string {
  let out = code.replaceAll("localhost:3000", values.hostPort).replaceAll("127.0.0.1:3000", values.hostPort);
  for (const [placeholder, value] of Object.entries(values.placeholders)) {
    out = out.replaceAll(placeholder, value);
  }
  const left = out.match(/<[^<>\n]*(affiché|faux forum)[^<>\n]*>/);
  if (left) throw new Error(`no value for the placeholder ${left[0]}`);
  return out;
}

/**
 * The first line of `expected` that `actual` does not show, in order, `…` standing for anything; null
 * when it shows them all. A line may be found anywhere after the previous one: `curl` ends no answer
 * with a newline, so two answers print on one line.
 */
export function missingOutput(expected: readonly string[], actual: string): string | null {
  let rest = actual;
  for (const want of expected) {
    const pattern = new RegExp(
      want
        .trim()
        .split("…")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[\\s\\S]*?"),
    );
    const found = pattern.exec(rest);
    if (!found) return want;
    rest = rest.slice(found.index + found[0].length);
  }
  return null;
}

export interface ExampleRun {
  readonly example: DocExample;
  readonly stdout: string;
  /** Why it failed: a non-zero exit (with its stderr), or a line of its shown output it did not print. */
  readonly failure: string | null;
}

const MARK = "@@doc-example@@";

/**
 * Runs the examples in order in one bash, as a reader pastes them into one terminal: the variables
 * of one example are there for the next. `set -euo pipefail`, and `curl` fails on an HTTP error
 * (`--fail-with-body`), so that a refused request is a failed example. Stops at the first failure.
 */
export async function runExamples(
  examples: readonly DocExample[],
  values: ReaderValues,
  workDir: string,
): Promise<ExampleRun[]> {
  const script = [
    "set -euo pipefail",
    'curl() { command curl --fail-with-body "$@"; }',
    ...examples.flatMap((example, i) => [`printf '\\n${MARK}${i}\\n'`, asReaderRuns(example.code, values)]),
    `printf '\\n${MARK}end\\n'`,
  ].join("\n");
  const file = join(workDir, "examples.sh");
  writeFileSync(file, script);
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn("bash", [file], { cwd: workDir, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.once("error", reject);
      child.once("close", (exit) => resolve({ code: exit, stdout: out, stderr: err }));
    },
  );
  const parts = stdout.split(new RegExp(`\\n${MARK}`));
  const runs: ExampleRun[] = [];
  for (const [i, example] of examples.entries()) {
    const part = parts.find((p) => p.startsWith(`${i}\n`));
    if (part === undefined) break;
    const printed = part.slice(`${i}\n`.length);
    const next = i === examples.length - 1 ? "end" : String(i + 1);
    const finished = parts.some((p) => p.startsWith(`${next}\n`));
    const missing = finished ? missingOutput(example.output, printed) : null;
    const failure = !finished
      ? `exited ${code}: ${stderr.trim() || "(nothing on stderr)"}`
      : missing !== null
        ? `did not print « ${missing} »`
        : null;
    runs.push({ example, stdout: printed, failure });
    if (failure) break;
  }
  return runs;
}
