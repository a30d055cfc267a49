import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";

type AttributeMap = Record<string, { S?: string } | undefined>;

/** What an item's partition key says it is: a duel's item (which sort key), a forum, a timer… */
function itemKind(key: AttributeMap | undefined): string {
  const pk = key?.pk?.S ?? "";
  const sk = key?.sk?.S ?? "";
  if (pk.startsWith("DUEL#")) {
    if (sk.startsWith("OUT#")) return "outbox entry";
    if (sk.startsWith("IN#")) return "input";
    if (sk.startsWith("POST#")) return "post mark";
    return sk.toLowerCase();
  }
  if (pk.startsWith("FORUM#")) return sk === "CONFIG" ? "forum" : "club record";
  if (pk.startsWith("TIMER#")) return "timer";
  if (pk.startsWith("ACCOUNTS#")) return "account";
  return pk.split("#")[0]?.toLowerCase() || "other";
}

/** A request named by its operation and what it touches: `PutItem timer`, `TransactWriteItems (4 items)`. */
export function requestKind(command: string, input: Record<string, unknown>): string {
  const op = command.replace(/Command$/, "");
  switch (op) {
    case "PutItem":
      return `${op} ${itemKind(input.Item as AttributeMap)}`;
    case "GetItem":
    case "DeleteItem":
    case "UpdateItem":
      return `${op} ${itemKind(input.Key as AttributeMap)}`;
    case "Query": {
      const values = input.ExpressionAttributeValues as AttributeMap | undefined;
      const partition = values?.[":gpk"]?.S ?? values?.[":pk"]?.S ?? "";
      return `${op} ${input.IndexName ? `index ${partition.toLowerCase()}` : itemKind({ pk: { S: partition } })}`;
    }
    case "BatchGetItem": {
      const tables = Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: AttributeMap[] }>);
      return `${op} (${tables.flatMap((t) => (t.Keys ?? []).map(itemKind)).join(" + ")})`;
    }
    case "BatchWriteItem": {
      const tables = Object.values((input.RequestItems ?? {}) as Record<string, unknown[]>);
      return `${op} (${tables.reduce((n, t) => n + t.length, 0)} items)`;
    }
    case "TransactWriteItems": {
      const items = (input.TransactItems ?? []) as Record<
        string,
        { Item?: AttributeMap; Key?: AttributeMap }
      >[];
      const kinds = items.map((item) => {
        const [action, body] = Object.entries(item)[0] ?? ["?", {}];
        const kind = itemKind(body.Item ?? body.Key);
        return action === "Put" ? kind : `${action} ${kind}`;
      });
      return `${op} (${kinds.join(" + ")})`;
    }
    default:
      return op;
  }
}

/**
 * Counts every request a client sends by `requestKind` (one count per `send`, whatever the SDK
 * retries underneath): a server's requests per post, by operation and by what they touch.
 */
export function countRequestKinds(client: DynamoDBClient): () => Record<string, number> {
  const counts = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const kind = requestKind(context.commandName ?? "Unknown", args.input as Record<string, unknown>);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      return next(args);
    },
    { step: "initialize", name: "benchRequestKinds", priority: "high" },
  );
  return () => Object.fromEntries(counts);
}

/** What was counted between two readings, per post, sorted by count. */
export function perPost(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
  posts: number,
): Record<string, number> {
  const rows = Object.entries(after)
    .map(([kind, n]) => [kind, Math.round(((n - (before[kind] ?? 0)) / posts) * 100) / 100] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return Object.fromEntries(rows);
}
