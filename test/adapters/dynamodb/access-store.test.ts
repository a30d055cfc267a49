import { beforeAll, describe, expect, it } from "vitest";
import type { DynamoDbAccessStore } from "../../../shared/adapters/dynamodb/access-store.js";
import { keys } from "../../../shared/adapters/dynamodb/table.js";
import {
  credentialIdOf,
  MIN_TOKEN_LENGTH,
  newCredentialToken,
  tokenWeakness,
} from "../../../shared/http/tokens.js";
import { freshStore, itemReader } from "./fixtures.js";

let access: DynamoDbAccessStore;
let read: (key: Record<string, string>) => Promise<Record<string, unknown> | undefined>;

beforeAll(async () => {
  const { store, client, tableName } = await freshStore();
  access = store.accessStore();
  read = itemReader(client, tableName);
});

describe("CONTRACT 3.1 AccessStore on DynamoDB", () => {
  it("CONTRACT 3.1 a session is stored with a TTL and ended by deleting it", async () => {
    const session = {
      idHash: "cd".repeat(32),
      subject: { kind: "credential" as const, credentialId: "BBBBBBBBBBBBBBBB" },
      createdAt: "2026-12-01T08:00:00.000Z",
      expiresAt: "2026-12-01T20:00:00.000Z",
    };
    await access.putSession(session);
    expect(await access.getSession(session.idHash)).toEqual(session);
    const item = await read(keys.session(session.idHash));
    expect(item?.expiresAt).toEqual({ N: String(Date.parse(session.expiresAt) / 1000) });
    await access.deleteSession(session.idHash);
    expect(await access.getSession(session.idHash)).toBeNull();
  });

  it("CONTRACT 3.1 login attempts reserved at once by several containers: one count each, forgotten in 15 minutes", async () => {
    const now = new Date("2026-12-01T08:00:00.000Z");
    const block = (n: number) => (n > 5 ? 1000 : 0);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => access.reserveLoginAttempt("account#x", now, block, 900)),
    );
    expect(results.filter((r) => r.reserved)).toHaveLength(6);
    const counted = await access.loginFailures(["account#x", "address#nobody"]);
    expect(counted["account#x"]).toEqual({ failures: 6, blockedUntil: "2026-12-01T08:00:01.000Z" });
    expect(counted["address#nobody"]).toBeUndefined();
    expect((await read(keys.loginFailures("account#x")))?.expiresAt).toEqual({
      N: String(Date.parse("2026-12-01T08:15:00.000Z") / 1000),
    });
    // Past its time the count is forgotten, though TTL has not deleted the item yet.
    const tomorrow = new Date("2026-12-02T08:00:00.000Z");
    expect(await access.reserveLoginAttempt("account#x", tomorrow, block, 900)).toEqual({
      reserved: true,
      failures: 1,
      blockedUntil: null,
    });
    await access.clearLoginFailures("account#x");
    expect(await access.loginFailures(["account#x"])).toEqual({});
  });
});

describe("CONTRACT 3.1 token strength", () => {
  it("CONTRACT 3.1 issued tokens name their credential and carry 32 random bytes", () => {
    const { id, token } = newCredentialToken();
    expect(credentialIdOf(token)).toBe(id);
    expect(token.split(".")[2]).toHaveLength(43);
    expect(newCredentialToken().token).not.toBe(token);
    expect(credentialIdOf("test-admin-token")).toBeNull();
  });

  it("CONTRACT 3.1 a chosen admin token needs 24 characters, 10 of them different", () => {
    expect(tokenWeakness("x".repeat(MIN_TOKEN_LENGTH - 1))).toContain("trop court");
    expect(tokenWeakness("ab".repeat(20))).toContain("trop répétitif");
    expect(tokenWeakness("start-test-token-long-enough-42")).toBeNull();
    expect(tokenWeakness(newCredentialToken().token)).toBeNull();
  });
});
