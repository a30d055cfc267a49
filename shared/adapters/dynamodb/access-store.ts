import {
  BatchGetItemCommand,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type {
  AccessStore,
  Credential,
  DeskSession,
  ForumRole,
  LoginFailures,
  SessionReveal,
  SessionSubject,
} from "../../ports/access-store.js";
import { type Item, marshall } from "./attributes.js";
import { guarded, isConditionalCheckFailed } from "./errors.js";
import { batchGetAll, partitionQuery, queryAll } from "./requests.js";
import { putSessionReveal, takeSessionReveal } from "./session-reveals.js";
import { keys, partitions } from "./table.js";

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

function credentialOf(item: Item): Credential {
  const refereeId = item.refereeId?.S;
  return {
    id: item.id?.S ?? "",
    forumId: item.forumId?.S ?? "",
    role: (item.role?.S ?? "referee") as ForumRole,
    name: item.name?.S ?? "",
    ...(refereeId ? { refereeId } : {}),
    tokenHash: item.tokenHash?.S ?? "",
    createdAt: item.createdAt?.S ?? "",
  };
}

function sessionOf(item: Item): DeskSession {
  const subject: SessionSubject =
    item.subject?.S === "operator"
      ? { kind: "operator", adminKey: item.adminKey?.S ?? "" }
      : { kind: "credential", credentialId: item.credentialId?.S ?? "" };
  return {
    idHash: item.idHash?.S ?? "",
    subject,
    createdAt: item.createdAt?.S ?? "",
    expiresAt: item.endsAt?.S ?? "",
  };
}

function failuresOf(item: Item): LoginFailures {
  return { failures: Number(item.failures?.N ?? "0"), blockedUntil: item.blockedUntil?.S ?? null };
}

/**
 * AccessStore on the duels' table (items `CRED#`, `SESSION#`, `LOGIN#` in `table.ts`). Every read
 * is consistent and nothing is cached: revoking a credential or ending a session takes effect on
 * the next request, in every Lambda container.
 */
export class DynamoDbAccessStore implements AccessStore {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;

  constructor(options: { readonly client: DynamoDBClient; readonly tableName: string }) {
    this.client = options.client;
    this.tableName = options.tableName;
  }

  putCredential(credential: Credential): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: marshall({
            ...keys.credential(credential.id),
            gsi1pk: partitions.credentials(credential.forumId),
            gsi1sk: `${credential.createdAt}#${credential.id}`,
            ...credential,
          }),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    });
  }

  getCredential(id: string): Promise<Credential | null> {
    return guarded(async () => {
      const item = await this.get(keys.credential(id));
      return item ? credentialOf(item) : null;
    });
  }

  listCredentials(forumId: string): Promise<Credential[]> {
    return guarded(async () => {
      const listed = await queryAll(
        this.client,
        partitionQuery(this.tableName, partitions.credentials(forumId)),
      );
      const ids = listed.flatMap((item) => (item.id?.S ? [item.id.S] : []));
      const items = await batchGetAll(
        this.client,
        this.tableName,
        ids.map((id) => marshall(keys.credential(id))),
      );
      return items
        .map(credentialOf)
        .filter((c) => c.forumId === forumId)
        .sort((a, b) =>
          a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
        );
    });
  }

  deleteCredential(id: string): Promise<boolean> {
    return guarded(async () => {
      const { Attributes } = await this.client.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: marshall(keys.credential(id)),
          ReturnValues: "ALL_OLD",
        }),
      );
      return Attributes !== undefined;
    });
  }

  putSession(session: DeskSession): Promise<void> {
    const subject =
      session.subject.kind === "operator"
        ? { subject: "operator", adminKey: session.subject.adminKey }
        : { subject: "credential", credentialId: session.subject.credentialId };
    return guarded(async () => {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: marshall({
            ...keys.session(session.idHash),
            idHash: session.idHash,
            ...subject,
            createdAt: session.createdAt,
            endsAt: session.expiresAt,
            expiresAt: epochSeconds(session.expiresAt),
          }),
        }),
      );
    });
  }

  getSession(idHash: string): Promise<DeskSession | null> {
    return guarded(async () => {
      const item = await this.get(keys.session(idHash));
      return item ? sessionOf(item) : null;
    });
  }

  deleteSession(idHash: string): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new DeleteItemCommand({ TableName: this.tableName, Key: marshall(keys.session(idHash)) }),
      );
    });
  }

  putReveal(sessionIdHash: string, reveal: SessionReveal, now: Date): Promise<boolean> {
    return guarded(() => putSessionReveal(this.target(), sessionIdHash, reveal, now));
  }

  takeReveal(sessionIdHash: string, id: string, page: string): Promise<SessionReveal | null> {
    return guarded(() => takeSessionReveal(this.target(), sessionIdHash, id, page));
  }

  loginFailures(wanted: readonly string[]): Promise<Record<string, LoginFailures>> {
    return guarded(async () => {
      const unique = [...new Set(wanted)];
      if (unique.length === 0) return {};
      const { Responses } = await this.client.send(
        new BatchGetItemCommand({
          RequestItems: {
            [this.tableName]: {
              Keys: unique.map((key) => marshall(keys.loginFailures(key))),
              ConsistentRead: true,
            },
          },
        }),
      );
      const found: Record<string, LoginFailures> = {};
      for (const item of Responses?.[this.tableName] ?? []) {
        const key = item.key?.S;
        if (key) found[key] = failuresOf(item);
      }
      return found;
    });
  }

  recordLoginFailure(
    key: string,
    now: Date,
    blockFor: (failures: number) => number,
    forgetAfterS: number,
  ): Promise<LoginFailures> {
    return guarded(async () => {
      // ADD is atomic: two containers counting at once both count.
      const { Attributes } = await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: marshall(keys.loginFailures(key)),
          UpdateExpression: "ADD failures :one SET #key = :key, expiresAt = :forget",
          ExpressionAttributeNames: { "#key": "key" },
          ExpressionAttributeValues: {
            ":one": { N: "1" },
            ":key": { S: key },
            ":forget": { N: String(Math.ceil(now.getTime() / 1000) + forgetAfterS) },
          },
          ReturnValues: "ALL_NEW",
        }),
      );
      const failures = Number(Attributes?.failures?.N ?? "1");
      const delay = blockFor(failures);
      if (delay <= 0) return { failures, blockedUntil: null };
      const blockedUntil = new Date(now.getTime() + delay).toISOString();
      try {
        // Only while the count is still this one: a later failure's longer block is never shortened.
        await this.client.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: marshall(keys.loginFailures(key)),
            UpdateExpression: "SET blockedUntil = :until",
            ConditionExpression: "failures = :count",
            ExpressionAttributeValues: { ":until": { S: blockedUntil }, ":count": { N: String(failures) } },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
      return { failures, blockedUntil };
    });
  }

  clearLoginFailures(key: string): Promise<void> {
    return guarded(async () => {
      await this.client.send(
        new DeleteItemCommand({ TableName: this.tableName, Key: marshall(keys.loginFailures(key)) }),
      );
    });
  }

  private target() {
    return { client: this.client, tableName: this.tableName };
  }

  private async get(key: Record<string, string>): Promise<Item | undefined> {
    const { Item } = await this.client.send(
      new GetItemCommand({ TableName: this.tableName, Key: marshall(key), ConsistentRead: true }),
    );
    return Item;
  }
}
