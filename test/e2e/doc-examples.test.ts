import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SHORT_LIVED } from "../../infra/local/dynamodb-local.js";
import { type DocExample, docExamples, type ReaderValues, runExamples } from "../support/doc-examples.js";

/*
 * The guides' shell examples run as written, in order, each document in one bash against the stack
 * its reader starts: `npm start` (infra/local/start.ts) in a process of its own, on a free port, a
 * data folder and a table of its own, its banner read for what the reader pastes (the admin token,
 * the secrets). Its table is on the run's DynamoDB Local (`DYNAMODB_ENDPOINT`): `npm start`'s own
 * Java is test/e2e/npm-start.test.ts's, and three more would cost the run seconds of CPU each.
 * A document says what its reader starts beside the defaults in a comment, `<!-- examples: CLOCK=manual -->`
 * or `<!-- examples: fake-forumactif -->` (`npm run fake-forumactif`, then `FORUMACTIF_URL=… npm start`).
 */

const root = join(import.meta.dirname, "../..");
const DOCUMENTS = ["README.md", "docs/guide-arbitres.md", "docs/guide-forumactif.md", "docs/DEVELOPERS.md"];

const children: ChildProcess[] = [];
const folders: string[] = [];
const stacks = new Map<string, Promise<ReaderValues>>();

/** Stops a child as Ctrl-C does, so that `npm start` stops its DynamoDB Local too; kills it if it hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

afterAll(async () => {
  await Promise.all(children.map(stop));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

function folder(prefix: string): string {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
}

/** Starts a local script (`infra/local/…`) and resolves with what it printed up to its « Ctrl-C » line. */
function launch(script: string, env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, JDK_JAVA_OPTIONS: SHORT_LIVED.join(" "), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ctrl-C")) resolve(output);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
}

function field(banner: string, pattern: RegExp): string {
  const value = banner.match(pattern)?.[1];
  if (!value) throw new Error(`${pattern} not found in:\n${banner}`);
  return value;
}

/** What the document's comment `<!-- examples: … -->`, on a line of its own, says its reader starts beside `npm start`. */
function directivesOf(markdown: string): string[] {
  return [...markdown.matchAll(/^<!--\s*examples:\s*(.*?)\s*-->\s*$/gm)].flatMap((m) =>
    (m[1] ?? "").split(/\s+/),
  );
}

async function startStack(directives: readonly string[]): Promise<ReaderValues> {
  const env: Record<string, string> = {
    PORT: "0",
    DATA_DIR: join(folder("duel-doc-examples-"), "data"),
    DYNAMODB_ENDPOINT: inject("dynamoEndpoint"),
    TABLE_NAME: `doc-examples-${stacks.size}`,
    // The token is generated and printed, as on a reader's first start.
    ADMIN_TOKEN: "",
    HIBOUX_LOG_TEXTS: "0",
  };
  const placeholders: Record<string, string> = {};
  for (const directive of directives) {
    if (directive === "fake-forumactif") {
      const board = await launch("infra/local/fake-forumactif.ts", { CONTROL_PORT: "0" });
      env.FORUMACTIF_URL = field(board, /Forum\s+(http:\/\/\S+)/);
      placeholders["<adresse Contrôle du faux forum>"] = field(board, /Contrôle\s+(http:\/\/\S+)/);
    } else {
      const [name, value] = directive.split("=");
      if (!name || value === undefined) throw new Error(`unknown examples directive: ${directive}`);
      env[name] = value;
    }
  }
  const banner = await launch("infra/local/start.ts", env);
  placeholders["<ADMIN_TOKEN affiché>"] = field(banner, /ADMIN_TOKEN\s+(\S+)/);
  placeholders["<Secret générique affiché>"] = field(banner, /Secret générique du forum "local"\s+(\S+)/);
  placeholders["<Secret Discourse affiché>"] = field(banner, /Secret Discourse du forum "local"\s+(\S+)/);
  return { hostPort: field(banner, /API\s+http:\/\/(\S+)/), placeholders };
}

/** One stack for each set of directives, started the first time a document asks for it. */
function stackFor(directives: readonly string[]): Promise<ReaderValues> {
  const key = [...directives].sort().join(" ");
  let stack = stacks.get(key);
  if (!stack) {
    stack = startStack(directives);
    stacks.set(key, stack);
  }
  return stack;
}

const failures = (doc: string, runs: Awaited<ReturnType<typeof runExamples>>) =>
  runs.flatMap((run) => (run.failure ? [`${doc}:${run.example.line} ${run.failure}\n${run.stdout}`] : []));

describe("the guides' examples run as written", () => {
  // Every document's stack starts at once, each on its own port and data folder: a stack's start
  // is mostly waiting (Java, tsx), so the documents do not wait for each other's.
  beforeAll(() => {
    for (const doc of DOCUMENTS) {
      const markdown = readFileSync(join(root, doc), "utf8");
      if (docExamples(markdown).examples.length > 0) stackFor(directivesOf(markdown)).catch(() => {});
    }
  });

  for (const doc of DOCUMENTS) {
    it(`${doc}: every sh example exits 0 and prints what the document shows`, async () => {
      const markdown = readFileSync(join(root, doc), "utf8");
      const { examples, untagged } = docExamples(markdown);
      expect(untagged).toEqual([]);
      if (examples.length === 0) return;
      const values = await stackFor(directivesOf(markdown));
      const runs = await runExamples(examples, values, folder("duel-doc-run-"));
      expect(failures(doc, runs)).toEqual([]);
      expect(runs).toHaveLength(examples.length);
    }, 300_000);
  }

  it("a broken example fails: an HTTP error, a wrong output, a placeholder nobody fills", async () => {
    const values = await stackFor([]);
    const example = (line: number, code: string, output: string[] = []): DocExample => ({
      line,
      code,
      output,
    });
    const refused = await runExamples(
      [
        example(1, "TOKEN='<ADMIN_TOKEN affiché>'"),
        example(2, 'curl -s localhost:3000/duels/local.nothing-here -H "Authorization: Bearer $TOKEN"'),
        example(3, "curl -s localhost:3000/healthz"),
      ],
      values,
      folder("duel-doc-run-"),
    );
    expect(refused.map((r) => r.failure)).toEqual([null, expect.stringMatching(/^exited 22/)]);

    const wrongOutput = await runExamples(
      [example(1, "curl -s localhost:3000/healthz", ['{"ok":false…'])],
      values,
      folder("duel-doc-run-"),
    );
    expect(wrongOutput[0]?.failure).toBe('did not print « {"ok":false… »');

    await expect(
      runExamples([example(1, "SECRET='<Secret Discord affiché>'")], values, folder("duel-doc-run-")),
    ).rejects.toThrow("<Secret Discord affiché>");
  }, 300_000);
});
