import type { OutboxEntry } from "../../ports/outbox-store.js";
import type {
  BoardProblem,
  ChainRead,
  FailingPoll,
  PollState,
  PollStore,
  SectionListing,
} from "../../ports/poll-store.js";
import { dueBound, sortInstant } from "../dynamodb/table.js";
import { byKey, copyOf, emptyTables, type MemoryTables, outboxKey, parsed, within } from "./tables.js";

/** Where a chain sorts among the overdue ones: by when it is overdue, then by duel. */
function chainSortKey(read: Pick<ChainRead, "duelId" | "overdueAt">): string {
  return `${sortInstant(read.overdueAt)}#${read.duelId}`;
}

/** Whether a stored JSON item is at `expectedVersion` (absent for 0): a versioned write's condition. */
function atVersion(stored: string | undefined, expectedVersion: number): boolean {
  if (expectedVersion === 0) return stored === undefined;
  return stored !== undefined && parsed<{ version: number }>(stored).version === expectedVersion;
}

/**
 * PollStore in memory, on the tables of a `MemoryStore` (whose outbox it adds to), answering as
 * `DynamoDbPollStore` does: a poll's state conditioned on its version, failing polls by duel,
 * chains by when they are overdue, taken once.
 */
export class MemoryPollStore implements PollStore {
  private readonly boardProblems = new Map<string, BoardProblem>();

  constructor(private readonly tables: MemoryTables = emptyTables()) {}

  async setBoardProblem(forumId: string, problem: BoardProblem | null): Promise<void> {
    if (problem === null) this.boardProblems.delete(forumId);
    else this.boardProblems.set(forumId, { ...problem });
  }

  async listBoardProblems(): Promise<BoardProblem[]> {
    return [...this.boardProblems.values()].sort((a, b) => byKey(a.forumId, b.forumId));
  }

  async getSectionListing(forumId: string, sectionId: string): Promise<SectionListing | null> {
    const json = this.tables.sections.get(`${forumId}#${sectionId}`);
    return json === undefined ? null : parsed<SectionListing>(json);
  }

  async putSectionListing(listing: SectionListing, expectedVersion: number): Promise<boolean> {
    const key = `${listing.forumId}#${listing.sectionId}`;
    const stored = this.tables.sections.get(key);
    if (!atVersion(stored, expectedVersion)) return false;
    this.tables.sections.set(key, JSON.stringify({ ...listing, version: expectedVersion + 1 }));
    return true;
  }

  async getPollState(duelId: string): Promise<PollState | null> {
    const json = this.tables.polls.get(duelId);
    return json === undefined ? null : parsed<PollState>(json);
  }

  async putPollState(state: PollState, expectedVersion: number): Promise<boolean> {
    const stored = this.tables.polls.get(state.duelId);
    if (!atVersion(stored, expectedVersion)) return false;
    this.tables.polls.set(state.duelId, JSON.stringify({ ...state, version: expectedVersion + 1 }));
    return true;
  }

  async listFailingPolls(): Promise<FailingPoll[]> {
    return [...this.tables.polls.keys()]
      .sort(byKey)
      .map((duelId) => parsed<PollState>(this.tables.polls.get(duelId) ?? "null"))
      .filter((state) => state.failures > 0)
      .map(({ duelId, failures, lastError, failingSince }) => ({
        duelId,
        failures,
        lastError,
        failingSince,
      }));
  }

  async addOutbox(entries: readonly OutboxEntry[]): Promise<void> {
    for (const entry of entries) this.addEntry(entry);
  }

  async addNothingLike(_entry: OutboxEntry): Promise<void> {}

  async scheduleChain(entry: OutboxEntry, read: ChainRead): Promise<void> {
    // The entry there already: this very write was made before (same read, time and asker).
    if (this.addEntry(entry)) this.tables.chains.set(read.duelId, copyOf(read));
  }

  async overdueChains(now: string, limit: number): Promise<ChainRead[]> {
    const bound = dueBound(now);
    return [...this.tables.chains.values()]
      .map((read) => ({ read, key: chainSortKey(read) }))
      .filter(({ key }) => byKey(key, bound) <= 0)
      .sort((a, b) => byKey(a.key, b.key))
      .slice(0, Math.max(0, limit))
      .map(({ read }) => ({ duelId: read.duelId, at: read.at, overdueAt: sortInstant(read.overdueAt) }));
  }

  async claimChain(read: ChainRead, until: string): Promise<boolean> {
    const stored = this.tables.chains.get(read.duelId);
    if (stored === undefined || chainSortKey(stored) !== chainSortKey(read)) return false;
    this.tables.chains.set(read.duelId, { ...stored, overdueAt: sortInstant(until) });
    return true;
  }

  async endChain(duelId: string): Promise<void> {
    this.tables.chains.delete(duelId);
  }

  /** Adds the entry unless one of the same duel, time and id is there; whether it was added. */
  private addEntry(entry: OutboxEntry): boolean {
    const entries = within(this.tables.outbox, entry.duelId);
    const key = outboxKey(entry);
    if (entries.has(key)) return false;
    entries.set(key, JSON.stringify(entry));
    return true;
  }
}
