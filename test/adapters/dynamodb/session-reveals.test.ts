import { beforeAll, describe, expect, it } from "vitest";
import type { DynamoDbAccessStore } from "../../../shared/adapters/dynamodb/access-store.js";
import { keys } from "../../../shared/adapters/dynamodb/table.js";
import type { SessionReveal } from "../../../shared/ports/access-store.js";
import { freshStore, itemReader } from "./fixtures.js";

let access: DynamoDbAccessStore;
let read: (key: Record<string, string>) => Promise<Record<string, unknown> | undefined>;

beforeAll(async () => {
  const { store, client, tableName } = await freshStore();
  access = store.accessStore();
  read = itemReader(client, tableName);
});

const NOW = new Date("2026-12-01T10:00:00.000Z");
const PAGE = "/admin/forums/poudlard/credentials";

const reveal = (id: string, until = "2026-12-01T10:05:00.000Z"): SessionReveal => ({
  id,
  page: PAGE,
  sealed: `sealed-${id}`,
  until,
});

async function openSession(idHash: string): Promise<void> {
  await access.putSession({
    idHash,
    subject: { kind: "operator", adminKey: "k" },
    createdAt: "2026-12-01T08:00:00.000Z",
    expiresAt: "2026-12-01T20:00:00.000Z",
  });
}

describe("CONTRACT 3.1 a desk secret kept on its session until shown once (DynamoDB)", () => {
  it("CONTRACT 3.1 no session, no reveal: nothing is written", async () => {
    expect(await access.putReveal("00".repeat(32), reveal("r".repeat(22)), NOW)).toBe(false);
    expect(await read(keys.session("00".repeat(32)))).toBeUndefined();
    expect(await access.takeReveal("00".repeat(32), "r".repeat(22), PAGE)).toBeNull();
  });

  it("CONTRACT 3.1 reveals nobody came to see are forgotten when the session keeps another", async () => {
    const session = "04".repeat(32);
    await openSession(session);
    await access.putReveal(session, reveal("d".repeat(22), "2026-12-01T09:59:00.000Z"), NOW);
    await access.putReveal(session, reveal("e".repeat(22)), NOW);
    const item = await read(keys.session(session));
    expect(Object.keys(item ?? {}).filter((k) => k.startsWith("reveal_"))).toEqual([
      `reveal_${"e".repeat(22)}`,
    ]);
  });

  it("CONTRACT 3.1 ending the session drops its reveals", async () => {
    const session = "05".repeat(32);
    await openSession(session);
    await access.putReveal(session, reveal("f".repeat(22)), NOW);
    await access.deleteSession(session);
    expect(await access.takeReveal(session, "f".repeat(22), PAGE)).toBeNull();
    expect(await read(keys.session(session))).toBeUndefined();
  });
});
