import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SHORT_LIVED } from "../../infra/local/dynamodb-local.js";

/*
 * The README's quick start as a user runs it: `npm start` (infra/local/start.ts) in a process of its
 * own, its data in a folder given relative to where it is started, as the default `.data` is.
 */

const root = join(import.meta.dirname, "../..");
const dataDir = mkdtempSync(join(tmpdir(), "duel-npm-start-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the local stack, waits for its banner, and returns it with the banner's lines. */
async function start(): Promise<{ child: ChildProcess; banner: string; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "infra/local/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      JDK_JAVA_OPTIONS: SHORT_LIVED.join(" "),
      PORT: "0",
      DATA_DIR: relative(root, dataDir),
      ADMIN_TOKEN: "start-test-token-long-enough-42",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const banner = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ctrl-C")) resolve(output);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  const url = banner.match(/API\s+(http:\/\/\S+)/)?.[1];
  if (!url) throw new Error(`no API line in:\n${banner}`);
  return { child, banner, url };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGINT");
  return exited;
}

describe("README quick start: npm start", () => {
  it("CONTRACT 1 starts on its defaults, answers, stops on Ctrl-C, and finds its data again", async () => {
    const first = await start();
    expect(first.banner).toContain('Secret générique du forum "local"');
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    const forum = await fetch(`${first.url}/forums/local`, {
      headers: { Authorization: "Bearer start-test-token-long-enough-42" },
    });
    expect(forum.status).toBe(200);
    expect(await stop(first.child)).toBe(0);

    // The same folder: the forum made on the first start is there, its secrets unchanged.
    const second = await start();
    expect(second.banner).toContain('Forum "local" déjà configuré');
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  }, 120_000);
});
