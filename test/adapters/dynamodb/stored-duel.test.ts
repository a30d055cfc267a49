import { type DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { marshall } from "../../../shared/adapters/dynamodb/attributes.js";
import type { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { keys } from "../../../shared/adapters/dynamodb/table.js";
import type { Duel as DuelState } from "../../../shared/domain/state.js";
import { Duel } from "../../domain/fixtures.js";
import { aCommit, freshStore } from "./fixtures.js";

let store: DynamoDbStore;
let client: DynamoDBClient;
let tableName: string;

beforeAll(async () => {
  ({ store, client, tableName } = await freshStore());
});

type Json = Record<string, unknown>;

/**
 * Stores `state` as duel `duelId`, rewrites its snapshot's JSON with `old` (the shape it had when
 * one record served every status), and reads it back.
 */
async function readBack(duelId: string, state: DuelState, old: (json: Json) => Json) {
  await store.commit(aCommit(duelId, 0, { state: { ...state, id: duelId } }));
  const Key = marshall(keys.duel(duelId));
  const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key, ConsistentRead: true }));
  if (!Item?.state?.S) throw new Error(`no snapshot for ${duelId}`);
  const json = JSON.stringify(old(JSON.parse(Item.state.S)));
  await client.send(new PutItemCommand({ TableName: tableName, Item: { ...Item, state: { S: json } } }));
  return (await store.loadDuel(duelId))?.state;
}

describe("snapshots written when the state was one record for every status", () => {
  it("CONTRACT 6.1 a registered duel stored with a null turn and result reads without them", async () => {
    const duel = new Duel();
    const loaded = await readBack("old-registered", duel.state, (j) => ({ ...j, turn: null, result: null }));
    expect(loaded).toStrictEqual({ ...duel.state, id: "old-registered" });
  });

  it("CONTRACT 6.1 a running duel stored with a null result and stopped turn reads with its turn only", async () => {
    const duel = new Duel();
    duel.top();
    const loaded = await readBack("old-active", duel.state, (j) => ({
      ...j,
      result: null,
      stoppedTurn: null,
    }));
    expect(loaded).toStrictEqual({ ...duel.state, id: "old-active" });
    expect(loaded?.status === "active" ? loaded.turn.number : null).toBe(1);
  });

  it("CONTRACT 6.1 R-7.1 a finished duel stored with a null turn reads with its result and the turn it stopped", async () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "end", winnerId: null });
    const loaded = await readBack("old-finished", duel.state, (j) => ({ ...j, turn: null }));
    expect(loaded).toStrictEqual({ ...duel.state, id: "old-finished" });
    expect(loaded?.status === "finished" ? loaded.stoppedTurn?.number : null).toBe(1);
  });

  it("R-7.1 a finished duel stored without a stopped turn (older still) reads as stopped before any turn", async () => {
    const duel = new Duel();
    duel.top();
    duel.referee({ command: "end", winnerId: null });
    const loaded = await readBack("oldest-finished", duel.state, ({ stoppedTurn: _, ...j }) => ({
      ...j,
      turn: null,
    }));
    expect(loaded?.status === "finished" ? loaded.stoppedTurn : "not finished").toBeNull();
    expect(loaded?.status === "finished" ? loaded.result : null).toEqual({
      winnerId: null,
      reason: "referee",
    });
  });
});
