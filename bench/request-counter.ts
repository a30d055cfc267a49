import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";

/** Requests a client sent, by command name, and the time spent in them. */
export interface RequestTally {
  readonly byCommand: Readonly<Record<string, number>>;
  readonly total: number;
  /** Wall time inside `client.send` (serialisation, HTTP, parsing), summed over requests. */
  readonly ms: number;
  /** The same, by command name. */
  readonly msByCommand: Readonly<Record<string, number>>;
}

/** Commands that only read, and those that write; anything else is reported by name only. */
const READS = new Set(["GetItemCommand", "BatchGetItemCommand", "QueryCommand", "ScanCommand"]);
const WRITES = new Set([
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "TransactWriteItemsCommand",
  "BatchWriteItemCommand",
]);

/**
 * Counts every command a DynamoDB client sends, by name, with an SDK middleware at the
 * `initialize` step: one count per `send`, whatever the SDK retries underneath.
 */
export class RequestCounter {
  private counts = new Map<string, number>();
  private spentMs = 0;
  private spentByCommand = new Map<string, number>();

  attach(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "UnknownCommand";
        this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        const start = performance.now();
        try {
          return await next(args);
        } finally {
          const ms = performance.now() - start;
          this.spentMs += ms;
          this.spentByCommand.set(name, (this.spentByCommand.get(name) ?? 0) + ms);
        }
      },
      { step: "initialize", name: "benchRequestCounter", priority: "high" },
    );
  }

  tally(): RequestTally {
    const byCommand = Object.fromEntries(this.counts);
    const total = [...this.counts.values()].reduce((a, b) => a + b, 0);
    return { byCommand, total, ms: this.spentMs, msByCommand: Object.fromEntries(this.spentByCommand) };
  }
}

/** What was sent between two tallies. */
export function since(before: RequestTally, after: RequestTally): RequestTally {
  const names = new Set([...Object.keys(before.byCommand), ...Object.keys(after.byCommand)]);
  const byCommand: Record<string, number> = {};
  const msByCommand: Record<string, number> = {};
  for (const name of names) {
    const n = (after.byCommand[name] ?? 0) - (before.byCommand[name] ?? 0);
    if (n > 0) byCommand[name] = n;
    const ms = (after.msByCommand[name] ?? 0) - (before.msByCommand[name] ?? 0);
    if (n > 0) msByCommand[name] = ms;
  }
  return { byCommand, total: after.total - before.total, ms: after.ms - before.ms, msByCommand };
}

/** Reads and writes in a tally, by the commands' kind. */
export function readsAndWrites(tally: RequestTally): { reads: number; writes: number } {
  let reads = 0;
  let writes = 0;
  for (const [name, n] of Object.entries(tally.byCommand)) {
    if (READS.has(name)) reads += n;
    else if (WRITES.has(name)) writes += n;
  }
  return { reads, writes };
}

/** The sum of two tallies. */
export function plus(a: RequestTally, b: RequestTally): RequestTally {
  const sum = (x: Readonly<Record<string, number>>, y: Readonly<Record<string, number>>) => {
    const out: Record<string, number> = { ...x };
    for (const [name, n] of Object.entries(y)) out[name] = (out[name] ?? 0) + n;
    return out;
  };
  return {
    byCommand: sum(a.byCommand, b.byCommand),
    total: a.total + b.total,
    ms: a.ms + b.ms,
    msByCommand: sum(a.msByCommand, b.msByCommand),
  };
}

export const EMPTY_TALLY: RequestTally = { byCommand: {}, total: 0, ms: 0, msByCommand: {} };
