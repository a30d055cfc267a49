import { randomUUID } from "node:crypto";
import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { type LocalStore, localPipeline } from "../../infra/local/pipeline.js";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../../shared/adapters/dynamodb/poll-store.js";
import { createTable } from "../../shared/adapters/dynamodb/table.js";
import { MemoryStore } from "../../shared/adapters/memory/memory-store.js";
import { MemoryPollStore } from "../../shared/adapters/memory/poll-store.js";
import type { Observability } from "../../shared/aws/observability.js";
import type { TopicReader } from "../../shared/forumactif/topic-fetch.js";
import { hashToken } from "../../shared/http/auth.js";
import type { Notifier } from "../../shared/ports/notifier.js";
import type { PollStore } from "../../shared/ports/poll-store.js";
import { NO_DYNAMODB_IN_UNIT } from "../tiers.js";
import { ADMIN_TOKEN, requests } from "./requests.js";

/** The run's DynamoDB Local, started by the integration and slow tiers' global setup. */
function runEndpoint(): string {
  const endpoint = inject("dynamoEndpoint");
  if (endpoint === undefined) throw new Error(NO_DYNAMODB_IN_UNIT);
  return endpoint;
}

/** A client of the run's DynamoDB Local, or of another endpoint (a DynamoDB Local of the test's own). */
export function localClient(
  options: {
    endpoint?: string;
    maxAttempts?: number;
    requestHandler?: DynamoDBClientConfig["requestHandler"];
  } = {},
): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: options.endpoint ?? runEndpoint(),
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.requestHandler === undefined ? {} : { requestHandler: options.requestHandler }),
  });
}

/** A table of DynamoDB, reached through a client (a fresh one, another process's, a faulty one). */
export interface Table {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

/** A fresh table on the run's DynamoDB Local (or on `client`). */
export async function freshTable(client: DynamoDBClient = localClient()): Promise<Table> {
  const tableName = `t-${randomUUID()}`;
  await createTable(client, tableName);
  return { client, tableName };
}

export interface PipelineOptions {
  readonly notifier?: Notifier;
  readonly dice?: () => readonly [number, number];
  readonly log?: (line: Record<string, unknown>) => void;
  /** The functions' business metrics (shared/observability), published as EMF lines. */
  readonly observability?: Pick<Observability, "decisions" | "metrics">;
  /** Lets forums name channels on this machine, as the local stack does for its fakes (off by default). */
  readonly allowLoopbackChannels?: boolean;
  /** Real time for desk sessions and login delays (default: the system's). */
  readonly wallNow?: () => Date;
  /** Forumactif forums read from a board on loopback (CONTRACT.md 4.4). */
  readonly forumactif?: { readonly reader: TopicReader };
  /** The deployment's public address (`DESK_URL`). */
  readonly deskUrl?: string;
  /** Items one commit may hold, fewer than DynamoDB's transaction: a duel that fills one, in short. */
  readonly maxCommitItems?: number;
}

/**
 * The one place tests build the pipeline: the store, the decider service, the local scheduler, the
 * relay and the app, as `npm start` wires them (infra/local/pipeline.ts), with the test's requests
 * over that app.
 */
function pipelineWith<S extends LocalStore, P extends PollStore>(
  store: S,
  polls: P,
  clock: ManualClock,
  options: PipelineOptions,
) {
  const pipeline = localPipeline({
    store,
    clock,
    notifier: options.notifier ?? { deliver: async () => {} },
    adminTokenHash: hashToken(ADMIN_TOKEN),
    rollDice: options.dice ?? (() => [3, 3]),
    log: options.log ?? (() => {}),
    ...(options.observability ? { observability: options.observability } : {}),
    allowLoopbackChannels: options.allowLoopbackChannels ?? false,
    ...(options.wallNow ? { wallNow: options.wallNow } : {}),
    ...(options.deskUrl ? { deskUrl: options.deskUrl } : {}),
    ...(options.maxCommitItems ? { maxCommitItems: options.maxCommitItems } : {}),
    ...(options.forumactif
      ? { forumactif: { polls, reader: options.forumactif.reader, allowLoopback: true, minIntervalMs: 0 } }
      : {}),
  });
  return { ...pipeline, store, polls, clock, ...requests(pipeline.app) };
}

/** The pipeline on a table of DynamoDB. Each call is another process: nothing in memory is shared. */
export function pipelineOn(table: Table, clock: ManualClock, options: PipelineOptions = {}) {
  const { client, tableName } = table;
  const store = new DynamoDbStore({ client, tableName, now: () => clock.now() });
  const polls = new DynamoDbPollStore(client, tableName);
  return { ...pipelineWith(store, polls, clock, options), client, tableName };
}

/** What every harness adds to its pipeline: a manual clock, the hiboux delivered, dice to set. */
async function harnessOf<T>(
  options: PipelineOptions & { start?: string },
  build: (clock: ManualClock, options: PipelineOptions) => T | Promise<T>,
) {
  const clock = new ManualClock(options.start ?? "2026-11-30T10:00:00.000Z");
  const delivered: { kind: string; to: string; text: string; channel: string }[] = [];
  const notifier: Notifier = options.notifier ?? {
    async deliver(hibou, channel) {
      delivered.push({
        kind: hibou.kind,
        to: `${hibou.to.role}:${hibou.to.id}`,
        text: hibou.text,
        channel: channel.type,
      });
    },
  };
  let dice = options.dice ?? (() => [3, 3] as const);
  const pipeline = await build(clock, { ...options, notifier, dice: () => dice() });
  return {
    ...pipeline,
    delivered,
    setDice(next: () => readonly [number, number]) {
      dice = next;
    },
  };
}

/**
 * The real app on real DynamoDB Local (a fresh table per harness), with a manual clock, the
 * local scheduler and the relay — everything but the HTTP server, driven by `app.request()`.
 * Hiboux are kept in `delivered`; the dice roll 3 and 3 until `setDice`.
 */
export async function createHarness(options: PipelineOptions & { start?: string } = {}) {
  const table = await freshTable();
  return harnessOf(options, (clock, withDice) => pipelineOn(table, clock, withDice));
}

/**
 * The same app on the memory store (shared/adapters/memory), which passes the DynamoDB store's
 * contract suite: for tests of the rules and the services that use storage only as a store, in the
 * unit tier. A test about DynamoDB itself (transactions, capacity, another process on the same
 * table) keeps `createHarness`.
 */
export function memoryHarness(options: PipelineOptions & { start?: string } = {}) {
  return harnessOf(options, (clock, withDice) => {
    const store = new MemoryStore();
    // Typed by their ports: a harness on either store is a `Harness`.
    return pipelineWith<LocalStore, PollStore>(store, new MemoryPollStore(store.tables), clock, withDice);
  });
}

/**
 * Another process on the harness's table: its own store, decider service and app (another Lambda
 * container, another server), so that nothing in memory is shared with the harness's.
 */
export function anotherProcess(
  h: Pick<Harness, "client" | "tableName" | "clock">,
  options: PipelineOptions = {},
) {
  return pipelineOn(h, h.clock, options);
}

/** A harness on DynamoDB Local: its table, reachable by another process. */
export type Harness = Awaited<ReturnType<typeof createHarness>>;

/**
 * A harness on the memory store, its store and poll store typed by their ports: what every harness
 * gives, so a helper taking one takes a `Harness` too.
 */
export type MemoryHarness = Awaited<ReturnType<typeof memoryHarness>>;
