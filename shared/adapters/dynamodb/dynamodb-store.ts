import { randomUUID } from "node:crypto";
import { type DynamoDBClient, GetItemCommand, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import type { DuelState, PostMark } from "../../domain/state.js";
import type { ClubRead } from "../../ports/club-store.js";
import type { DedupKey } from "../../ports/dedup-key.js";
import type { DuelCommit, DuelSnapshot, LoadedDuel, StoredInput } from "../../ports/duel-repository.js";
import type { DuelStore, TimerStore } from "../../ports/duel-store.js";
import type { DuelistRecord, ForumAccount } from "../../ports/duelist-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { OutboxEntry } from "../../ports/outbox-store.js";
import type { TimerChanges, TimerSpec } from "../../ports/scheduler.js";
import type { StoreCounts } from "../../ports/store-health.js";
import type { SecretSealer } from "../secrets/envelope.js";
import { processSealer } from "../secrets/local-data-keys.js";
import { DynamoDbAccessStore } from "./access-store.js";
import { AccountMemory } from "./account-memory.js";
import { type Item, marshall } from "./attributes.js";
import { commitFailure, commitItems, commitTransaction, MAX_TRANSACTION_ITEMS } from "./commit.js";
import * as duelists from "./duelists.js";
import { guarded } from "./errors.js";
import * as forums from "./forums.js";
import { accountOf, inputOf, markOf, storedSnapshotOf } from "./items.js";
import * as outbox from "./outbox.js";
import { type ReadKeys, ReadsInFlight } from "./reads-in-flight.js";
import {
  batchGetAll,
  countPartition,
  partitionQuery,
  queryAll,
  queryPrefix,
  type TableAccess,
} from "./requests.js";
import { RulesetMemory, rulesetHash } from "./rulesets.js";
import { keys, partitions } from "./table.js";
import * as timers from "./timers.js";

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

/**
 * Every storage port on one DynamoDB table (layout in `table.ts`): the duel repository (its post
 * marks laid out by `post-marks.ts`) here, and forums and the club's records (`forums.ts`),
 * duelists (`duelists.ts`), the outbox (`outbox.ts`) and the local timers (`timers.ts`).
 * Decisions are written by one transaction conditioned on the duel's `version`; reads before
 * deciding are consistent.
 * Errors: ConcurrencyError and DuplicateError from `commit`, StorageUnavailableError from any
 * method when DynamoDB cannot be reached; anything else goes up unchanged.
 */
export class DynamoDbStore implements DuelStore, TimerStore {
  private readonly table: TableAccess;
  private readonly now: () => Date;
  private readonly dedupTtlSeconds: number;
  private readonly secrets: SecretSealer;
  private readonly rulesets = new RulesetMemory();
  private readonly reads = new ReadsInFlight();
  private readonly accounts: AccountMemory;

  constructor(options: DynamoDbStoreOptions) {
    this.table = { client: options.client, tableName: options.tableName };
    this.now = options.now ?? (() => new Date());
    this.accounts = new AccountMemory(() => this.now().getTime());
    this.dedupTtlSeconds = options.dedupTtlSeconds ?? THIRTY_DAYS_SECONDS;
    this.secrets = options.secrets ?? processSealer();
  }

  /** Credentials, sessions and login failures on the same client and table (CONTRACT.md 3.1). */
  accessStore(): DynamoDbAccessStore {
    return new DynamoDbAccessStore(this.table);
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
        forum: forum ? await forums.openForum(this.secrets, forum) : null,
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
        this.table.client,
        this.table.tableName,
        unique.map((postId) => marshall(keys.post(duelId, postId))),
      );
      return marksOf(items);
    });
  }

  listPostMarks(duelId: string): Promise<Record<string, PostMark>> {
    return guarded(async () => marksOf(await queryPrefix(this.table, keys.duel(duelId).pk, "POST#")));
  }

  loadDuel(duelId: string): Promise<DuelSnapshot | null> {
    return guarded(async () => (await this.readDuels([duelId])).duels.get(duelId) ?? null);
  }

  listInputs(duelId: string): Promise<StoredInput[]> {
    return guarded(async () => {
      const items = await queryPrefix(this.table, keys.duel(duelId).pk, "IN#");
      return items.map(inputOf);
    });
  }

  readonly maxCommitItems = MAX_TRANSACTION_ITEMS;

  commitItems(commit: DuelCommit): number {
    return commitItems(commit);
  }

  async commit(commit: DuelCommit): Promise<void> {
    const hash = rulesetHash(commit.snapshot.state.ruleset);
    const { items, roles } = commitTransaction(this.table.tableName, commit, {
      now: this.now(),
      dedupTtlSeconds: this.dedupTtlSeconds,
      rulesetStored: this.rulesets.isStored(commit.duelId, commit.expectedVersion, hash),
    });
    try {
      // The token makes the SDK's own retries of this very call idempotent: a retry after a lost
      // answer succeeds instead of failing on the version the first attempt already moved.
      await this.table.client.send(
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
      const { client, tableName } = this.table;
      const listed = await queryAll(client, partitionQuery(tableName, partitions.duels(status)));
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
    return outbox.listOutbox(this.table, duelId);
  }

  dueOutbox(now: string, limit: number): Promise<OutboxEntry[]> {
    return outbox.dueOutbox(this.table, now, limit);
  }

  updateOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean> {
    return outbox.updateOutbox(this.table, entry, expectedAttempts);
  }

  claimOutbox(
    claimed: OutboxEntry,
    expectedAttempts: number,
    timers?: TimerChanges,
  ): Promise<OutboxEntry | null> {
    return outbox.claimOutbox(this.table, claimed, expectedAttempts, timers);
  }

  recordOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean> {
    return outbox.recordOutbox(this.table, entry, expectedAttempts);
  }

  splitOutbox(entry: OutboxEntry, expectedAttempts: number, split: readonly OutboxEntry[]): Promise<boolean> {
    return outbox.splitOutbox(this.table, entry, expectedAttempts, split);
  }

  enqueue(entries: readonly OutboxEntry[], dedupKey: DedupKey): Promise<boolean> {
    return outbox.enqueue(this.table, entries, dedupKey, {
      now: this.now(),
      ttlSeconds: this.dedupTtlSeconds,
    });
  }

  getForum(forumId: string): Promise<ForumConfig | null> {
    return forums.getForum(this.table, this.secrets, forumId);
  }

  listForums(): Promise<ForumConfig[]> {
    return forums.listForums(this.table, this.secrets);
  }

  async putForum(forum: ForumConfig): Promise<void> {
    try {
      await forums.putForum(this.table, this.secrets, forum);
    } finally {
      this.reads.wroteForum(forum.forumId);
    }
  }

  club(forumId: string): Promise<ClubRead> {
    return forums.club(this.table, forumId);
  }

  getDuelist(forumId: string, userId: string): Promise<DuelistRecord | null> {
    return duelists.getDuelist(this.table, forumId, userId);
  }

  bansOf(forumId: string, userIds: readonly string[]): Promise<Record<string, string | null>> {
    return duelists.bansOf(this.table, forumId, userIds);
  }

  async rememberAccount(forumId: string, account: ForumAccount): Promise<void> {
    await duelists.putAccount(this.table, forumId, account);
    this.accounts.remember(forumId, account);
  }

  listAccounts(forumId: string): Promise<ForumAccount[]> {
    return duelists.listAccounts(this.table, forumId);
  }

  counts(): Promise<StoreCounts> {
    return guarded(async () => {
      const [activeDuels, registeredDuels, pendingEffects, failedEffects] = await Promise.all(
        [
          partitions.duels("active"),
          partitions.duels("registered"),
          partitions.outbox,
          partitions.failedOutbox,
        ].map((partition) => countPartition(this.table, partition)),
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
      await this.table.client.send(
        new GetItemCommand({ TableName: this.table.tableName, Key: marshall({ pk: "PING", sk: "PING" }) }),
      );
    });
  }

  putTimer(timer: TimerSpec): Promise<void> {
    return timers.putTimer(this.table, timer);
  }

  deleteTimer(name: string): Promise<void> {
    return timers.deleteTimer(this.table, name);
  }

  changeTimers(put: readonly TimerSpec[], remove: readonly string[]): Promise<void> {
    return timers.changeTimers(this.table, put, remove);
  }

  dueTimers(now: string, limit: number): Promise<TimerSpec[]> {
    return timers.dueTimers(this.table, now, limit);
  }

  countTimers(): Promise<number> {
    return timers.countTimers(this.table);
  }

  nextTimer(): Promise<TimerSpec | null> {
    return timers.nextTimer(this.table);
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
      const items = await batchGetAll(this.table.client, this.table.tableName, [
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
}
