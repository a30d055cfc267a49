import type { DuelState, PostMark } from "../../domain/state.js";
import type { ClubRead, EndedRange } from "../../ports/club-store.js";
import type { DedupKey } from "../../ports/dedup-key.js";
import type { DuelCommit, DuelSnapshot, LoadedDuel, StoredInput } from "../../ports/duel-repository.js";
import type { DuelStore, TimerStore } from "../../ports/duel-store.js";
import type { DuelistRecord, ForumAccount } from "../../ports/duelist-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { OutboxEntry } from "../../ports/outbox-store.js";
import type { TimerChanges, TimerSpec } from "../../ports/scheduler.js";
import type { StoreCounts } from "../../ports/store-health.js";
import { MAX_TRANSACTION_ITEMS } from "../dynamodb/commit.js";
import { MemoryAccessStore } from "./access-store.js";
import { applyCommit, commitItemCount } from "./commit.js";
import * as duels from "./duel-repository.js";
import * as duelists from "./duelists.js";
import * as forums from "./forums.js";
import * as outbox from "./outbox.js";
import { emptyTables, type MemoryTables } from "./tables.js";
import * as timers from "./timers.js";

/**
 * Every storage port in memory, answering as `DynamoDbStore` does wherever a caller can tell: the
 * same conditional writes (ConcurrencyError, DuplicateError, nothing written), the same limit on a
 * commit's items, the same orders, the hot post marks only in a snapshot, copies on every read.
 * For unit tests of the services: one store per test, nothing to start, nothing kept.
 */
export class MemoryStore implements DuelStore, TimerStore {
  /** Every port's data, in one place so that a commit is seen through all of them. */
  readonly tables: MemoryTables = emptyTables();

  /** Credentials, sessions and login failures beside the duels, as on the table. */
  accessStore(): MemoryAccessStore {
    return new MemoryAccessStore(this.tables);
  }

  async loadForumAndDuel(
    forumId: string,
    duelId: string,
    postIds: readonly string[] = [],
    authorIds: readonly string[] = [],
  ): Promise<LoadedDuel> {
    const forum = forums.getForum(this.tables, forumId);
    return duels.loadForumAndDuel(this.tables, forumId, forum, duelId, postIds, authorIds);
  }

  async loadDuel(duelId: string): Promise<DuelSnapshot | null> {
    return duels.loadDuel(this.tables, duelId);
  }

  async loadPostMarks(duelId: string, postIds: readonly string[]): Promise<Record<string, PostMark>> {
    return duels.loadPostMarks(this.tables, duelId, postIds);
  }

  async listPostMarks(duelId: string): Promise<Record<string, PostMark>> {
    return duels.listPostMarks(this.tables, duelId);
  }

  async listInputs(duelId: string): Promise<StoredInput[]> {
    return duels.listInputs(this.tables, duelId);
  }

  async listDuels(
    forumId: string | null,
    status: DuelState["status"],
    limit?: number,
  ): Promise<DuelSnapshot[]> {
    return duels.listDuels(this.tables, forumId, status, limit);
  }

  readonly maxCommitItems = MAX_TRANSACTION_ITEMS;

  commitItems(commit: DuelCommit): number {
    return commitItemCount(commit);
  }

  async commit(commit: DuelCommit): Promise<void> {
    applyCommit(this.tables, commit);
  }

  async getForum(forumId: string): Promise<ForumConfig | null> {
    return forums.getForum(this.tables, forumId);
  }

  async listForums(): Promise<ForumConfig[]> {
    return forums.listForums(this.tables);
  }

  async putForum(forum: ForumConfig): Promise<void> {
    forums.putForum(this.tables, forum);
  }

  async clubForum(forumId: string): Promise<ForumConfig | null> {
    return forums.clubForum(this.tables, forumId);
  }

  async clubRecords(forumId: string, ended: readonly EndedRange[]): Promise<Omit<ClubRead, "forum">> {
    return forums.clubRecords(this.tables, forumId, ended);
  }

  async getDuelist(forumId: string, userId: string): Promise<DuelistRecord | null> {
    return duelists.getDuelist(this.tables, forumId, userId);
  }

  async bansOf(forumId: string, userIds: readonly string[]): Promise<Record<string, string | null>> {
    return duelists.bansOf(this.tables, forumId, userIds);
  }

  async rememberAccount(forumId: string, account: ForumAccount): Promise<void> {
    duelists.rememberAccount(this.tables, forumId, account);
  }

  async listAccounts(forumId: string): Promise<ForumAccount[]> {
    return duelists.listAccounts(this.tables, forumId);
  }

  async listOutbox(duelId: string): Promise<OutboxEntry[]> {
    return outbox.listOutbox(this.tables, duelId);
  }

  async dueOutbox(now: string, limit: number): Promise<OutboxEntry[]> {
    return outbox.dueOutbox(this.tables, now, limit);
  }

  async updateOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean> {
    return outbox.updateOutbox(this.tables, entry, expectedAttempts);
  }

  async claimOutbox(
    claimed: OutboxEntry,
    expectedAttempts: number,
    changes?: TimerChanges,
  ): Promise<OutboxEntry | null> {
    return outbox.claimOutbox(this.tables, claimed, expectedAttempts, () => {
      if (changes === undefined) return;
      for (const timer of changes.cancel) timers.deleteTimer(this.tables, timer.name);
      for (const timer of changes.schedule) timers.putTimer(this.tables, timer);
    });
  }

  async recordOutbox(entry: OutboxEntry, expectedAttempts: number): Promise<boolean> {
    return outbox.recordOutbox(this.tables, entry, expectedAttempts);
  }

  async splitOutbox(
    entry: OutboxEntry,
    expectedAttempts: number,
    split: readonly OutboxEntry[],
  ): Promise<boolean> {
    return outbox.splitOutbox(this.tables, entry, expectedAttempts, split);
  }

  async enqueue(entries: readonly OutboxEntry[], dedupKey: DedupKey): Promise<boolean> {
    return outbox.enqueue(this.tables, entries, dedupKey);
  }

  async counts(): Promise<StoreCounts> {
    const byStatus = (status: DuelState["status"]) =>
      [...this.tables.duels.values()].filter((row) => row.status === status).length;
    return {
      activeDuels: byStatus("active"),
      registeredDuels: byStatus("registered"),
      ...outbox.outboxCounts(this.tables),
    };
  }

  async ping(): Promise<void> {}

  async putTimer(timer: TimerSpec): Promise<void> {
    timers.putTimer(this.tables, timer);
  }

  async deleteTimer(name: string): Promise<void> {
    timers.deleteTimer(this.tables, name);
  }

  async changeTimers(put: readonly TimerSpec[], remove: readonly string[]): Promise<void> {
    for (const name of remove) timers.deleteTimer(this.tables, name);
    for (const timer of put) timers.putTimer(this.tables, timer);
  }

  async dueTimers(now: string, limit: number): Promise<TimerSpec[]> {
    return timers.dueTimers(this.tables, now, limit);
  }

  async countTimers(): Promise<number> {
    return this.tables.timers.size;
  }

  async nextTimer(): Promise<TimerSpec | null> {
    return timers.nextTimer(this.tables);
  }
}
