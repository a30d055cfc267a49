import {
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  type PutItemCommandInput,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type { OutboxEntry } from "../../ports/outbox-store.js";
import type {
  BoardProblem,
  ChainRead,
  FailingPoll,
  PollState,
  PollStore,
  SectionListing,
} from "../../ports/poll-store.js";
import { jsonOf, marshall, numberOf, optionalStringOf, stringOf, unmarshall } from "./attributes.js";
import { cancellationCodes, guarded, isConditionalCheckFailed, storageError } from "./errors.js";
import { outboxItem } from "./items.js";
import { dueQuery, partitionQuery, queryAll } from "./requests.js";
import { sortInstant } from "./table.js";

/** The write's condition: the item absent for version 0, else stored at `expectedVersion`. */
function versionCondition(
  expectedVersion: number,
): Pick<
  PutItemCommandInput,
  "ConditionExpression" | "ExpressionAttributeNames" | "ExpressionAttributeValues"
> {
  return expectedVersion === 0
    ? { ConditionExpression: "attribute_not_exists(#pk)", ExpressionAttributeNames: { "#pk": "pk" } }
    : {
        ConditionExpression: "#version = :expected",
        ExpressionAttributeNames: { "#version": "version" },
        ExpressionAttributeValues: { ":expected": { N: String(expectedVersion) } },
      };
}

/**
 * The poller's items, beside the duels in the same table (layout in `table.ts`):
 *
 * | Item       | pk              | sk     | gsi1pk           | gsi1sk     | Attributes |
 * |------------|-----------------|--------|------------------|------------|------------|
 * | poll state | `POLL#<duelId>` | `POLL` | `POLLS#failing` while its last poll failed | `<duelId>` | `version` N, `state` (PollState as JSON S), `duelId`, `attempts` (failures), `lastError`, `createdAt` (failing since) |
 * | chain read | `POLL#<duelId>` | `CHAIN` | `POLLS#chains` | `<overdueAt>#<duelId>` | `duelId`, `nextAttemptAt` (the next read's due time) |
 * | section listing | `SECTION#<forumId>#<sectionId>` | `LISTING` | | | `version` N, `listing` (SectionListing as JSON S) |
 * | board problem | `BOARD#<forumId>` | `PROBLEM` | `BOARDS#problem` | `<forumId>` | `id` (the forumId), `lastError` (the French reason), `createdAt` |
 *
 * The failing ones are in gsi1 with the attributes it projects, so `/status` lists them without a scan.
 * Each watched topic's chain is there too, sorted by when it is overdue: the sweep's query reads the
 * overdue ones only (none, most of the time), with attributes gsi1 already projects.
 */
const FAILING = "POLLS#failing";
const BOARD_PROBLEMS = "BOARDS#problem";
const CHAINS = "POLLS#chains";

function pollKey(duelId: string) {
  return { pk: `POLL#${duelId}`, sk: "POLL" };
}

function sectionKey(forumId: string, sectionId: string) {
  return { pk: `SECTION#${forumId}#${sectionId}`, sk: "LISTING" };
}

function chainKey(duelId: string) {
  return { pk: `POLL#${duelId}`, sk: "CHAIN" };
}

function chainSortKey(read: Pick<ChainRead, "duelId" | "overdueAt">): string {
  return `${sortInstant(read.overdueAt)}#${read.duelId}`;
}

function chainItem(read: ChainRead) {
  return marshall({
    ...chainKey(read.duelId),
    gsi1pk: CHAINS,
    gsi1sk: chainSortKey(read),
    duelId: read.duelId,
    nextAttemptAt: read.at,
  });
}

export class DynamoDbPollStore implements PollStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  getPollState(duelId: string): Promise<PollState | null> {
    return guarded(async () => {
      const answer = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: marshall(pollKey(duelId)),
          ConsistentRead: true,
        }),
      );
      if (!answer.Item) return null;
      const plain = unmarshall(answer.Item);
      return { ...jsonOf<PollState>(plain, "state"), version: numberOf(plain, "version") };
    });
  }

  async putPollState(state: PollState, expectedVersion: number): Promise<boolean> {
    const { pk, sk } = pollKey(state.duelId);
    const failing = state.failures > 0 ? { gsi1pk: FAILING, gsi1sk: state.duelId } : {};
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: marshall({
            pk,
            sk,
            duelId: state.duelId,
            version: expectedVersion + 1,
            state: JSON.stringify({ ...state, version: expectedVersion + 1 }),
            attempts: state.failures,
            lastError: state.lastError,
            createdAt: state.failingSince,
            ...failing,
          }),
          ...versionCondition(expectedVersion),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw storageError(error);
    }
  }

  getSectionListing(forumId: string, sectionId: string): Promise<SectionListing | null> {
    return guarded(async () => {
      const answer = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: marshall(sectionKey(forumId, sectionId)),
          ConsistentRead: true,
        }),
      );
      if (!answer.Item) return null;
      const plain = unmarshall(answer.Item);
      return { ...jsonOf<SectionListing>(plain, "listing"), version: numberOf(plain, "version") };
    });
  }

  async putSectionListing(listing: SectionListing, expectedVersion: number): Promise<boolean> {
    const version = expectedVersion + 1;
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: marshall({
            ...sectionKey(listing.forumId, listing.sectionId),
            version,
            listing: JSON.stringify({ ...listing, version }),
          }),
          ...versionCondition(expectedVersion),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw storageError(error);
    }
  }

  listFailingPolls(): Promise<FailingPoll[]> {
    return guarded(async () => {
      const items = await queryAll(this.client, partitionQuery(this.tableName, FAILING));
      return items.map((item) => {
        const plain = unmarshall(item);
        return {
          duelId: stringOf(plain, "duelId"),
          failures: numberOf(plain, "attempts"),
          lastError: optionalStringOf(plain, "lastError"),
          failingSince: optionalStringOf(plain, "createdAt"),
        };
      });
    });
  }

  setBoardProblem(forumId: string, problem: BoardProblem | null): Promise<void> {
    const Key = marshall({ pk: `BOARD#${forumId}`, sk: "PROBLEM" });
    return guarded(async () => {
      if (problem === null) {
        await this.client.send(new DeleteItemCommand({ TableName: this.tableName, Key }));
        return;
      }
      const item = {
        pk: `BOARD#${forumId}`,
        sk: "PROBLEM",
        gsi1pk: BOARD_PROBLEMS,
        gsi1sk: forumId,
        id: forumId,
        lastError: problem.problem,
        createdAt: problem.at,
      };
      await this.client.send(new PutItemCommand({ TableName: this.tableName, Item: marshall(item) }));
    });
  }

  listBoardProblems(): Promise<BoardProblem[]> {
    return guarded(async () => {
      const items = await queryAll(this.client, partitionQuery(this.tableName, BOARD_PROBLEMS));
      return items.map((item) => {
        const plain = unmarshall(item);
        return {
          forumId: stringOf(plain, "id"),
          problem: stringOf(plain, "lastError"),
          at: stringOf(plain, "createdAt"),
        };
      });
    });
  }

  async addOutbox(entries: readonly OutboxEntry[]): Promise<void> {
    for (const entry of entries) {
      try {
        await this.client.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: outboxItem(entry),
            ConditionExpression: "attribute_not_exists(#pk)",
            ExpressionAttributeNames: { "#pk": "pk" },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw storageError(error);
      }
    }
  }

  async addNothingLike(entry: OutboxEntry): Promise<void> {
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: outboxItem(entry),
          ConditionExpression: "attribute_not_exists(#pk) AND attribute_exists(#pk)",
          ExpressionAttributeNames: { "#pk": "pk" },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw storageError(error);
    }
  }

  async scheduleChain(entry: OutboxEntry, read: ChainRead): Promise<void> {
    try {
      await this.client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: outboxItem(entry),
                ConditionExpression: "attribute_not_exists(#pk)",
                ExpressionAttributeNames: { "#pk": "pk" },
              },
            },
            { Put: { TableName: this.tableName, Item: chainItem(read) } },
          ],
        }),
      );
    } catch (error) {
      // The entry is there already: this very write was made before (same read, time and asker).
      if (cancellationCodes(error)?.[0] === "ConditionalCheckFailed") return;
      throw storageError(error);
    }
  }

  overdueChains(now: string, limit: number): Promise<ChainRead[]> {
    return guarded(async () => {
      const items = await queryAll(this.client, dueQuery(this.tableName, CHAINS, now), limit);
      return items.map((item) => {
        const plain = unmarshall(item);
        const duelId = stringOf(plain, "duelId");
        const sortKey = stringOf(plain, "gsi1sk");
        return {
          duelId,
          at: stringOf(plain, "nextAttemptAt"),
          overdueAt: sortKey.slice(0, sortKey.length - duelId.length - 1),
        };
      });
    });
  }

  async claimChain(read: ChainRead, until: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: marshall(chainKey(read.duelId)),
          UpdateExpression: "SET #gsk = :until",
          ConditionExpression: "#gsk = :seen",
          ExpressionAttributeNames: { "#gsk": "gsi1sk" },
          ExpressionAttributeValues: marshall({
            ":until": chainSortKey({ duelId: read.duelId, overdueAt: until }),
            ":seen": chainSortKey(read),
          }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw storageError(error);
    }
  }

  endChain(duelId: string): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new DeleteItemCommand({ TableName: this.tableName, Key: marshall(chainKey(duelId)) }),
      );
    });
  }
}
