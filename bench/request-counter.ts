import type { ConsumedCapacity, DynamoDBClient } from "@aws-sdk/client-dynamodb";

/** Requests a client sent, by command name, the time spent in them and the capacity they used. */
export interface RequestTally {
  readonly byCommand: Readonly<Record<string, number>>;
  readonly total: number;
  /** Wall time inside `client.send` (serialisation, HTTP, parsing), summed over requests. */
  readonly ms: number;
  /** The same, by command name. */
  readonly msByCommand: Readonly<Record<string, number>>;
  /** Read and write capacity units DynamoDB (Local) reported, summed: what on-demand bills. */
  readonly capacityUnits: number;
}

export const EMPTY_TALLY: RequestTally = {
  byCommand: {},
  total: 0,
  ms: 0,
  msByCommand: {},
  capacityUnits: 0,
};

/** Commands that only read, and those that write; anything else is reported by name only. */
const READS = new Set(["GetItemCommand", "BatchGetItemCommand", "QueryCommand", "ScanCommand"]);
const WRITES = new Set([
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "TransactWriteItemsCommand",
  "BatchWriteItemCommand",
]);

function unitsOf(consumed: unknown): number {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as ConsumedCapacity[];
  return list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
}

/**
 * Counts every command a DynamoDB client sends, by name, with an SDK middleware at the
 * `initialize` step: one count per `send`, whatever the SDK retries underneath. It also asks
 * item commands for `ReturnConsumedCapacity: TOTAL` (which changes nothing else) to sum the
 * capacity units they cost.
 */
export class RequestCounter {
  private counts = new Map<string, number>();
  private spentMs = 0;
  private spentByCommand = new Map<string, number>();
  private units = 0;

  attach(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "UnknownCommand";
        this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
        const input = args.input as Record<string, unknown>;
        if (READS.has(name) || WRITES.has(name)) input.ReturnConsumedCapacity ??= "TOTAL";
        const start = performance.now();
        try {
          const result = await next(args);
          this.units += unitsOf((result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity);
          return result;
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
    return {
      byCommand: Object.fromEntries(this.counts),
      total: [...this.counts.values()].reduce((a, b) => a + b, 0),
      ms: this.spentMs,
      msByCommand: Object.fromEntries(this.spentByCommand),
      capacityUnits: this.units,
    };
  }
}

function combine(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
  sign: 1 | -1,
): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const [name, n] of Object.entries(b)) out[name] = (out[name] ?? 0) + sign * n;
  for (const [name, n] of Object.entries(out)) if (n === 0) delete out[name];
  return out;
}

/** What was sent between two tallies. */
export function since(before: RequestTally, after: RequestTally): RequestTally {
  return {
    byCommand: combine(after.byCommand, before.byCommand, -1),
    total: after.total - before.total,
    ms: after.ms - before.ms,
    msByCommand: combine(after.msByCommand, before.msByCommand, -1),
    capacityUnits: after.capacityUnits - before.capacityUnits,
  };
}

/** The sum of two tallies. */
export function plus(a: RequestTally, b: RequestTally): RequestTally {
  return {
    byCommand: combine(a.byCommand, b.byCommand, 1),
    total: a.total + b.total,
    ms: a.ms + b.ms,
    msByCommand: combine(a.msByCommand, b.msByCommand, 1),
    capacityUnits: a.capacityUnits + b.capacityUnits,
  };
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
