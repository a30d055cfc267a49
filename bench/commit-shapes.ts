import {
  type AttributeValue,
  BatchGetItemCommand,
  GetItemCommand,
  PutItemCommand,
  type TransactWriteItem,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { createForum, playTurn, startDuel } from "./duel-posts.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
import { median, round } from "./stats.js";

/**
 * What DynamoDB Local charges for the shapes a commit could take (not run by `npm run bench`; the
 * figures of bench/README.md, "Other scripts"):
 *
 *   npx tsx bench/commit-shapes.ts
 *
 * It plays 30 turns of a real duel, keeps the last turn's `TransactWriteItems` as the app sent it,
 * then writes it again in turn, ROUNDS times, in each shape below, under fresh keys (so nothing
 * collides and no condition can fail), and prints the median of each after the first 100 rounds.
 * The turn's consistent `BatchGetItem` is read again the same way, whole and with fewer keys.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const ROUNDS = Number(process.env.ROUNDS ?? 400);

type Item = Record<string, AttributeValue>;

const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const ours = createRefereeApp(dynamo.endpoint, await createBenchTable(dynamo.endpoint));
  let commit: TransactWriteItem[] = [];
  let readKeys: Item[] = [];
  let capturing = true;
  ours.client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as {
        TransactItems?: TransactWriteItem[];
        RequestItems?: Record<string, { Keys?: Item[] }>;
      };
      const items = input.TransactItems;
      if (capturing && items) commit = structuredClone(items);
      const keys = input.RequestItems?.[ours.tableName]?.Keys;
      if (capturing && keys) readKeys = structuredClone(keys);
      return next(args);
    },
    { step: "initialize" },
  );
  await createForum(ours.app);
  await startDuel(ours.app, 1);
  for (let n = 0; n < 30; n++) await playTurn(ours.app, 1, n);
  capturing = false;
  const skOf = (item: TransactWriteItem) => (item.Put?.Item ?? item.Update?.Key)?.sk?.S ?? "";
  process.stdout.write(
    `a turn's commit: ${commit.map((i) => `${Object.keys(i)[0]} ${skOf(i).split("#")[0]} ${JSON.stringify(i).length} B`).join(", ")}\n`,
  );
  process.stdout.write(
    `a turn's read: ${readKeys.map((k) => `${k.pk?.S?.split("#")[0]}/${k.sk?.S?.split("#")[0]}`).join(", ")}\n`,
  );

  let writes = 0;
  /** The commit's items under keys of their own for this write, without their conditions. */
  const fresh = (items: readonly TransactWriteItem[]): TransactWriteItem[] => {
    writes++;
    return items.map((original) => {
      const item = structuredClone(original);
      const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key;
      if (key?.pk?.S) key.pk = { S: `SHAPE${writes}#${key.pk.S}` };
      if (item.Put) {
        delete item.Put.ConditionExpression;
        delete item.Put.ExpressionAttributeNames;
        delete item.Put.ExpressionAttributeValues;
      }
      if (item.Update) {
        const update = item.Update;
        delete update.ConditionExpression;
        const used = (name: string) => update.UpdateExpression?.includes(name) ?? false;
        for (const name of Object.keys(update.ExpressionAttributeNames ?? {})) {
          if (!used(name)) delete update.ExpressionAttributeNames?.[name];
        }
        for (const name of Object.keys(update.ExpressionAttributeValues ?? {})) {
          if (!used(name)) delete update.ExpressionAttributeValues?.[name];
        }
      }
      return item;
    });
  };
  const snapshotOf = (items: readonly TransactWriteItem[]): Item => {
    const snapshot = items[0]?.Put?.Item;
    if (!snapshot) throw new Error("a commit starts with its snapshot's Put");
    return snapshot;
  };
  const transact = (items: TransactWriteItem[]) =>
    ours.client.send(new TransactWriteItemsCommand({ TransactItems: items }));
  const put = (item: Item, condition?: string) =>
    ours.client.send(
      new PutItemCommand({
        TableName: ours.tableName,
        Item: item,
        ...(condition ? { ConditionExpression: condition } : {}),
      }),
    );

  /** The turn's items without its club record (written when the duel's record changed: each turn, as its turn moves). */
  const withoutClub = () => fresh(commit).filter((i) => !skOf(i).startsWith("CLUB#"));
  /** Then the post's mark as attributes of the input's item: one item fewer. */
  const markInInput = () => {
    const items = withoutClub();
    const mark = items.find((i) => i.Update && skOf(i).startsWith("POST#"));
    const input = items.find((i) => skOf(i).startsWith("IN#"))?.Put;
    if (!mark?.Update || !input) throw new Error("a turn's commit has its input and its post's mark");
    const values = mark.Update.ExpressionAttributeValues ?? {};
    input.Item = {
      ...input.Item,
      ...Object.fromEntries(Object.entries(values).map(([k, v]) => [`mark${k.slice(1)}`, v])),
    };
    return items.filter((i) => i !== mark);
  };
  const read = (keys: readonly Item[]) =>
    ours.client.send(
      new BatchGetItemCommand({
        RequestItems: { [ours.tableName]: { Keys: [...keys], ConsistentRead: true } },
      }),
    );
  const readShapes: Record<string, () => Promise<unknown>> = {
    [`consistent BatchGetItem of the turn's ${readKeys.length} keys`]: () => read(readKeys),
    "consistent BatchGetItem without the author's account": () =>
      read(readKeys.filter((k) => !k.pk?.S?.startsWith("ACCOUNTS#"))),
    "consistent BatchGetItem of the duel and the forum": () =>
      read(readKeys.filter((k) => k.sk?.S === "STATE" || k.sk?.S === "CONFIG")),
    "consistent GetItem of the duel": () =>
      ours.client.send(
        new GetItemCommand({
          TableName: ours.tableName,
          Key: readKeys.find((k) => k.sk?.S === "STATE") ?? {},
          ConsistentRead: true,
        }),
      ),
  };

  const shapes: Record<string, () => Promise<unknown>> = {
    ...readShapes,
    [`transaction of all ${commit.length} items`]: () => transact(fresh(commit)),
    "transaction without the club record": () => transact(withoutClub()),
    "transaction without the club record, the post's mark in the input's item": () => transact(markInInput()),
    "transaction of the first 4": () => transact(fresh(commit.slice(0, 4))),
    "transaction of the first 3": () => transact(fresh(commit.slice(0, 3))),
    "transaction of the snapshot alone": () => transact(fresh(commit.slice(0, 1))),
    "PutItem of the snapshot": () => put(snapshotOf(fresh(commit))),
    // The single-write design: the other items ride in the duel's item, to be moved out later.
    "PutItem of the snapshot with the rest as a journal (conditioned)": () => {
      const [snapshot, ...rest] = fresh(commit);
      const item = { ...snapshotOf(snapshot ? [snapshot] : []), journal: { S: JSON.stringify(rest) } };
      return put(item, "attribute_not_exists(pk)");
    },
  };
  const times = new Map<string, number[]>();
  for (let n = 0; n < ROUNDS; n++) {
    for (const [name, write] of Object.entries(shapes)) {
      const started = performance.now();
      await write();
      const ms = performance.now() - started;
      if (n >= 100) times.set(name, [...(times.get(name) ?? []), ms]);
    }
  }
  for (const [name, ms] of times)
    process.stdout.write(`${round(median(ms)).toFixed(2).padStart(6)} ms  ${name}\n`);
} finally {
  await dynamo.stop();
}
