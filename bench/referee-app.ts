import { randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Hono } from "hono";
import { ManualClock } from "../infra/local/clock.js";
import { DynamoDbStore } from "../shared/adapters/dynamodb/dynamodb-store.js";
import { createTable } from "../shared/adapters/dynamodb/table.js";
import { SecretSealer } from "../shared/adapters/secrets/envelope.js";
import { DuelService } from "../shared/app/duel-service.js";
import { createApp } from "../shared/http/app.js";
import { hashToken } from "../shared/http/auth.js";
import type { DuelCommit } from "../shared/ports/duel-repository.js";
import { entriesOf } from "../shared/ports/outbox-store.js";
import { benchDataKeys } from "./fake-kms.js";
import { RequestCounter } from "./request-counter.js";

export const ADMIN_TOKEN = "bench-admin-token";
export const START = "2026-11-30T10:00:00.000Z";

/**
 * A DynamoDB client for DynamoDB Local, as the tests build it. `cacheMiddleware` as the functions'
 * and `npm start`'s clients set it: only for a client whose middleware is all added before its first
 * request (the SDK ignores any added later).
 */
export function localClient(
  endpoint: string,
  options: { readonly cacheMiddleware?: boolean } = {},
): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    ...(options.cacheMiddleware ? { cacheMiddleware: true } : {}),
  });
}

/** The effects committed to the outbox: what the relay will ask of Scheduler and the notifiers. */
export class EffectTally {
  commits = 0;
  /** Outbox entries written (items of the transaction). */
  entries = 0;
  schedule = 0;
  cancel = 0;
  notify = 0;

  add(commit: DuelCommit): void {
    this.commits++;
    for (const entry of commit.outbox) {
      this.entries++;
      for (const { effect } of entriesOf(entry)) {
        if (effect.type === "timers") {
          this.schedule += effect.schedule.length;
          this.cancel += effect.cancel.length;
        } else this.notify++;
      }
    }
  }
}

/** The real store, counting what each commit puts in the outbox once it is written. */
class TallyingStore extends DynamoDbStore {
  constructor(
    options: ConstructorParameters<typeof DynamoDbStore>[0],
    private readonly effects: EffectTally,
  ) {
    super(options);
  }

  override async commit(commit: DuelCommit): Promise<void> {
    await super.commit(commit);
    this.effects.add(commit);
  }
}

export interface RefereeApp {
  readonly app: Hono;
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly requests: RequestCounter;
  readonly effects: EffectTally;
  readonly store: DynamoDbStore;
}

/**
 * A new table of the application's layout. DynamoDB Local serves tables created late in its life
 * markedly slower than the first ones (transactions on a third table took about four times as long
 * as on the first, in the same process), so the bench makes one table and every phase shares it.
 */
export async function createBenchTable(endpoint: string): Promise<string> {
  const client = localClient(endpoint);
  const tableName = `bench-${randomUUID()}`;
  await createTable(client, tableName);
  client.destroy();
  return tableName;
}

/**
 * The real app on a table of DynamoDB Local, assembled as test/support/harness.ts does: real
 * `createApp`, real `DynamoDbStore` and `DuelService`, a manual clock (a post's time is its time
 * in the thread; it starts at START unless told otherwise) and fixed dice. Nothing is mocked; the request counter is an SDK middleware on
 * this app's own client, so each phase counts only its own requests.
 */
export function createRefereeApp(
  endpoint: string,
  tableName: string,
  options: { dice?: readonly [number, number]; start?: string } = {},
): RefereeApp {
  const client = localClient(endpoint);
  const requests = new RequestCounter();
  requests.attach(client);
  const clock = new ManualClock(options.start ?? START);
  const effects = new EffectTally();
  // Sealed with the bench's data keys, so that the functions' cold starts open the forums' secrets
  // through the KMS client, against bench/fake-kms.ts.
  const secrets = new SecretSealer(benchDataKeys);
  const store = new TallyingStore({ client, tableName, now: () => clock.now(), secrets }, effects);
  const duels = new DuelService({ store, now: () => clock.now() });
  // Attack 1, defence 6: every attack is deflected, so no one ever loses a point.
  const dice = options.dice ?? ([1, 6] as const);
  const app = createApp({
    store,
    access: store.accessStore(),
    duels,
    clock,
    adminTokenHash: hashToken(ADMIN_TOKEN),
    rollDice: () => dice,
    newId: randomUUID,
    log: () => {},
  });
  return { app, client, tableName, requests, effects, store };
}
