import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { marshall } from "../../../shared/adapters/dynamodb/attributes.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { keys, partitions } from "../../../shared/adapters/dynamodb/table.js";
import { DATA_KEY_CACHE_MS, type DataKeys, SecretSealer } from "../../../shared/adapters/secrets/envelope.js";
import { joinSecrets, splitSecrets } from "../../../shared/adapters/secrets/forum-secrets.js";
import {
  LOCAL_KEY_FILE,
  localDataKeys,
  localMasterKey,
} from "../../../shared/adapters/secrets/local-data-keys.js";
import type { ForumConfig } from "../../../shared/ports/forum-store.js";
import { freshTable } from "../../support/harness.js";
import { itemReader } from "./fixtures.js";

/** Every kind of secret a forum holds, each a string that must never appear in the table. */
const SECRETS = {
  generic: "whsec_R2VuZXJpY1NlY3JldEdlbmVyaWNTZWNyZXQ=",
  discourse: "discourse-webhook-secret-1234567890",
  xenforo: "xenforo-webhook-secret-1234567890",
  channelSecret: "whsec_Q2hhbm5lbFNlY3JldENoYW5uZWxTZWNyZXQ=",
  discordUrl: "https://discord.com/api/webhooks/123/discord-token-abcdef",
  discourseKey: "discourse-api-key-0123456789abcdef",
  channelPassword: "mot-de-passe-du-canal-forumactif",
  botKey: "xenforo-bot-api-key-0123456789",
  sourcePassword: "mot-de-passe-du-compte-source",
};

const forum = (forumId: string): ForumConfig => ({
  forumId,
  name: "Poudlard RPG",
  webhookSecrets: { generic: SECRETS.generic, discourse: SECRETS.discourse, xenforo: SECRETS.xenforo },
  announce: "turns",
  bot: { type: "xenforo", baseUrl: "https://forum.example.fr", apiKey: SECRETS.botKey, userId: "3" },
  referees: [{ id: "7", name: "Minerva McGonagall" }],
  notify: [
    { type: "log" },
    { type: "webhook", url: "https://hooks.example.fr/h", secret: SECRETS.channelSecret },
    { type: "discord", url: SECRETS.discordUrl },
    {
      type: "discourse",
      baseUrl: "https://forum.example.fr",
      apiKey: SECRETS.discourseKey,
      apiUsername: "arbitre",
    },
    {
      type: "forumactif",
      baseUrl: "https://poudlard.forumactif.com",
      username: "Hibou",
      password: SECRETS.channelPassword,
    },
  ],
  source: {
    type: "forumactif",
    baseUrl: "https://poudlard.forumactif.com",
    timeZone: "Europe/Paris",
    account: { username: "Arbitre", password: SECRETS.sourcePassword },
  } as unknown as NonNullable<ForumConfig["source"]>,
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
});

/** Data keys that count how often they are asked to open one (KMS's Decrypt). */
function counting(keys: DataKeys) {
  const calls = { decrypt: 0, generate: 0 };
  const counted: DataKeys = {
    generate: () => {
      calls.generate += 1;
      return keys.generate();
    },
    decrypt: (encrypted) => {
      calls.decrypt += 1;
      return keys.decrypt(encrypted);
    },
  };
  return { calls, counted };
}

const leaked = (raw: unknown) => Object.values(SECRETS).filter((s) => JSON.stringify(raw).includes(s));

describe("the forums' secrets sealed at rest (envelope encryption, DynamoDB Local)", () => {
  it("the forum's item holds no secret in clear; the store reads every one back", async () => {
    const { client, tableName } = await freshTable();
    const store = new DynamoDbStore({ client, tableName });
    await store.putForum(forum("poudlard"));
    const raw = await itemReader(client, tableName)(keys.forum("poudlard"));
    // The stream's image is the item as written: what is not in the item is not in the stream.
    expect(raw?.sealed?.S).toBeDefined();
    expect(leaked(raw)).toEqual([]);
    expect(await store.getForum("poudlard")).toEqual(forum("poudlard"));
    expect((await store.loadForumAndDuel("poudlard", "poudlard.1", [])).forum).toEqual(forum("poudlard"));
    expect(await store.listForums()).toEqual([forum("poudlard")]);
  });

  it("secrets split off a forum are put back where they were, the forum without them left as it was", () => {
    const { open, secrets } = splitSecrets(forum("poudlard"));
    const before = structuredClone(open);
    expect(leaked(open)).toEqual([]);
    expect(joinSecrets(open, secrets)).toEqual(forum("poudlard"));
    expect(open).toEqual(before);
  });

  it("a forum saved in clear before secrets were sealed is read as it is, and sealed at its next save", async () => {
    const { client, tableName } = await freshTable();
    const store = new DynamoDbStore({ client, tableName });
    const old = forum("ancien");
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: marshall({
          ...keys.forum("ancien"),
          gsi1pk: partitions.forums,
          gsi1sk: "ancien",
          forumId: "ancien",
          config: JSON.stringify(old),
          updatedAt: old.updatedAt,
        }),
      }),
    );
    expect(await store.getForum("ancien")).toEqual(old);
    await store.putForum((await store.getForum("ancien")) ?? old);
    const raw = await itemReader(client, tableName)(keys.forum("ancien"));
    expect(leaked(raw)).toEqual([]);
    expect(await store.getForum("ancien")).toEqual(old);
  });

  it("sealed secrets copied onto another forum's item do not open there", async () => {
    const { client, tableName } = await freshTable();
    const store = new DynamoDbStore({ client, tableName });
    await store.putForum(forum("poudlard"));
    await store.putForum(forum("beauxbatons"));
    const read = itemReader(client, tableName);
    const stolen = (await read(keys.forum("poudlard")))?.sealed;
    const target = await read(keys.forum("beauxbatons"));
    await client.send(
      new PutItemCommand({ TableName: tableName, Item: { ...target, sealed: stolen ?? { S: "" } } }),
    );
    await expect(store.getForum("beauxbatons")).rejects.toThrow();
  });

  it("a container opens a forum's data key once, then from memory until it is due again", async () => {
    const { client, tableName } = await freshTable();
    const master = localMasterKey("memory");
    await new DynamoDbStore({ client, tableName, secrets: new SecretSealer(localDataKeys(master)) }).putForum(
      forum("poudlard"),
    );
    let now = Date.parse("2026-12-01T10:00:00.000Z");
    const { calls, counted } = counting(localDataKeys(master));
    const store = new DynamoDbStore({ client, tableName, secrets: new SecretSealer(counted, () => now) });
    for (let post = 0; post < 20; post += 1) {
      await store.loadForumAndDuel("poudlard", `poudlard.${post}`, []);
    }
    expect(calls.decrypt).toBe(1);
    now += DATA_KEY_CACHE_MS + 1;
    await store.getForum("poudlard");
    expect(calls).toEqual({ decrypt: 2, generate: 0 });
  });

  it("a value opened once still opens only for its own forum, and an altered copy of it is refused", async () => {
    const { client, tableName } = await freshTable();
    const store = new DynamoDbStore({ client, tableName });
    await store.putForum(forum("poudlard"));
    await store.putForum(forum("beauxbatons"));
    expect((await store.getForum("poudlard"))?.webhookSecrets.generic).toBe(SECRETS.generic);
    const read = itemReader(client, tableName);
    const sealed = (await read(keys.forum("poudlard")))?.sealed?.S ?? "";
    const envelope = JSON.parse(sealed) as { ct: string };
    const flipped = Buffer.from(envelope.ct, "base64");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const own = await read(keys.forum("poudlard"));
    const other = await read(keys.forum("beauxbatons"));
    const altered = JSON.stringify({ ...envelope, ct: flipped.toString("base64") });
    for (const [forumId, item, copy] of [
      ["beauxbatons", other, sealed],
      ["poudlard", own, altered],
    ] as const) {
      await client.send(new PutItemCommand({ TableName: tableName, Item: { ...item, sealed: { S: copy } } }));
      await expect(store.getForum(forumId)).rejects.toThrow();
    }
  });

  it("locally, the key is a file under DATA_DIR created at first start, readable by its owner only", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "arbitre-")), "data");
    const first = localMasterKey(dir);
    expect(statSync(join(dir, LOCAL_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(localMasterKey(dir)).equals(Buffer.from(first))).toBe(true);
  });
});
