import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDbStore } from "../../shared/adapters/dynamodb/dynamodb-store.js";
import { tableDefinition } from "../../shared/adapters/dynamodb/table.js";
import { type DataKeys, SecretSealer } from "../../shared/adapters/secrets/envelope.js";
import { DuelService } from "../../shared/app/duel-service.js";
import { createApp } from "../../shared/http/app.js";
import { hashToken } from "../../shared/http/auth.js";
import { signStandardWebhook } from "../../shared/http/standard-webhooks.js";
import { httpEvent } from "./lambda-events.js";

/**
 * A first turn for the webhook's code cache, at build time and offline (infra/cdk/code-cache.ts):
 * a loopback stand-in for DynamoDB and KMS, on which the project's own store and API create a forum
 * and a duel, and a signed post that is that duel's first turn. The warm-up process then reads the
 * forum, opens its secret through the KMS client, checks the signature, reads the duel, decides and
 * commits, as a cold first turn does: V8 compiles all of it, and the cache holds it. The timer's
 * warm-up reads the same duel for a stale timer.
 *
 * The stand-in keeps items by key and answers what a first turn and its setup send: `PutItem`,
 * `GetItem`, `BatchGetItem`, `TransactWriteItems` (puts and deletes; conditions and updates are not
 * evaluated), `Query` (nothing found), and KMS's `Decrypt` (a data key's encrypted form is the key
 * itself, as the forum's secret was sealed with `echoDataKeys`). It is not a database: it exists so
 * that the warm-up runs the code of a real turn without AWS, and test/aws/code-cache.test.ts checks
 * that the warm-up's turn is applied.
 */

/**
 * Data keys whose encrypted form is the key: what the stand-in's `Decrypt` gives back (and the
 * bench's fake KMS, `startFakeKms` in bench/referee-app.ts).
 */
export const echoDataKeys: DataKeys = {
  async generate() {
    const key = randomBytes(32);
    return { plaintext: key, encrypted: key };
  },
  async decrypt(encrypted) {
    return encrypted;
  },
};

type Item = Record<string, unknown>;

const keyOf = (item: Item) =>
  JSON.stringify([item[tableDefinition.partitionKey.name], item[tableDefinition.sortKey.name]]);

/** The answer to one JSON request of DynamoDB's or KMS's protocol, by operation. */
function answer(items: Map<string, Item>, target: string, input: Record<string, unknown>): unknown {
  const [service, operation] = target.split(".");
  if (service === "TrentService" && operation === "Decrypt")
    return { Plaintext: input.CiphertextBlob, KeyId: input.KeyId, EncryptionAlgorithm: "SYMMETRIC_DEFAULT" };
  switch (operation) {
    case "PutItem":
      items.set(keyOf(input.Item as Item), input.Item as Item);
      return {};
    case "GetItem": {
      const item = items.get(keyOf(input.Key as Item));
      return item ? { Item: item } : {};
    }
    case "BatchGetItem": {
      const requests = input.RequestItems as Record<string, { Keys: Item[] }>;
      const responses = Object.fromEntries(
        Object.entries(requests).map(([table, { Keys }]) => [
          table,
          Keys.map((key) => items.get(keyOf(key))).filter((item) => item !== undefined),
        ]),
      );
      return { Responses: responses, UnprocessedKeys: {} };
    }
    case "TransactWriteItems":
      for (const write of input.TransactItems as { Put?: { Item: Item }; Delete?: { Key: Item } }[]) {
        if (write.Put) items.set(keyOf(write.Put.Item), write.Put.Item);
        if (write.Delete) items.delete(keyOf(write.Delete.Key));
      }
      return {};
    case "DeleteItem":
      items.delete(keyOf(input.Key as Item));
      return {};
    case "UpdateItem":
      return {};
    case "Query":
      return { Items: [], Count: 0, ScannedCount: 0 };
    default:
      return undefined;
  }
}

function serve(items: Map<string, Item>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      const result = answer(items, target, JSON.parse(body || "{}") as Record<string, unknown>);
      res.setHeader("content-type", "application/x-amz-json-1.0");
      if (result === undefined) {
        res.statusCode = 400;
        res.end(JSON.stringify({ __type: "UnknownOperationException", message: target }));
        return;
      }
      res.end(JSON.stringify(result));
    });
  };
}

const FORUM_ID = "warmup";
const THREAD_ID = "1";
const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const ADMIN_TOKEN = randomUUID();
const ALICE = { id: "1", name: "Alice Dubois" };
const BOB = { id: "2", name: "Bob Martin" };

/** A duelist's first turn: a hundred words of role play and the `[duel]` block. */
const TURN_TEXT = [
  "Alice s'avance au centre de la salle, salue son adversaire d'un bref signe de tête et fait tourner sa baguette entre ses doigts.",
  "La salle retient son souffle ; les élèves massés autour de la table murmurent des paris à voix basse.",
  "Les bougies flottantes vacillent au-dessus des têtes, projetant des ombres mouvantes sur les murs de pierre.",
  "Un silence épais tombe lorsque l'arbitre lève la main. Chaque geste compte désormais, chaque souffle aussi.",
  "Le regard fixé sur son adversaire, elle mesure la distance, anticipe la parade et cherche la faille dans sa garde.",
  "Les semaines d'entraînement reviennent en mémoire, les chutes, les éclats de rire, les conseils murmurés.",
  "Il n'est plus temps d'hésiter : la baguette se lève, précise, et la formule jaillit enfin.",
  "[duel]\nSort : Rictusempra\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]",
].join("\n");

/** A signed generic webhook delivery, as API Gateway hands it to the webhook function. */
function deliveryEvent(body: string, at: Date) {
  const headers = signStandardWebhook(SECRET, `msg_${randomUUID()}`, at, body);
  const path = `/webhooks/${FORUM_ID}/generic`;
  return httpEvent("POST", path, { "content-type": "application/json", ...headers }, body, at);
}

export interface WarmupWorld {
  /** Where the warm-up process sends its DynamoDB and KMS requests (`AWS_ENDPOINT_URL`). */
  readonly endpoint: string;
  readonly tableName: string;
  /** A signed first turn of the world's duel, as API Gateway hands it to the webhook function. */
  readonly firstTurn: () => unknown;
  readonly stop: () => Promise<void>;
}

/** The stand-in, a forum with a sealed generic webhook secret, and a duel whose first turn is due. */
export async function startWarmupWorld(): Promise<WarmupWorld> {
  const items = new Map<string, Item>();
  const server = createServer(serve(items));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const tableName = "warmup";
  const client = new DynamoDBClient({
    endpoint,
    region: "eu-west-3",
    credentials: { accessKeyId: "warmup", secretAccessKey: "warmup" },
    maxAttempts: 1,
  });
  try {
    const store = new DynamoDbStore({ client, tableName, secrets: new SecretSealer(echoDataKeys) });
    const now = () => new Date();
    const app = createApp({
      store,
      access: store.accessStore(),
      duels: new DuelService({ store, now }),
      clock: { now, manual: false },
      adminTokenHash: hashToken(ADMIN_TOKEN),
      rollDice: () => [3, 4],
      newId: randomUUID,
      log: () => {},
    });
    const admin = async (method: string, path: string, body: unknown) => {
      const res = await app.request(path, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok)
        throw new Error(`warm-up world: ${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const referee = { id: "3", name: "Minerva McGonagall" };
    await admin("PUT", `/forums/${FORUM_ID}`, {
      name: "Club de duel (préchauffage)",
      webhookSecrets: { generic: SECRET },
      referees: [referee],
      notify: [{ type: "log" }],
    });
    const duel = await admin("POST", "/duels", {
      forumId: FORUM_ID,
      threadId: THREAD_ID,
      referee,
      duelists: [
        { ...ALICE, year: "adulte" },
        { ...BOB, year: "adulte" },
      ],
      firstDuelistId: ALICE.id,
      dice: "server",
    });
    await admin("POST", `/duels/${String(duel.id)}/commands`, { command: "top" });
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  const firstTurn = () => {
    const at = new Date();
    const body = JSON.stringify({
      type: "post.created",
      timestamp: at.toISOString(),
      data: {
        threadId: THREAD_ID,
        postId: "1001",
        author: ALICE,
        createdAt: at.toISOString(),
        format: "bbcode",
        content: TURN_TEXT,
      },
    });
    return deliveryEvent(body, at);
  };
  return { endpoint, tableName, firstTurn, stop };
}
