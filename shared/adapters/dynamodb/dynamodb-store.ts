import { randomUUID } from "node:crypto";
import {
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  type Put,
  PutItemCommand,
  type TransactWriteItem,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type { DuelState, PostMark } from "../../domain/state.js";
import type { ClubRead } from "../../ports/club-store.js";
import type { DedupKey } from "../../ports/dedup-key.js";
import type { DuelCommit, DuelSnapshot, LoadedDuel, StoredInput } from "../../ports/duel-repository.js";
import type { DuelStore, TimerStore } from "../../ports/duel-store.js";
import type { DuelistRecord, ForumAccount } from "../../ports/duelist-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { entriesOf, type OutboxEntry } from "../../ports/outbox-store.js";
import type { TimerChanges, TimerSpec } from "../../ports/scheduler.js";
import type { StoreCounts } from "../../ports/store-health.js";
import type { SecretSealer } from "../secrets/envelope.js";
import { joinSecrets, type SecretFields, splitSecrets } from "../secrets/forum-secrets.js";
import { processSealer } from "../secrets/local-data-keys.js";
import { DynamoDbAccessStore } from "./access-store.js";
import { AccountMemory } from "./account-memory.js";
import { type Item, marshall, unmarshall } from "./attributes.js";
import { commitFailure, commitItems, commitTransaction, MAX_TRANSACTION_ITEMS } from "./commit.js";
import { encodeDedupKey } from "./dedup-keys.js";
import { cancellationCodes, guarded, isConditionalCheckFailed, storageError } from "./errors.js";
import {
  accountItem,
  accountOf,
  clubRecordOfItem,
  dedupItem,
  duelistOf,
  forumItem,
  forumPartsOf,
  inputOf,
  latestBan,
  markOf,
  outboxItem,
  outboxOf,
  storedSnapshotOf,
  timerItem,
  timerOf,
} from "./items.js";
import { claimUpdate, recordUpdate } from "./outbox-writes.js";
import { type ReadKeys, ReadsInFlight } from "./reads-in-flight.js";
import {
  type BatchWrite,
  batchGetAll,
  batchWriteAll,
  countAll,
  dueQuery,
  partitionQuery,
  prefixQuery,
  queryAll,
} from "./requests.js";
import { RulesetMemory, rulesetHash } from "./rulesets.js";
import { keys, partitions } from "./table.js";

/**
 * The writes that put `put` and delete the timers named `remove`, one per item: a name in both is
 * put; of two timers of one name in `put`, the last.
 */
function timerWrites(put: readonly TimerSpec[], remove: readonly string[]): BatchWrite[] {
  const puts = new Map(put.map((timer) => [timer.name, timer]));
  return [
    ...[...new Set(remove)]
      .filter((name) => !puts.has(name))
      .map((name) => ({ DeleteRequest: { Key: marshall(keys.timer(name)) } })),
    ...[...puts.values()].map((timer) => ({ PutRequest: { Item: timerItem(timer) } })),
  ];
}

/** The post marks among these items, by post id. */
function marksOf(items: readonly Item[]): Record<string, PostMark> {
  const marks: Record<string, PostMark> = {};
  for (const item of items) {
    const found = markOf(item);
    if (found) marks[found.postId] = found.mark;
  }
  return marks;
}

/** What the DynamoDB store needs; the client is built once in the composition root. */
export interface DynamoDbStoreOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** When dedup keys are written, for their expiry; the wall clock unless given. */
  readonly now?: () => Date;
  /** How long a dedup key is kept (TTL), 30 days unless given: far longer than any forum retries. */
  readonly dedupTtlSeconds?: number;
  /**
   * Seals the forums' secrets (KMS in AWS, the key file of `DATA_DIR` locally); unless given, a key
   * of this process only (tests).
   */
  readonly secrets?: SecretSealer;
}

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** What a forum's sealed secrets are bound to: sealed for one forum, they open for no other. */
const sealContext = (forumId: string) => `forum#${forumId}`;

/**
 * Every storage port on one DynamoDB table (layout in `table.ts`): the duel repository (its post
 * marks laid out by `post-marks.ts`), forums, duelists, the outbox, health and the local timers.
 * Decisions are written by one transaction conditioned on the duel's `version`; reads before
 * deciding are consistent.
 * Errors: ConcurrencyError and DuplicateError from `commit`, StorageUnavailableError from any
 * method when DynamoDB cannot be reached; anything else goes up unchanged.
 */
export class DynamoDbStore implements DuelStore, TimerStore {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;
  private readonly dedupTtlSeconds: number;
  private readonly secrets: SecretSealer;
  private readonly rulesets = new RulesetMemory();
  private readonly reads = new ReadsInFlight();
  private readonly accounts: AccountMemory;

  constructor(options: DynamoDbStoreOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.now = options.now ?? (() => new Date());
    this.accounts = new AccountMemory(() => this.now().getTime());
    this.dedupTtlSeconds = options.dedupTtlSeconds ?? THIRTY_DAYS_SECONDS;
    this.secrets = options.secrets ?? processSealer();
  }

  /** Credentials, sessions and login failures on the same client and table (CONTRACT.md 3.1). */
  accessStore(): DynamoDbAccessStore {
    return new DynamoDbAccessStore({ client: this.client, tableName: this.tableName });
  }

  /** Read with the other reads of the duel asked at the same moment (`ReadsInFlight`). */
  loadForumAndDuel(
    forumId: string,
    duelId: string,
    postIds: readonly string[] = [],
    authorIds: readonly string[] = [],
  ): Promise<LoadedDuel> {
    return this.reads.share(
      forumId,
      duelId,
      postIds,
      (asked) => this.readForumAndDuel(forumId, duelId, asked),
      authorIds,
    );
  }

  private readForumAndDuel(forumId: string, duelId: string, asked: ReadKeys): Promise<LoadedDuel> {
    return guarded(async () => {
      const forumKey = keys.forum(forumId);
      const postsRead = [...new Set(asked.postIds)];
      const authors = [...new Set(asked.authorIds)];
      const accounts: Record<string, ForumAccount | null> = {};
      for (const userId of authors) accounts[userId] = this.accounts.recall(forumId, userId) ?? null;
      // The authors' accounts ride on the same request, those this store saw lately on none.
      const unknown = authors.filter((userId) => accounts[userId] === null);
      const { duels, others } = await this.readDuels(
        [duelId],
        [
          marshall(forumKey),
          ...postsRead.map((postId) => marshall(keys.post(duelId, postId))),
          ...unknown.map((userId) => marshall(keys.account(forumId, userId))),
        ],
      );
      const forum = others.find((item) => item.pk?.S === forumKey.pk);
      for (const item of others) {
        if (item.pk?.S !== keys.accounts(forumId)) continue;
        const account = accountOf(item);
        accounts[account.userId] = account;
        this.accounts.remember(forumId, account);
      }
      return {
        forum: forum ? await this.forumOf(forum) : null,
        duel: duels.get(duelId) ?? null,
        postsRead,
        marks: marksOf(others),
        ...(authors.length > 0 ? { accounts } : {}),
      };
    });
  }

  loadPostMarks(duelId: string, postIds: readonly string[]): Promise<Record<string, PostMark>> {
    return guarded(async () => {
      const unique = [...new Set(postIds)];
      const items = await batchGetAll(
        this.client,
        this.tableName,
        unique.map((postId) => marshall(keys.post(duelId, postId))),
      );
      return marksOf(items);
    });
  }

  listPostMarks(duelId: string): Promise<Record<string, PostMark>> {
    return guarded(async () => marksOf(await this.queryPrefix(keys.duel(duelId).pk, "POST#")));
  }

  loadDuel(duelId: string): Promise<DuelSnapshot | null> {
    return guarded(async () => (await this.readDuels([duelId])).duels.get(duelId) ?? null);
  }

  listInputs(duelId: string): Promise<StoredInput[]> {
    return guarded(async () => {
      const items = await this.queryPrefix(keys.duel(duelId).pk, "IN#");
      return items.map(inputOf);
    });
  }

  readonly maxCommitItems = MAX_TRANSACTION_ITEMS;

  commitItems(commit: DuelCommit): number {
    return commitItems(commit);
  }

  async commit(commit: DuelCommit): Promise<void> {
    const hash = rulesetHash(commit.snapshot.state.ruleset);
    const { items, roles } = commitTransaction(this.tableName, commit, {
      now: this.now(),
      dedupTtlSeconds: this.dedupTtlSeconds,
      rulesetStored: this.rulesets.isStored(commit.duelId, commit.expectedVersion, hash),
    });
    try {
      // The token makes the SDK's own retries of this very call idempotent: a retry after a lost
      // answer succeeds instead of failing on the version the first attempt already moved.
      await this.client.send(
        new TransactWriteItemsCommand({ TransactItems: items, ClientRequestToken: randomUUID() }),
      );
    } catch (error) {
      throw commitFailure(error, commit.duelId, roles);
    } finally {
      this.reads.wroteDuel(commit.duelId);
    }
    this.rulesets.wrote(commit.duelId, commit.snapshot.version, commit.snapshot.state.ruleset);
    for (const account of commit.accounts ?? []) this.accounts.remember(commit.forumId, account);
  }

  listDuels(status: DuelState["status"], limit?: number): Promise<DuelSnapshot[]> {
    return guarded(async () => {
      // The index lists the duels by key (their state is not projected); the snapshots are read
      // whole, then the newest are kept.
      const listed = await queryAll(this.client, partitionQuery(this.tableName, partitions.duels(status)));
      const ids = listed.flatMap((item) => {
        const duelId = item.duelId?.S;
        return duelId ? [duelId] : [];
      });
      const { duels } = await this.readDuels(ids);
      return [...duels.values()]
        .filter((s) => s.state.status === status)
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
        .slice(0, limit ?? Number.POSITIVE_INFINITY);
    });
  }

  listOutbox(duelId: string): Promise<OutboxEntry[]> {
    return guarded(async () => {
      const items = await this.queryPrefix(keys.duel(duelId).pk, "OUT#");
      // A decision's parts are listed where their entries of their own would sort: the table's order.
      const sk = (e: OutboxEntry) => Buffer.from(keys.outbox(duelId, e.createdAt, e.id).sk, "utf8");
      return items.flatMap((item) => entriesOf(outboxOf(item))).sort((a, b) => Buffer.compare(sk(a), sk(b)));
    });
  }

  dueOutbox(now: string, limit: number): Promise<OutboxEntry[]> {
    return guarded(async () => (await this.queryDue(partitions.outbox, now, limit)).map(outboxOf));
  }

  async updateOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean> {
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: outboxItem(entry),
          ConditionExpression: "#attempts = :expected",
          ExpressionAttributeNames: { "#attempts": "attempts" },
          ExpressionAttributeValues: { ":expected": { N: String(expectedAttempts) } },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw storageError(error);
    }
  }

  async claimOutbox(
    claimed: OutboxEntry,
    expectedAttempts: number,
    timers?: TimerChanges,
  ): Promise<OutboxEntry | null> {
    if (timers !== undefined) {
      const cancel = timers.cancel.map((timer) => timer.name);
      const writes = timerWrites(timers.schedule, cancel);
      if (writes.length < MAX_TRANSACTION_ITEMS)
        return this.claimWithTimers(claimed, expectedAttempts, writes);
      // Too many for one transaction with the claim: the timers once the claim is won.
      const claim = await this.claimOutbox(claimed, expectedAttempts);
      if (claim !== null) await this.changeTimers(timers.schedule, cancel);
      return claim;
    }
    try {
      const { Attributes } = await this.client.send(
        new UpdateItemCommand(claimUpdate(this.tableName, claimed, expectedAttempts)),
      );
      return Attributes ? outboxOf(Attributes) : claimed;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return null;
      throw storageError(error);
    }
  }

  /** A first claim and its timer changes in one transaction (no former attempt to read back). */
  private async claimWithTimers(
    claimed: OutboxEntry,
    expectedAttempts: number,
    writes: readonly BatchWrite[],
  ): Promise<OutboxEntry | null> {
    const { ReturnValues: _, ...claim } = claimUpdate(this.tableName, claimed, expectedAttempts);
    const TransactItems = [
      { Update: { ...claim, UpdateExpression: claim.UpdateExpression ?? "" } },
      ...writes.map((write) =>
        "PutRequest" in write
          ? { Put: { TableName: this.tableName, Item: write.PutRequest.Item } }
          : { Delete: { TableName: this.tableName, Key: write.DeleteRequest.Key } },
      ),
    ];
    return (await this.transactGuardedFirst(TransactItems)) ? claimed : null;
  }

  async recordOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean> {
    try {
      await this.client.send(new UpdateItemCommand(recordUpdate(this.tableName, entry, expectedAttempts)));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw storageError(error);
    }
  }

  getForum(forumId: string): Promise<ForumConfig | null> {
    return guarded(async () => {
      const item = await this.get(keys.forum(forumId));
      return item ? this.forumOf(item) : null;
    });
  }

  listForums(): Promise<ForumConfig[]> {
    return guarded(async () => {
      // The index gives the ids (its sort key); each forum is then read consistently.
      const listed = await queryAll(this.client, partitionQuery(this.tableName, partitions.forums));
      const ids = listed.flatMap((item) => (item.gsi1sk?.S ? [item.gsi1sk.S] : []));
      const items = await batchGetAll(
        this.client,
        this.tableName,
        ids.map((id) => marshall(keys.forum(id))),
      );
      const forums = await Promise.all(items.map((item) => this.forumOf(item)));
      return forums.sort((a, b) => (a.forumId < b.forumId ? -1 : a.forumId > b.forumId ? 1 : 0));
    });
  }

  putForum(forum: ForumConfig): Promise<void> {
    return guarded(async () => {
      const { open, secrets } = splitSecrets(forum);
      const sealed =
        Object.keys(secrets).length === 0
          ? null
          : await this.secrets.seal(JSON.stringify(secrets), sealContext(forum.forumId));
      try {
        await this.client.send(
          new PutItemCommand({ TableName: this.tableName, Item: forumItem(open, sealed) }),
        );
      } finally {
        this.reads.wroteForum(forum.forumId);
      }
    });
  }

  /** A forum's item with its secrets opened; one saved before they were sealed is read as it is. */
  private async forumOf(item: Item): Promise<ForumConfig> {
    const { open, sealed } = forumPartsOf(item);
    if (sealed === undefined) return open;
    const secrets = JSON.parse(await this.secrets.open(sealed, sealContext(open.forumId))) as SecretFields;
    return joinSecrets(open, secrets);
  }

  getDuelist(forumId: string, userId: string): Promise<DuelistRecord | null> {
    return guarded(async () => {
      const items = await queryAll(this.client, {
        TableName: this.tableName,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { "#pk": "pk" },
        ExpressionAttributeValues: { ":pk": { S: keys.duelist(forumId, userId) } },
        ConsistentRead: true,
      });
      return duelistOf(forumId, userId, items);
    });
  }

  rememberAccount(forumId: string, account: ForumAccount): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new PutItemCommand({ TableName: this.tableName, Item: accountItem(forumId, account) }),
      );
      this.accounts.remember(forumId, account);
    });
  }

  club(forumId: string): Promise<ClubRead> {
    // The forum's item and its duels' records share a partition: one query reads a club's page.
    // They are public and shown as of a moment: an eventually consistent read costs half.
    return guarded(async () => {
      const forumKey = keys.forum(forumId);
      const items = await queryAll(this.client, {
        TableName: this.tableName,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { "#pk": "pk" },
        ExpressionAttributeValues: { ":pk": { S: forumKey.pk } },
      });
      const forumItem = items.find((item) => item.sk?.S === forumKey.sk);
      return {
        // The public records need no secret: the forum's settings are read without opening them.
        forum: forumItem ? forumPartsOf(forumItem).open : null,
        records: items.filter((item) => item.sk?.S?.startsWith("CLUB#")).map(clubRecordOfItem),
      };
    });
  }

  listAccounts(forumId: string): Promise<ForumAccount[]> {
    return guarded(async () => (await this.queryPrefix(keys.accounts(forumId), "USER#")).map(accountOf));
  }

  splitOutbox(entry: OutboxEntry, expectedAttempts: number, split: readonly OutboxEntry[]): Promise<boolean> {
    return this.putWithEntries(
      {
        TableName: this.tableName,
        Item: outboxItem(entry),
        ConditionExpression: "#attempts = :expected",
        ExpressionAttributeNames: { "#attempts": "attempts" },
        ExpressionAttributeValues: { ":expected": { N: String(expectedAttempts) } },
      },
      split,
    );
  }

  enqueue(entries: readonly OutboxEntry[], dedupKey: DedupKey): Promise<boolean> {
    const duelId = entries[0]?.duelId ?? "";
    return this.putWithEntries(
      {
        TableName: this.tableName,
        Item: dedupItem(encodeDedupKey(dedupKey), duelId, this.now(), this.dedupTtlSeconds),
        ConditionExpression: "attribute_not_exists(#pk)",
        ExpressionAttributeNames: { "#pk": "pk" },
      },
      entries,
    );
  }

  /**
   * A conditioned put and outbox entries, in one transaction: false, and nothing written, when the
   * put's condition (the only one) does not hold.
   */
  private async putWithEntries(guarded: Put, entries: readonly OutboxEntry[]): Promise<boolean> {
    const TransactItems = [
      { Put: guarded },
      ...entries.map((entry) => ({ Put: { TableName: this.tableName, Item: outboxItem(entry) } })),
    ];
    return this.transactGuardedFirst(TransactItems);
  }

  /**
   * One transaction whose first item carries the condition that matters: false when that
   * condition failed (nothing written), true when all was written.
   */
  private async transactGuardedFirst(TransactItems: TransactWriteItem[]): Promise<boolean> {
    try {
      await this.client.send(
        new TransactWriteItemsCommand({ TransactItems, ClientRequestToken: randomUUID() }),
      );
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.[0] === "ConditionalCheckFailed") return false;
      throw storageError(error);
    }
  }

  /** Every user asked for is in the answer: the latest end among their duels' bans, or null. */
  bansOf(forumId: string, userIds: readonly string[]): Promise<Record<string, string | null>> {
    return guarded(async () => {
      const unique = [...new Set(userIds)];
      const bans = await Promise.all(
        unique.map(async (userId) => {
          const items = await this.queryPrefix(keys.duelist(forumId, userId), "BAN#");
          return [userId, latestBan(items.map(unmarshall))] as const;
        }),
      );
      return Object.fromEntries(bans);
    });
  }

  counts(): Promise<StoreCounts> {
    return guarded(async () => {
      const [activeDuels, registeredDuels, pendingEffects, failedEffects] = await Promise.all(
        [
          partitions.duels("active"),
          partitions.duels("registered"),
          partitions.outbox,
          partitions.failedOutbox,
        ].map((partition) => this.countPartition(partition)),
      );
      return {
        activeDuels: activeDuels ?? 0,
        registeredDuels: registeredDuels ?? 0,
        pendingEffects: pendingEffects ?? 0,
        failedEffects: failedEffects ?? 0,
      };
    });
  }

  /** An eventually consistent GetItem of a key that never exists: half a read unit, any permission set. */
  ping(): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new GetItemCommand({ TableName: this.tableName, Key: marshall({ pk: "PING", sk: "PING" }) }),
      );
    });
  }

  putTimer(timer: TimerSpec): Promise<void> {
    return guarded(async () => {
      await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: timerItem(timer) }));
    });
  }

  /** Deleting a timer that is not there is fine (DeleteItem without a condition). */
  deleteTimer(name: string): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new DeleteItemCommand({ TableName: this.tableName, Key: marshall(keys.timer(name)) }),
      );
    });
  }

  /** One BatchWriteItem for up to 25 timers (a decision changes a handful). */
  changeTimers(put: readonly TimerSpec[], remove: readonly string[]): Promise<void> {
    return guarded(async () => {
      await batchWriteAll(this.client, this.tableName, timerWrites(put, remove));
    });
  }

  dueTimers(now: string, limit: number): Promise<TimerSpec[]> {
    return guarded(async () => (await this.queryDue(partitions.timers, now, limit)).map(timerOf));
  }

  countTimers(): Promise<number> {
    return guarded(() => this.countPartition(partitions.timers));
  }

  nextTimer(): Promise<TimerSpec | null> {
    return guarded(async () => {
      const [first] = await queryAll(this.client, partitionQuery(this.tableName, partitions.timers), 1);
      return first ? timerOf(first) : null;
    });
  }

  /**
   * These duels' snapshots joined to their rulesets, and the `others` items asked for, in consistent
   * reads (one BatchGetItem for up to 100 keys). A duel's ruleset item is read with its snapshot
   * unless this store already holds the ruleset its last snapshot named (rulesets are found by
   * hash, so holding it is as good as reading it). A duel whose snapshot names a ruleset neither
   * read nor held (it changed, or a batch saw the snapshot of a commit but not yet its ruleset
   * item) is read again, its ruleset item included.
   */
  private async readDuels(
    duelIds: readonly string[],
    others: readonly Item[] = [],
  ): Promise<{ duels: Map<string, DuelSnapshot>; others: Item[] }> {
    const duels = new Map<string, DuelSnapshot>();
    const rest: Item[] = [];
    let pending = [...new Set(duelIds)];
    const withRuleset = new Set(pending.filter((id) => !this.rulesets.holdsRulesetOf(id)));
    for (let attempt = 1; ; attempt++) {
      const items = await batchGetAll(this.client, this.tableName, [
        ...pending.flatMap((id) => [
          marshall(keys.duel(id)),
          ...(withRuleset.has(id) ? [marshall(keys.ruleset(id))] : []),
        ]),
        ...(attempt === 1 ? others : []),
      ]);
      const found = new Map<string, Item>();
      for (const item of items) {
        const sk = item.sk?.S;
        if (sk === "STATE" || sk === "RULESET") found.set(`${item.pk?.S}|${sk}`, item);
        else rest.push(item);
      }
      const stale: string[] = [];
      for (const duelId of pending) {
        const { pk } = keys.duel(duelId);
        const item = found.get(`${pk}|STATE`);
        if (!item) continue;
        const snapshot = this.joined(item, found.get(`${pk}|RULESET`));
        if (snapshot) duels.set(duelId, snapshot);
        else if (withRuleset.has(duelId) && attempt >= 3) {
          throw new Error(`duel ${duelId}: the ruleset its snapshot names is not stored`);
        } else {
          stale.push(duelId);
          withRuleset.add(duelId);
        }
      }
      if (stale.length === 0) return { duels, others: rest };
      pending = stale;
    }
  }

  /**
   * A snapshot item joined to its ruleset: the ruleset item read with it, or the one this store
   * holds under the hash it names; null when neither is that ruleset.
   */
  private joined(item: Item, rulesetItem: Item | undefined): DuelSnapshot | null {
    const stored = storedSnapshotOf(item);
    const hash = rulesetItem?.hash?.S;
    const json = rulesetItem?.ruleset?.S;
    const ruleset =
      hash === stored.rulesetHash && json !== undefined
        ? this.rulesets.parse(hash, json)
        : this.rulesets.get(stored.rulesetHash);
    if (ruleset === undefined) return null;
    this.rulesets.saw(stored.duelId, stored.version, stored.rulesetHash);
    return stored.withRuleset(ruleset);
  }

  private async get(key: Record<string, string>): Promise<Item | undefined> {
    const { Item } = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, Key: marshall(key), ConsistentRead: true }),
    );
    return Item;
  }

  private queryPrefix(pk: string, prefix: string): Promise<Item[]> {
    return queryAll(this.client, prefixQuery(this.tableName, pk, prefix));
  }

  private queryDue(partition: string, now: string, limit: number): Promise<Item[]> {
    if (limit <= 0) return Promise.resolve([]);
    return queryAll(this.client, dueQuery(this.tableName, partition, now), limit);
  }

  private countPartition(partition: string): Promise<number> {
    return countAll(this.client, partitionQuery(this.tableName, partition));
  }
}
