import { randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { createTable } from "../../../shared/adapters/dynamodb/table.js";
import type { DuelEvent } from "../../../shared/domain/events.js";
import { type DuelState, initialState, type PostMark } from "../../../shared/domain/state.js";
import type { DuelCommit, ForumConfig, OutboxEntry, StoredInput } from "../../../shared/ports/duel-store.js";
import type { TimerSpec } from "../../../shared/ports/scheduler.js";

/** A client of the run's DynamoDB Local (or of `endpoint`, to point it somewhere else). */
export function localClient(
  endpoint: string = inject("dynamoEndpoint"),
  maxAttempts?: number,
): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
  });
}

/** A store on a table of its own, made for the calling test file. */
export async function freshStore(): Promise<{
  store: DynamoDbStore;
  client: DynamoDBClient;
  tableName: string;
}> {
  const client = localClient();
  const tableName = `test-${randomUUID()}`;
  await createTable(client, tableName);
  return { store: new DynamoDbStore({ client, tableName }), client, tableName };
}

export function aState(duelId: string, overrides: Partial<DuelState> = {}): DuelState {
  return {
    ...initialState,
    id: duelId,
    forumId: "poudlard",
    threadId: `thread-${duelId}`,
    status: "registered",
    referee: { id: "7", name: "Minerva McGonagall" },
    createdAt: "2026-11-30T10:00:00.000Z",
    ...overrides,
  };
}

/** A post's mark whose content hash is `c` twelve times. */
export function aMark(c: string, overrides: Partial<PostMark> = {}): PostMark {
  return {
    authorId: "42",
    hash: c.repeat(12),
    tampered: false,
    deleted: false,
    inDuel: true,
    valid: false,
    ...overrides,
  };
}

export function anInput(key: string, inputId = `in-${key}`): StoredInput {
  const event: DuelEvent = {
    id: `${inputId}#0`,
    at: "2026-11-30T10:00:00.000Z",
    rule: "R-6.1",
    type: "fault.absence",
    duelistId: "42",
    turn: 1,
    count: 1,
    by: "system",
  };
  return {
    key,
    inputId,
    command: {
      type: "timer.fired",
      now: "2026-11-30T10:00:00.000Z",
      timer: aTimer(`t-${key}`, "2026-11-30T10:00:00.000Z"),
    },
    events: [event],
  };
}

export function anEntry(duelId: string, id: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    duelId,
    createdAt: "2026-12-01T10:00:00.000Z",
    effect: {
      type: "timers",
      cancel: [],
      schedule: [aTimer(`timer-${id}`, "2026-12-04T10:00:00.000Z", duelId)],
    },
    attempts: 0,
    nextAttemptAt: "2026-12-01T10:00:00.000Z",
    doneAt: null,
    lastError: null,
    failedAt: null,
    ...overrides,
  };
}

export function aTimer(name: string, at: string, duelId = "duel-1"): TimerSpec {
  return { name, duelId, kind: "reply-deadline", at, ref: "1" };
}

export function aForum(forumId: string): ForumConfig {
  return {
    forumId,
    name: "Poudlard RPG",
    webhookSecrets: { generic: "whsec_secret" },
    referees: [{ id: "7", name: "Minerva McGonagall", username: "minerva" }],
    notify: [{ type: "log" }],
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };
}

/**
 * A commit moving a duel from `expectedVersion` to the next version, writing nothing else unless
 * told. `updatedAt` orders duels in listings.
 */
export function aCommit(
  duelId: string,
  expectedVersion: number,
  overrides: Partial<Omit<DuelCommit, "snapshot">> & {
    state?: DuelState;
    updatedAt?: string;
    lastKey?: string;
  } = {},
): DuelCommit {
  const { state, updatedAt, lastKey, ...rest } = overrides;
  return {
    duelId,
    forumId: "poudlard",
    threadId: `thread-${duelId}`,
    expectedVersion,
    snapshot: {
      duelId,
      version: expectedVersion + 1,
      state: state ?? aState(duelId),
      lastKey: lastKey ?? "",
      updatedAt: updatedAt ?? "2026-12-01T10:00:00.000Z",
    },
    inputs: [],
    marksRead: {},
    dedupKeys: [],
    deliveries: [],
    outbox: [],
    duelists: [],
    ...rest,
  };
}
