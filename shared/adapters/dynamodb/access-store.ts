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
  LoginReservation,
  SessionReveal,
  SessionSubject,
} from "../../ports/access-store.js";
import { type Item, marshall } from "./attributes.js";
import { guarded, isConditionalCheckFailed } from "./errors.js";
import { batchGetAll, partitionQuery, queryAll } from "./requests.js";
import { putSessionReveal, takeSessionReveal } from "./session-reveals.js";
import { keys, partitions } from "./table.js";

/** Reads and conditional writes one login count may take under contention before refusing. */
const MAX_RESERVE_TRIES = 50;

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

  reserveLoginAttempt(
    key: string,
    now: Date,
    blockFor: (failures: number) => number,
    forgetAfterS: number,
  ): Promise<LoginReservation> {
    return guarded(async () => {
      // Read, then write the next count only if it is still the one read: of attempts made at once,
      // one takes each count and the others read again, finding the block the counts call for.
      for (let tries = 0; tries < MAX_RESERVE_TRIES; tries += 1) {
        const item = await this.get(keys.loginFailures(key));
        const stored = item?.failures?.N;
        // TTL deletes late: a count past its time is forgotten here as it would be there.
        const live = item && Number(item.expiresAt?.N ?? "0") > now.getTime() / 1000;
        const before = live ? failuresOf(item) : { failures: 0, blockedUntil: null };
        if (before.blockedUntil && Date.parse(before.blockedUntil) > now.getTime()) {
          return { reserved: false, ...before };
        }
        const failures = before.failures + 1;
        const delay = blockFor(failures);
        const blockedUntil = delay > 0 ? new Date(now.getTime() + delay).toISOString() : null;
        try {
          await this.client.send(
            new UpdateItemCommand({
              TableName: this.tableName,
              Key: marshall(keys.loginFailures(key)),
              UpdateExpression: `SET failures = :count, #key = :key, expiresAt = :forget ${
                blockedUntil ? ", blockedUntil = :until" : "REMOVE blockedUntil"
              }`,
              ConditionExpression:
                stored === undefined ? "attribute_not_exists(failures)" : "failures = :stored",
              ExpressionAttributeNames: { "#key": "key" },
              ExpressionAttributeValues: {
                ":count": { N: String(failures) },
                ":key": { S: key },
                ":forget": { N: String(Math.ceil(now.getTime() / 1000) + forgetAfterS) },
                ...(blockedUntil ? { ":until": { S: blockedUntil } } : {}),
                ...(stored === undefined ? {} : { ":stored": { N: stored } }),
              },
            }),
          );
          return { reserved: true, failures, blockedUntil };
        } catch (error) {
          if (!isConditionalCheckFailed(error)) throw error;
        }
      }
      // Still contended after every try: a flood at this very key; refusing it is the safe answer.
      return { reserved: false, failures: 0, blockedUntil: new Date(now.getTime() + 1000).toISOString() };
    });
  }

  releaseLoginAttempt(key: string): Promise<void> {
    return guarded(async () => {
      try {
        await this.client.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: marshall(keys.loginFailures(key)),
            UpdateExpression: "ADD failures :less",
            ConditionExpression: "failures > :none",
            ExpressionAttributeValues: { ":less": { N: "-1" }, ":none": { N: "0" } },
          }),
        );
      } catch (error) {
        // Nothing left to give back (forgotten since, or cleared): nothing to do.
        if (!isConditionalCheckFailed(error)) throw error;
      }
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
