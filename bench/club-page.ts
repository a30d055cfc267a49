import { BatchWriteItemCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDbStore } from "../shared/adapters/dynamodb/dynamodb-store.js";
import { clubRecordItem } from "../shared/adapters/dynamodb/items.js";
import { clubView, readClub } from "../shared/app/club.js";
import type { ClubDuelRecord } from "../shared/domain/club-record.js";
import { localClient, median } from "./referee-app.js";

/** What reading and computing one season's page cost. */
export interface ClubPageCost {
  readonly requests: number;
  readonly readUnits: number;
  readonly records: number;
  readonly viewBytes: number;
  readonly finished: number;
  readonly seasons: number;
  /** Reading the season and computing the view, median of the runs. */
  readonly medianMs: number;
}

export interface ClubPageResult {
  readonly seasonDuels: number;
  readonly pastDuels: number;
  readonly withoutPast: ClubPageCost;
  readonly withPast: ClubPageCost;
  /** The same requests and read units with the past as without. */
  readonly sameCost: boolean;
  readonly runs: number;
}

/** The page is asked for in the middle of the 2026-2027 season. */
const NOW = "2027-03-01T12:00:00.000Z";

/** A finished duel's record between two of 40 duelists, ended at `endedAt`. */
function aRecord(forumId: string, i: number, endedAt: string): ClubDuelRecord {
  const a = `${i % 40}`;
  const b = `${(i * 7 + 1) % 40 === i % 40 ? (i + 1) % 40 : (i * 7 + 1) % 40}`;
  return {
    duelId: `${forumId}.${10_000 + i}`,
    forumId,
    threadId: `${10_000 + i}`,
    status: "finished",
    createdAt: endedAt,
    duelists: [
      { id: a, name: `Duelliste ${a}`, outcome: "won", actionFaults: i % 3, absenceFaults: 0 },
      { id: b, name: `Duelliste ${b}`, outcome: "lost", actionFaults: 1, absenceFaults: 0 },
    ],
    turn: null,
    endedAt,
    winnerId: a,
    reason: "points",
    stakes: i % 4 === 0 ? "Un gallion" : null,
    stakesHonoured: i % 4 === 0 ? i % 8 === 0 : null,
    bans: [],
  };
}

/** `count` duels ended evenly from `from` over `days` days. */
function spread(forumId: string, first: number, count: number, from: string, days: number) {
  const step = (days * 86_400_000) / Math.max(1, count);
  return Array.from({ length: count }, (_, k) =>
    aRecord(forumId, first + k, new Date(Date.parse(from) + k * step).toISOString()),
  );
}

/**
 * What one season's club page costs (CONTRACT.md 8) on a club with no past and on the same club with
 * `pastDuels` finished duels over the five seasons before: the requests, read capacity and records
 * its reads take, and the time to read and compute it, median of `runs`. The page reads its own
 * season's range of the club's index, so both should cost the same.
 */
export async function measureClubPage(
  endpoint: string,
  tableName: string,
  options: { readonly seasonDuels: number; readonly pastDuels: number; readonly runs: number },
): Promise<ClubPageResult> {
  const client = localClient(endpoint);
  // Every read the page makes is counted: requests, and the read capacity DynamoDB says it used.
  let requests = 0;
  let readUnits = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      requests += 1;
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = "TOTAL";
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
      readUnits += consumed?.CapacityUnits ?? 0;
      return out;
    },
    { step: "initialize", name: "clubPageCounter" },
  );
  const store = new DynamoDbStore({ client, tableName });
  const write = async (records: readonly ClubDuelRecord[]) => {
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
  };
  const forum = (forumId: string) =>
    store.putForum({
      forumId,
      name: "Club de duel",
      webhookSecrets: {},
      referees: [{ id: "7", name: "Minerva McGonagall" }],
      notify: [],
      createdAt: "2021-09-01T00:00:00Z",
      updatedAt: "2021-09-01T00:00:00Z",
    });
  // Two clubs with the same season: one new, one with five seasons behind it.
  await forum("club-new");
  await forum("club-old");
  await write(spread("club-new", 0, options.seasonDuels, "2026-09-02T10:00:00Z", 170));
  await write(spread("club-old", 0, options.seasonDuels, "2026-09-02T10:00:00Z", 170));
  const perSeason = Math.floor(options.pastDuels / 5);
  for (let season = 0; season < 5; season++) {
    const first = options.seasonDuels + season * perSeason;
    await write(spread("club-old", first, perSeason, `${2021 + season}-09-02T10:00:00Z`, 360));
  }
  const measure = async (forumId: string): Promise<ClubPageCost> => {
    requests = 0;
    readUnits = 0;
    const read = await readClub(store, forumId, NOW);
    const view = clubView(read, NOW);
    const cost = {
      requests,
      readUnits,
      records: read.records.length,
      viewBytes: JSON.stringify(view).length,
    };
    const times: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const t0 = performance.now();
      clubView(await readClub(store, forumId, NOW), NOW);
      times.push(performance.now() - t0);
    }
    return {
      ...cost,
      finished: view.finished.length,
      seasons: view.seasons.length,
      medianMs: Math.round(median(times) * 10) / 10,
    };
  };
  const withoutPast = await measure("club-new");
  const withPast = await measure("club-old");
  client.destroy();
  return {
    seasonDuels: options.seasonDuels,
    pastDuels: options.pastDuels,
    withoutPast,
    withPast,
    sameCost: withoutPast.requests === withPast.requests && withoutPast.readUnits === withPast.readUnits,
    runs: options.runs,
  };
}
