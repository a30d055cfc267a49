import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SHORT_LIVED } from "../../infra/local/dynamodb-local.js";
import { localClient } from "../support/harness.js";

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

/** `npm start` (infra/local/start.ts) in a process of its own, its environment changed by `env`. */
function spawnStart(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "infra/local/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      JDK_JAVA_OPTIONS: SHORT_LIVED.join(" "),
      PORT: "0",
      DATA_DIR: relative(root, dataDir),
      ADMIN_TOKEN: "start-test-token-long-enough-42",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return child;
}

/** Starts the local stack, waits for its banner, and returns it with the banner's lines. */
async function start(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; banner: string; url: string }> {
  const child = spawnStart(env);
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

describe("npm start on a newcomer's machine", () => {
  it("CONTRACT 1 without Java runs on the memory store, says so in one French line, and stops cleanly", async () => {
    // A PATH holding no `java` (node is started by its own path).
    const noJava = mkdtempSync(join(tmpdir(), "duel-no-java-"));
    try {
      const { child, banner, url } = await start({ PATH: noJava, DATA_DIR: ".data" });
      const memoryLines = banner.split("\n").filter((line) => line.includes("Java 17"));
      expect(memoryLines).toHaveLength(1);
      expect(memoryLines[0]).toContain("en mémoire");
      expect(memoryLines[0]).toContain("rien ne sera gardé");
      expect(banner).not.toMatch(/ENOENT|spawn java|at .*\.ts:\d+/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const desk = await fetch(`${url}/admin`);
      expect(desk.status).toBe(200);
      const forum = await fetch(`${url}/forums/local`, {
        headers: { Authorization: "Bearer start-test-token-long-enough-42" },
      });
      expect(forum.status).toBe(200);
      expect(await stop(child)).toBe(0);
    } finally {
      rmSync(noJava, { recursive: true, force: true });
    }
  }, 60_000);

  it("CONTRACT 1 a taken port is told in French with PORT=…, and the start leaves nothing running", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const port = (taken.address() as { port: number }).port;
    try {
      const child = spawnStart({ PORT: String(port) });
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
      expect(code).toBe(1);
      expect(output).toContain(`Le port ${port} est déjà pris`);
      expect(output).toContain(`PORT=${port + 1} npm start`);
      expect(output).not.toContain("EADDRINUSE");
      // Nothing it started is left: DynamoDB Local is never started on a taken port.
      expect(dynamoDbLocalsOnDataDir()).toEqual([]);
    } finally {
      taken.close();
    }
  }, 60_000);
});

describe("npm start on a DynamoDB Local already running", () => {
  it("CONTRACT 1 DYNAMODB_ENDPOINT and TABLE_NAME: its table there, no Java of its own; a bad address told in French", async () => {
    const refused = spawnStart({ DYNAMODB_ENDPOINT: "localhost:8000" });
    let output = "";
    refused.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await new Promise((resolve) => refused.once("exit", resolve))).toBe(1);
    expect(output).toContain("DYNAMODB_ENDPOINT vaut l'adresse d'un DynamoDB");
    expect(output).not.toMatch(/at .*\.ts:\d+/);

    const endpoint = inject("dynamoEndpoint");
    const { child, banner, url } = await start({
      DYNAMODB_ENDPOINT: endpoint,
      TABLE_NAME: "npm-start-shared",
    });
    expect(banner).toContain(`table npm-start-shared sur ${endpoint}`);
    expect(dynamoDbLocalsOnDataDir()).toEqual([]);
    const forum = await fetch(`${url}/forums/local`, {
      headers: { Authorization: "Bearer start-test-token-long-enough-42" },
    });
    expect(forum.status).toBe(200);
    const client = localClient({ endpoint });
    // The forum "local" made at first start is an item of that table.
    const items = await client.send(new ScanCommand({ TableName: "npm-start-shared", Select: "COUNT" }));
    expect(items.Count).toBeGreaterThan(0);
    client.destroy();
    expect(await stop(child)).toBe(0);
  }, 60_000);
});

/** The DynamoDB Local processes started on this test's data folder (an orphan keeps its arguments). */
function dynamoDbLocalsOnDataDir(): string[] {
  const table = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" });
  return table.split("\n").filter((line) => line.includes("DynamoDBLocal") && line.includes(dataDir));
}
