import { randomBytes, randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { getRequestListener } from "@hono/node-server";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../../shared/adapters/dynamodb/poll-store.js";
import { createTable } from "../../shared/adapters/dynamodb/table.js";
import { MemoryStore } from "../../shared/adapters/memory/memory-store.js";
import { MemoryPollStore } from "../../shared/adapters/memory/poll-store.js";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { SecretSealer } from "../../shared/adapters/secrets/envelope.js";
import {
  localDataKeys,
  localMasterKey,
  processSealer,
} from "../../shared/adapters/secrets/local-data-keys.js";
import type { OutboxRelay } from "../../shared/app/relay.js";
import { functionObservability } from "../../shared/aws/observability.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { hashToken } from "../../shared/http/auth.js";
import type { Logger } from "../../shared/http/deps.js";
import { MAX_BODY_BYTES } from "../../shared/http/webhook-app.js";
import type { PollStore } from "../../shared/ports/poll-store.js";
import { ManualClock, SystemClock } from "./clock.js";
import { type DynamoDbLocal, javaOnPath, startDynamoDbLocal } from "./dynamodb-local.js";
import type { LocalScheduler } from "./local-scheduler.js";
import { closeAfterTooLarge, refuseOversizeBodies } from "./oversize-bodies.js";
import { type LocalStore, localPipeline } from "./pipeline.js";
import { listening, PortTakenError, portFree } from "./ports.js";

export interface LocalStackOptions {
  readonly port?: number;
  readonly adminToken?: string;
  /** `.data/` by default; `memory` keeps nothing. */
  readonly dataDir?: string;
  readonly clock?: "system" | "manual";
  /** Where the manual clock starts (default: now). */
  readonly clockStart?: string;
  /** An already running DynamoDB (tests share one); otherwise one is started. */
  readonly dynamoEndpoint?: string;
  readonly tableName?: string;
  readonly log?: Logger;
  /** Where the `log` channel writes hiboux (stdout by default). */
  readonly hibouLog?: (line: string) => void;
  /**
   * Whether the `log` channel writes the hiboux's texts, not only their kind and recipient
   * (CONTRACT.md 1): `HIBOUX_LOG_TEXTS=1` unless told, which `npm start` sets by default.
   */
  readonly hibouLogTexts?: boolean;
  /** The server's dice (fair dice by default): a benchmark fixes them so its duels never end. */
  readonly rollDice?: () => readonly [number, number];
  /** How often the relay looks for effects to perform (ms). */
  readonly relayPollMs?: number;
  /**
   * Whether Forumactif boards on loopback may be read (a fake board, `npm run fake-forumactif`):
   * yes unless told, on this machine only; the deployed stack never reads them (CONTRACT.md 4.4).
   */
  readonly allowLoopbackBoards?: boolean;
  /** The address the desk is reached at: the referee's hiboux then link to the duel's page. */
  readonly publicUrl?: string;
  /**
   * Given the stack's DynamoDB client before it sends anything: a bench adds its own middleware
   * there, since the client settles its middleware at each kind of request's first send.
   */
  readonly onClient?: (client: DynamoDBClient) => void;
}

export interface LocalStack {
  readonly url: string;
  readonly adminToken: string;
  readonly generatedToken: boolean;
  readonly clock: SystemClock | ManualClock;
  /** DynamoDB Local's store, or the memory store on a machine without Java (`storage`). */
  readonly store: LocalStore;
  /**
   * Where the duels are kept: `dynamodb` (DynamoDB Local, or the endpoint given), or `memory` when
   * no `java` is on the PATH: the in-memory store, nothing kept when the process ends (CONTRACT.md 1).
   */
  readonly storage: "dynamodb" | "memory";
  readonly relay: OutboxRelay;
  readonly scheduler: LocalScheduler;
  /** Performs every due effect and fires every due timer until nothing is left; returns timers fired. */
  settle(): Promise<number>;
  stop(): Promise<void>;
}

/** Two fair six-sided dice, from the platform's CSPRNG. */
export function rollDice(): readonly [number, number] {
  return [randomInt(1, 7), randomInt(1, 7)];
}

/** A fresh Standard Webhooks secret (`whsec_` + base64 of 24 random bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * The whole pipeline on this machine (CONTRACT.md section 1): DynamoDB Local, the table, the
 * local scheduler, the outbox relay and the HTTP server on loopback. `stop()` leaves nothing
 * running.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  // The functions' logger; `npm start` makes it print indented lines (POWERTOOLS_DEV).
  const log: Logger = options.log ?? functionObservability("local").log;
  const port = options.port ?? 3000;
  // A taken port is told before DynamoDB Local is started for nothing (and checked again at listen).
  if (port !== 0 && !(await portFree(port))) throw new PortTakenError(port);
  const clock =
    options.clock === "manual" ? new ManualClock(options.clockStart ?? new Date()) : new SystemClock();
  const storage = await openStorage(options, clock);
  const { store } = storage;
  const generatedToken = !options.adminToken;
  const adminToken = options.adminToken ?? randomBytes(24).toString("base64url");
  const { scheduler, relay, settle, app, watchdog } = localPipeline({
    ...(options.publicUrl ? { deskUrl: options.publicUrl } : {}),
    store,
    clock,
    // The local stack's own fakes listen on loopback: allowed here, and only here.
    notifier: createNotifier({
      log: options.hibouLog ?? ((line) => console.log(line)),
      logTexts: options.hibouLogTexts ?? process.env.HIBOUX_LOG_TEXTS === "1",
      http: { destinations: { allowLoopback: true } },
      boardNow: () => Math.max(Date.now(), clock.now().getTime()),
    }),
    allowLoopbackChannels: true,
    adminTokenHash: hashToken(adminToken),
    rollDice: options.rollDice ?? rollDice,
    log,
    // The relay's own retries run on real time, or on the manual clock when it is ahead of it.
    relayNow: () => new Date(Math.max(Date.now(), clock.now().getTime())),
    forumactif: {
      polls: storage.polls,
      reader: topicReader,
      allowLoopback: options.allowLoopbackBoards ?? true,
    },
  });
  const errorLog = (message: string, error: unknown) =>
    log({ level: "error", msg: message, error: error instanceof Error ? error.message : String(error) });

  // Bodies over the limit are answered without leaving a keep-alive client a dead connection.
  const listener = getRequestListener(closeAfterTooLarge(app.fetch));
  const server = createServer(refuseOversizeBodies(MAX_BODY_BYTES, listener));
  // A port taken meanwhile fails the start with nothing left running (DynamoDB Local included).
  await listening(server, port).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  const boundPort = (server.address() as AddressInfo).port;

  let relayTimer: NodeJS.Timeout | undefined;
  let relayRun: Promise<unknown> = Promise.resolve();
  const pollRelay = () => {
    relayRun = relay
      .runDue()
      .catch((error) => errorLog("relay run failed", error))
      .finally(() => {
        relayTimer = setTimeout(pollRelay, options.relayPollMs ?? 250);
        relayTimer.unref();
      });
  };
  pollRelay();
  scheduler.start();
  // The chains of Forumactif reads looked at every minute, as the relay's sweep does in AWS.
  let watchdogRun: Promise<unknown> = Promise.resolve();
  const watchdogTimer = setInterval(() => {
    watchdogRun = watchdogRun
      .then(() => watchdog?.sweep())
      .catch((error) => errorLog("poll chain watchdog failed", error));
  }, 60_000);
  watchdogTimer.unref();

  return {
    url: `http://127.0.0.1:${boundPort}`,
    adminToken,
    generatedToken,
    clock,
    store,
    storage: storage.kind,
    relay,
    scheduler,
    settle,
    stop: async () => {
      clearTimeout(relayTimer);
      clearInterval(watchdogTimer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await scheduler.stop();
      await relayRun;
      await watchdogRun;
      clearTimeout(relayTimer);
      await storage.close();
    },
  };
}

/** The store the stack runs on, and what closing it takes. */
interface Storage {
  readonly kind: "dynamodb" | "memory";
  readonly store: LocalStore;
  readonly polls: PollStore;
  close(): Promise<void>;
}

/**
 * DynamoDB Local (started here unless an endpoint is given) and its table, or, on a machine
 * without Java, the memory store: every port answering as the table does, nothing kept.
 */
async function openStorage(options: LocalStackOptions, clock: SystemClock | ManualClock): Promise<Storage> {
  if (!options.dynamoEndpoint && !javaOnPath()) {
    const store = new MemoryStore();
    return {
      kind: "memory",
      store,
      polls: new MemoryPollStore(store.tables),
      close: async () => {},
    };
  }
  const dynamo: DynamoDbLocal | null = options.dynamoEndpoint
    ? null
    : await startDynamoDbLocal({ dataDir: options.dataDir ?? ".data" });
  const client = new DynamoDBClient({
    endpoint: options.dynamoEndpoint ?? dynamo?.endpoint ?? "",
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    // As in the functions (shared/aws/runtime.ts).
    cacheMiddleware: true,
  });
  const close = async () => {
    client.destroy();
    await dynamo?.stop();
  };
  try {
    options.onClient?.(client);
    const tableName = options.tableName ?? "duel-referee";
    await createTable(client, tableName);
    // The forums' secrets sealed as in AWS, with the key file of DATA_DIR instead of KMS. On a
    // DynamoDB it did not start (the tests'), nothing outlives the process: neither does the key.
    const keyDir = options.dataDir ?? (options.dynamoEndpoint ? "memory" : ".data");
    const secrets =
      keyDir === "memory" ? processSealer() : new SecretSealer(localDataKeys(localMasterKey(keyDir)));
    const store = new DynamoDbStore({ client, tableName, now: () => clock.now(), secrets });
    return {
      kind: "dynamodb",
      store,
      polls: new DynamoDbPollStore(client, tableName),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
