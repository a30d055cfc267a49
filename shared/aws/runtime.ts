import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { KMSClient } from "@aws-sdk/client-kms";
import { DynamoDbStore } from "../adapters/dynamodb/dynamodb-store.js";
import { SecretSealer } from "../adapters/secrets/envelope.js";
import { kmsDataKeys } from "../adapters/secrets/kms-data-keys.js";
import { DuelService } from "../app/duel-service.js";
import type { Clock } from "../ports/clock.js";
import type { Observability } from "./observability.js";

/** Reads a required environment variable; a missing one is a deployment error, said plainly. */
export function env(name: string, source: NodeJS.ProcessEnv = process.env): string {
  const value = source[name];
  if (!value) throw new Error(`missing environment variable ${name}`);
  return value;
}

export const systemClock: Clock = { now: () => new Date(), manual: false };

export function rollDice(): readonly [number, number] {
  return [randomInt(1, 7), randomInt(1, 7)];
}

/** The store and decider service every function shares, clients built once per container. */
export function coreRuntime(
  observability: Observability,
  source: NodeJS.ProcessEnv = process.env,
  /** Wraps the SDK clients (the tracer's capture, in the functions that carry it). */
  capture: <T>(client: T) => T = (client) => client,
) {
  // Every request of a kind goes through the same middleware (none is added after the first send):
  // resolved once per kind instead of at every request, on the path of every delivery.
  const client = capture(new DynamoDBClient({ cacheMiddleware: true }));
  const tableName = env("TABLE_NAME", source);
  // The forums' secrets are sealed with the stack's key (SECRETS_KEY_ARN), its data keys cached.
  const secrets = new SecretSealer(kmsDataKeys(capture(new KMSClient({})), env("SECRETS_KEY_ARN", source)));
  const store = new DynamoDbStore({ client, tableName, secrets });
  // Every decision's business metrics come from the service's observer (shared/observability).
  // DESK_URL, the API's public address (set by the stack): the referee's hiboux link to the desk.
  const deskUrl = source.DESK_URL;
  const duels = new DuelService({
    store,
    now: () => new Date(),
    observer: observability.decisions,
    ...(deskUrl ? { deskUrl } : {}),
  });
  return {
    store,
    duels,
    client,
    tableName,
    observability,
    log: observability.log,
    capture,
    ...(deskUrl ? { deskUrl } : {}),
  };
}

export const newId = (): string => randomUUID();
export const newSecret = (): string => randomBytes(24).toString("base64url");
