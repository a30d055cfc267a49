import { BatchWriteItemCommand, QueryCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDbStore } from "../shared/adapters/dynamodb/dynamodb-store.js";
import { clubRecordItem } from "../shared/adapters/dynamodb/items.js";
import { keys } from "../shared/adapters/dynamodb/table.js";
import { clubView } from "../shared/app/club.js";
import type { ClubDuelRecord } from "../shared/domain/club-record.js";
import { localClient, median } from "./referee-app.js";

export interface ClubPageResult {
  readonly duels: number;
  readonly queryPages: number;
  readonly readCapacityUnits: number;
  readonly recordBytes: number;
  /** Reading the forum's partition and computing the view, median of the runs. */
  readonly medianMs: number;
  readonly runs: number;
}

/**
 * What one club page costs (CONTRACT.md 8) with `duels` finished duels of 40 duelists over one
 * season, their records written as the duels' commits write them: the one query's pages and read
 * capacity, and the time to read and compute the view, median of `runs`.
 */
export async function measureClubPage(
  endpoint: string,
  tableName: string,
  options: { readonly duels: number; readonly runs: number },
): Promise<ClubPageResult> {
  const DUELS = options.duels;
  const RUNS = options.runs;
  const client = localClient(endpoint);
  const store = new DynamoDbStore({ client, tableName });
  await store.putForum({
    forumId: "club",
    name: "Club de duel",
    webhookSecrets: {},
    referees: [{ id: "7", name: "Minerva McGonagall" }],
    notify: [],
    createdAt: "2026-09-01T00:00:00Z",
    updatedAt: "2026-09-01T00:00:00Z",
  });
  const records: ClubDuelRecord[] = Array.from({ length: DUELS }, (_, i) => {
    const a = `${i % 40}`;
    const b = `${(i * 7 + 1) % 40 === i % 40 ? (i + 1) % 40 : (i * 7 + 1) % 40}`;
    const ended = new Date(Date.parse("2026-09-02T10:00:00Z") + i * 6 * 3_600_000).toISOString();
    return {
      duelId: `club.${10_000 + i}`,
      forumId: "club",
      threadId: `${10_000 + i}`,
      status: "finished",
      createdAt: ended,
      duelists: [
        { id: a, name: `Duelliste ${a}`, outcome: "won", actionFaults: i % 3, absenceFaults: 0 },
        {
          id: b,
          name: `Duelliste ${b}`,
          outcome: i % 10 === 0 ? "disqualified" : "lost",
          actionFaults: 1,
          absenceFaults: i % 10 === 0 ? 3 : 0,
        },
      ],
      turn: null,
      endedAt: ended,
      winnerId: a,
      reason: i % 10 === 0 ? "disqualification" : "points",
      stakes: i % 4 === 0 ? "Un gallion" : null,
      stakesHonoured: i % 4 === 0 ? i % 8 === 0 : null,
      bans: i % 10 === 0 ? [{ duelistId: b, until: "2027-12-01T00:00:00Z" }] : [],
    };
  });
  for (let i = 0; i < records.length; i += 25) {
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [tableName]: records
            .slice(i, i + 25)
            .map((r) => ({ PutRequest: { Item: clubRecordItem(r, r.createdAt) } })),
        },
      }),
    );
  }
  // The query the page makes, counted: pages and read capacity.
  let pages = 0;
  let capacity = 0;
  let start: Record<string, never> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { "#pk": "pk" },
        ExpressionAttributeValues: { ":pk": { S: keys.forum("club").pk } },
        ReturnConsumedCapacity: "TOTAL",
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    pages += 1;
    capacity += page.ConsumedCapacity?.CapacityUnits ?? 0;
    start = page.LastEvaluatedKey as typeof start;
  } while (start);
  const times: number[] = [];
  let view: ReturnType<typeof clubView> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    view = clubView(await store.club("club"), "2027-08-01T12:00:00Z");
    times.push(performance.now() - t0);
  }
  if (view === undefined) throw new Error("no club view");
  const bytes = records.reduce((sum, r) => sum + JSON.stringify(r).length, 0);
  client.destroy();
  return {
    duels: DUELS,
    queryPages: pages,
    readCapacityUnits: capacity,
    recordBytes: bytes,
    medianMs: Math.round(median(times) * 10) / 10,
    runs: RUNS,
  };
}
