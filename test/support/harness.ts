import { randomUUID } from "node:crypto";
import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { localPipeline } from "../../infra/local/pipeline.js";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../../shared/adapters/dynamodb/poll-store.js";
import { createTable } from "../../shared/adapters/dynamodb/table.js";
import type { Observability } from "../../shared/aws/observability.js";
import type { TopicReader } from "../../shared/forumactif/topic-fetch.js";
import { hashToken } from "../../shared/http/auth.js";
import type { Notifier } from "../../shared/ports/notifier.js";
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
}

/**
 * The one place tests build the pipeline on a table: the store, the decider service, the local
 * scheduler, the relay and the app, as `npm start` wires them (infra/local/pipeline.ts), with the
 * test's requests over that app. Each call is another process: nothing in memory is shared.
 */
export function pipelineOn(table: Table, clock: ManualClock, options: PipelineOptions = {}) {
  const { client, tableName } = table;
  const store = new DynamoDbStore({ client, tableName, now: () => clock.now() });
  const polls = new DynamoDbPollStore(client, tableName);
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
    ...(options.forumactif
      ? { forumactif: { polls, reader: options.forumactif.reader, allowLoopback: true, minIntervalMs: 0 } }
      : {}),
  });
  return { ...pipeline, store, polls, clock, client, tableName, ...requests(pipeline.app) };
}

/**
 * The real app on real DynamoDB Local (a fresh table per harness), with a manual clock, the
 * local scheduler and the relay — everything but the HTTP server, driven by `app.request()`.
 * Hiboux are kept in `delivered`; the dice roll 3 and 3 until `setDice`.
 */
export async function createHarness(options: PipelineOptions & { start?: string } = {}) {
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
  const pipeline = pipelineOn(await freshTable(), clock, { ...options, notifier, dice: () => dice() });
  return {
    ...pipeline,
    delivered,
    setDice(next: () => readonly [number, number]) {
      dice = next;
    },
  };
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

export type Harness = Awaited<ReturnType<typeof createHarness>>;
