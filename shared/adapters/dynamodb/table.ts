/**
 * The single-table design, shared by the CDK stack and the local stack so both build the same table.
 *
 * | Item          | pk                            | sk                          | gsi1pk                      | gsi1sk                      | Attributes                                                     |
 * |---------------|-------------------------------|-----------------------------|-----------------------------|-----------------------------|----------------------------------------------------------------|
 * | duel snapshot | `DUEL#<duelId>`               | `STATE`                     | `DUELS#<forumId>#<status>`  | `<duelId>`; finished: `<endedAt>#<duelId>` | `version` N, `state` (JSON S, without the ruleset), `rulesetHash`, `lastKey`, `updatedAt`, `forumId`, `threadId`, `status` |
 * | duel ruleset  | `DUEL#<duelId>`               | `RULESET`                   |                             |                             | `hash`, `ruleset` (JSON S): the ruleset the snapshot names by `rulesetHash`, written with the snapshot that first names it |
 * | input         | `DUEL#<duelId>`               | `IN#<key>`                  |                             |                             | `key` (the input's order, `input-keys.ts`), `inputId`, `command` (JSON S), `events` (JSON S) |
 * | post mark     | `DUEL#<duelId>`               | `POST#<postId>`             |                             |                             | `mark` (S, absent once removed), `seen` (SS: dedup keys of its deliveries) |
 * | outbox entry  | `DUEL#<duelId>`               | `OUT#<createdAt>#<id>`      | `OUTBOX` / `OUTBOX#failed`  | `<nextAttemptAt>#<id>`      | entry fields, `payload` (the effect as JSON S: the hiboux' texts, not in gsi1; `effect`, projected, on entries written before), `partsDone` (M, part id → when: the relay's record of a decision's parts, apart from the effect; not in gsi1); no gsi1 once done |
 * | dedup key     | `DEDUP#<key>` (`dedup-keys.ts`) | `DEDUP`                     |                             |                             | `duelId`, `createdAt`, `expiresAt` (TTL, now + 30 days)        |
 * | forum         | `FORUM#<forumId>`             | `CONFIG`                    | `FORUMS`                    | `<forumId>`                 | `forumId`, `config` (ForumConfig as JSON S), `updatedAt`       |
 * | duelist ban   | `DUELIST#<forumId>#<userId>`  | `BAN#<duelId>`              |                             |                             | `bannedUntil`, `duelId`, `updatedAt`: one per duel that bans them, deleted when it ends |
 * | duelist duel  | `DUELIST#<forumId>#<userId>`  | `DUEL#<duelId>`             |                             |                             | `duelId`, `threadId`, `status`, `outcome` (S or NULL), `at`    |
 * | forum account | `ACCOUNTS#<forumId>`          | `USER#<userId>`             |                             |                             | `userId`, `name`, `username`, `seenAt`: an author seen in the forum's posts |
 * | club record   | `FORUM#<forumId>`             | `CLUB#<duelId>`             | `CLUB#<forumId>`            | `RUN#<duelId>`; finished: `END#<endedAt>#<duelId>` | `record` (ClubDuelRecord as JSON S), `updatedAt`: the duel as the club's records show it, written with the duel's commit when it changes; beside the forum's item, so one query reads a club's page |
 * | local timer   | `TIMER#<name>`                | `TIMER`                     | `TIMERS`                    | `<at>#<name>`               | `timer` (TimerSpec as JSON S)                                  |
 * | credential    | `CRED#<id>`                   | `CRED`                      | `CREDS#<forumId>`           | `<createdAt>#<id>`          | `id`, `forumId`, `role`, `name`, `refereeId`?, `tokenHash` (SHA-256 hex, never the token), `createdAt` |
 * | desk session  | `SESSION#<sha256 of its id>`  | `SESSION`                   |                             |                             | `subject` (`operator`/`credential`), `adminKey` or `credentialId`, `createdAt`, `endsAt`, `expiresAt` (TTL), `reveal_<id>` (a sealed secret shown once, `session-reveals.ts`) |
 * | login failures| `LOGIN#<account or address>`  | `LOGIN`                     |                             |                             | `key`, `failures` N, `blockedUntil`?, `expiresAt` (TTL: forgotten after a quiet spell) |
 *
 * gsi1 projects the outbox and timer attributes only (never a duel's state). It is sparse: only duel snapshots, pending or failed outbox entries and local timers carry its
 * keys (and credentials, listed by forum; forums, listed for the operator). Instants in gsi1 sort keys are normalised to `toISOString()` so that string order is time
 * order, and queries for "due at or before `now`" compare against `<now>~` (`~` sorts after `#`).
 *
 * @module
 */
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  type DynamoDBClient,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { toInstant } from "../../time/duration.js";

/** The table's shape as plain data, for the CDK stack (`AttributeType.STRING` is `"S"`). */
export const tableDefinition = {
  partitionKey: { name: "pk", type: "S" },
  sortKey: { name: "sk", type: "S" },
  globalSecondaryIndexes: [
    {
      indexName: "gsi1",
      partitionKey: { name: "gsi1pk", type: "S" },
      sortKey: { name: "gsi1sk", type: "S" },
      // Only what the index's readers need: timers are read from it whole; outbox entries are listed
      // without their effect (`payload`, read whole from the table when due), duel snapshots by key.
      // The state and the hiboux' texts stay out, so a post's write never rewrites the index with
      // them, and a relay's claim or record of an entry rewrites a few hundred bytes (one write
      // unit). The list is the one deployed stacks were created with: an index's projection cannot
      // change in place (CloudFormation refuses the update), so `effect`, the entries' attribute
      // before `payload`, stays listed and new entries no longer carry it.
      projection: "INCLUDE",
      nonKeyAttributes: [
        "id",
        "duelId",
        "createdAt",
        "effect",
        "attempts",
        "nextAttemptAt",
        "doneAt",
        "lastError",
        "failedAt",
        "timer",
        "record",
      ],
    },
  ],
  timeToLiveAttribute: "expiresAt",
  billingMode: "PAY_PER_REQUEST",
  stream: "NEW_IMAGE",
} as const;

export const GSI1 = "gsi1";

/** Key builders, one per item of the layout above. */
export const keys = {
  duel: (duelId: string) => ({ pk: `DUEL#${duelId}`, sk: "STATE" }),
  ruleset: (duelId: string) => ({ pk: `DUEL#${duelId}`, sk: "RULESET" }),
  input: (duelId: string, key: string) => ({ pk: `DUEL#${duelId}`, sk: `IN#${key}` }),
  post: (duelId: string, postId: string) => ({ pk: `DUEL#${duelId}`, sk: `POST#${postId}` }),
  outbox: (duelId: string, createdAt: string, id: string) => ({
    pk: `DUEL#${duelId}`,
    sk: `OUT#${sortInstant(createdAt)}#${id}`,
  }),
  dedup: (key: string) => ({ pk: `DEDUP#${key}`, sk: "DEDUP" }),
  forum: (forumId: string) => ({ pk: `FORUM#${forumId}`, sk: "CONFIG" }),
  duelist: (forumId: string, userId: string) => `DUELIST#${forumId}#${userId}`,
  ban: (forumId: string, userId: string, duelId: string) => ({
    pk: keys.duelist(forumId, userId),
    sk: `BAN#${duelId}`,
  }),
  duelistDuel: (forumId: string, userId: string, duelId: string) => ({
    pk: keys.duelist(forumId, userId),
    sk: `DUEL#${duelId}`,
  }),
  timer: (name: string) => ({ pk: `TIMER#${name}`, sk: "TIMER" }),
  accounts: (forumId: string) => `ACCOUNTS#${forumId}`,
  account: (forumId: string, userId: string) => ({ pk: `ACCOUNTS#${forumId}`, sk: `USER#${userId}` }),
  clubRecord: (forumId: string, duelId: string) => ({ pk: `FORUM#${forumId}`, sk: `CLUB#${duelId}` }),
  credential: (id: string) => ({ pk: `CRED#${id}`, sk: "CRED" }),
  session: (idHash: string) => ({ pk: `SESSION#${idHash}`, sk: "SESSION" }),
  loginFailures: (key: string) => ({ pk: `LOGIN#${key}`, sk: "LOGIN" }),
} as const;

/** gsi1 partitions. */
export const partitions = {
  duels: (forumId: string, status: string) => `DUELS#${forumId}#${status}`,
  outbox: "OUTBOX",
  failedOutbox: "OUTBOX#failed",
  timers: "TIMERS",
  credentials: (forumId: string) => `CREDS#${forumId}`,
  forums: "FORUMS",
  club: (forumId: string) => `CLUB#${forumId}`,
} as const;

/** An instant in its canonical form, so that sort keys compare as times; other text is kept. */
export function sortInstant(iso: string): string {
  return toInstant(iso) ?? iso;
}

/** The upper bound of a "due at or before `now`" key condition on `<instant>#<id>` sort keys. */
export function dueBound(now: string): string {
  return `${sortInstant(now)}~`;
}

/** The CreateTable request of the design (PAY_PER_REQUEST, stream of new images unless `stream: false`). */
export function createTableInput(
  tableName: string,
  options: { readonly stream?: boolean } = {},
): CreateTableCommandInput {
  const [gsi] = tableDefinition.globalSecondaryIndexes;
  return {
    TableName: tableName,
    BillingMode: tableDefinition.billingMode,
    AttributeDefinitions: [
      { AttributeName: tableDefinition.partitionKey.name, AttributeType: "S" },
      { AttributeName: tableDefinition.sortKey.name, AttributeType: "S" },
      { AttributeName: gsi.partitionKey.name, AttributeType: "S" },
      { AttributeName: gsi.sortKey.name, AttributeType: "S" },
    ],
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey.name, KeyType: "HASH" },
      { AttributeName: tableDefinition.sortKey.name, KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey.name, KeyType: "HASH" },
          { AttributeName: gsi.sortKey.name, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: gsi.projection, NonKeyAttributes: [...gsi.nonKeyAttributes] },
      },
    ],
    ...(options.stream === false
      ? {}
      : { StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream } }),
  };
}

/**
 * Creates the table (for the local stack and tests; the cloud's comes from CDK) and waits until it
 * and its index are ACTIVE. Idempotent: a table that already exists is fine. TTL is switched on
 * afterwards; DynamoDB Local may refuse or already have it, which does not matter locally.
 *
 * Without a stream unless asked: locally nothing reads it (the relay polls the outbox index), and
 * DynamoDB Local makes every write slower with each stream record it keeps (bench/README.md).
 */
export async function createTable(
  client: DynamoDBClient,
  tableName: string,
  options: { readonly timeoutMs?: number; readonly stream?: boolean } = {},
): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand(createTableInput(tableName, { stream: options.stream ?? false })),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === "ResourceInUseException")) throw error;
  }
  await waitUntilActive(client, tableName, options.timeoutMs ?? 60_000);
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } catch {
    // Already enabled, or not supported by this DynamoDB Local: expiry is only housekeeping.
  }
}

async function waitUntilActive(client: DynamoDBClient, tableName: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === "ACTIVE");
    if (Table?.TableStatus === "ACTIVE" && indexesActive) return;
    if (Date.now() > deadline) throw new Error(`table ${tableName} not ACTIVE after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
