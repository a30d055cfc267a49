import { randomUUID } from "node:crypto";
import fs, { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DescribeTableCommand, DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { handle } from "hono/aws-lambda";
import { composeRelayHandler, type StreamEvent } from "../functions/relay/compose.js";
import { composeTimerHandler } from "../functions/timer/compose.js";
import { composeWebhookApp } from "../functions/webhook/compose.js";
import { DuelStack } from "../infra/cdk/duel-stack.js";
import { fixedCosts } from "../infra/cdk/fixed-costs.js";
import { httpEvent } from "../infra/cdk/lambda-events.js";
import { DEFAULT_OBSERVABILITY } from "../infra/cdk/observability.js";
import { createTable, tableDefinition } from "../shared/adapters/dynamodb/table.js";
import { observedHttpHandler } from "../shared/aws/http-handler.js";
import { functionObservability } from "../shared/aws/observability.js";
import { signStandardWebhook } from "../shared/http/standard-webhooks.js";
import type { TimerFiring } from "../shared/ports/scheduler.js";
import {
  ADMIN_TOKEN,
  BENCH_SECRET,
  createForum,
  createRefereeApp,
  FORUM_ID,
  localClient,
} from "./referee-app.js";

/**
 * What a club pays, measured: a whole duel through the functions as the stack deploys them — the
 * webhook's Lambda handler for each post, the relay fed the table's stream records as Lambda's event
 * source mapping feeds it (its filters and batch size read from the synthesized template), the timer
 * function for each schedule that comes due — on DynamoDB Local with its stream on, KMS and
 * EventBridge Scheduler answered by a loopback stand-in that counts their calls. Time is simulated:
 * the process's `Date` runs ahead as the duel's days pass, so deadlines, correction windows and
 * reminders fire when they would.
 *
 * Counted per phase: the functions' invocations and time, every DynamoDB request with the capacity
 * it consumed (`ReturnConsumedCapacity: TOTAL`, set by an SDK middleware the bench adds to every
 * DynamoDB client of the process, not by product code), the bytes of the items written (the
 * stream's new images), KMS and Scheduler calls, hiboux delivered (one outbound HTTPS request each
 * on a webhook, Discord or Discourse channel; the bench's forum uses the `log` channel), the log
 * bytes the functions write and the metric series they publish (EMF lines).
 */

// ---------------------------------------------------------------------------------------------
// The stack as deployed: functions, stream mapping and fixed resources, from the synthesized template

export interface DeployedFunction {
  readonly memoryMb: number;
  readonly arm64: boolean;
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * The resources billed by the month whatever the traffic, as infra/cdk/fixed-costs.ts counts them
 * in the template, with the relay's recurring sweep and the logs' retention.
 */
export interface FixedResources {
  readonly alarms: number;
  /** Metrics the standard-resolution alarms query (a standard alarm is billed per metric it lists). */
  readonly alarmMetrics: number;
  readonly highResolutionAlarmMetrics: number;
  readonly compositeAlarms: number;
  readonly dashboards: number;
  readonly kmsKeys: number;
  readonly rotatedKmsKeys: number;
  readonly secrets: number;
  readonly advancedParameters: number;
  /** Recurring schedules invoking the relay (its sweep), per month. */
  readonly sweepsPerMonth: number;
  readonly logRetentionDays: number;
  /** Functions whose invocations X-Ray records (tracing Active). */
  readonly tracedFunctions: readonly string[];
}

export interface DeployedStack {
  readonly observability: string;
  readonly functions: Readonly<Record<"webhook" | "relay" | "timer", DeployedFunction>>;
  readonly stream: { readonly batchSize: number; readonly patterns: readonly unknown[] };
  readonly fixed: FixedResources;
}

type Resource = { Type: string; Properties?: Record<string, unknown> };

/**
 * Synthesizes the stack as `cdk synth` would with cdk.json's context (the default observability
 * tier unless `observability` is given), without bundling the functions (not needed to read it).
 */
export function deployedStack(observability?: string): DeployedStack {
  const cdkJson = JSON.parse(readFileSync(new URL("../cdk.json", import.meta.url), "utf8")) as {
    context?: Record<string, unknown>;
  };
  const context: Record<string, unknown> = { ...cdkJson.context, "aws:cdk:bundling-stacks": [] };
  if (observability) context.observability = observability;
  const app = new App({ context, outdir: `/tmp/bench-cdk-${randomUUID()}` });
  const template = Template.fromStack(new DuelStack(app, "DuelReferee")).toJSON() as {
    Resources: Record<string, Resource>;
  };
  const resources = Object.values(template.Resources);
  const ofType = (type: string) => resources.filter((r) => r.Type === type);
  const fn = (name: string): DeployedFunction => {
    const found = ofType("AWS::Lambda::Function").find(
      (r) =>
        (r.Properties?.Environment as { Variables?: Record<string, unknown> })?.Variables
          ?.POWERTOOLS_SERVICE_NAME === `duel-referee-${name}`,
    );
    if (!found?.Properties) throw new Error(`no ${name} function in the template`);
    const p = found.Properties;
    const variables = (p.Environment as { Variables?: Record<string, unknown> }).Variables ?? {};
    return {
      memoryMb: Number(p.MemorySize ?? 128),
      arm64: (p.Architectures as string[] | undefined)?.includes("arm64") ?? false,
      environment: Object.fromEntries(
        Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === "string"),
      ),
    };
  };
  const mapping = ofType("AWS::Lambda::EventSourceMapping")[0]?.Properties ?? {};
  const filters = (mapping.FilterCriteria as { Filters?: { Pattern: string }[] } | undefined)?.Filters ?? [];
  const rules = ofType("AWS::Events::Rule").map((r) => String(r.Properties?.ScheduleExpression ?? ""));
  const schedules = ofType("AWS::Scheduler::Schedule").map((r) =>
    String(r.Properties?.ScheduleExpression ?? ""),
  );
  const costs = fixedCosts(template);
  const serviceOf = (id: string) =>
    String(
      (template.Resources[id]?.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
        ?.Variables?.POWERTOOLS_SERVICE_NAME ?? id,
    ).replace(/^duel-referee-/, "");
  return {
    observability: String(context.observability ?? DEFAULT_OBSERVABILITY),
    functions: { webhook: fn("webhook"), relay: fn("relay"), timer: fn("timer") },
    stream: {
      batchSize: Number(mapping.BatchSize ?? 100),
      patterns: filters.map((f) => JSON.parse(f.Pattern) as unknown),
    },
    fixed: {
      alarms: costs.alarms.length,
      alarmMetrics: costs.alarmMetrics,
      highResolutionAlarmMetrics: costs.highResolutionAlarmMetrics,
      compositeAlarms: costs.compositeAlarms.length,
      dashboards: costs.dashboards.length,
      kmsKeys: costs.kmsKeys.length,
      rotatedKmsKeys: costs.kmsKeys.filter((k) => k.rotation).length,
      secrets: costs.secrets.length,
      advancedParameters: costs.advancedParameters.length,
      sweepsPerMonth: [...rules, ...schedules].reduce((n, expression) => n + perMonth(expression), 0),
      logRetentionDays: Math.max(0, ...costs.logGroups.map((g) => g.retentionDays ?? 0)),
      tracedFunctions: costs.tracing.filter((t) => t.mode === "Active").map((t) => serviceOf(t.id)),
    },
  };
}

const MONTH_MINUTES = 30 * 24 * 60;

/** How many times a month `rate(n unit)` runs (other expressions: not counted). */
function perMonth(expression: string): number {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!match) return 0;
  const minutes =
    { minute: 1, minutes: 1, hour: 60, hours: 60, day: 1440, days: 1440 }[match[2] ?? "day"] ?? 1440;
  return MONTH_MINUTES / (Number(match[1]) * minutes);
}

// ---------------------------------------------------------------------------------------------
// Simulated time: the process's Date runs ahead of the wall clock by `offset`

const RealDate = Date;
let offsetMs = 0;

class SimulatedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args as [string]));
  }

  static override now(): number {
    return RealDate.now() + offsetMs;
  }
}

const simulatedNow = () => RealDate.now() + offsetMs;

/** The function being invoked, for the write units' breakdown. */
let invoked: string | undefined;

// ---------------------------------------------------------------------------------------------
// What is counted

export interface Counts {
  invocations: Record<string, number>;
  ms: Record<string, number>;
  requests: number;
  byCommand: Record<string, number>;
  readUnits: number;
  writeUnits: number;
  /** Write units by function and command (`relay UpdateItem`). */
  writeUnitsBy: Record<string, number>;
  itemsWritten: number;
  itemsRemoved: number;
  bytes: number;
  kms: number;
  scheduler: Record<string, number>;
  timersFired: number;
  hiboux: number;
  logLines: number;
  logBytes: number;
  /** EMF points by metric series (namespace, name, dimensions). */
  metricPoints: Record<string, number>;
}

export const emptyCounts = (): Counts => ({
  invocations: {},
  ms: {},
  requests: 0,
  byCommand: {},
  readUnits: 0,
  writeUnits: 0,
  writeUnitsBy: {},
  itemsWritten: 0,
  itemsRemoved: 0,
  bytes: 0,
  kms: 0,
  scheduler: {},
  timersFired: 0,
  hiboux: 0,
  logLines: 0,
  logBytes: 0,
  metricPoints: {},
});

const bump = (record: Record<string, number>, key: string, n = 1) => {
  record[key] = (record[key] ?? 0) + n;
};

const READS = new Set(["GetItemCommand", "BatchGetItemCommand", "QueryCommand", "ScanCommand"]);

/**
 * Adds, to every DynamoDB client of this process before its first request, a middleware that asks
 * for `ReturnConsumedCapacity: TOTAL` and counts the request and its units into `current()` (when
 * it gives counts: only the functions' invocations are counted).
 */
function countDynamoDb(current: () => Counts | undefined): () => void {
  const proto = DynamoDBClient.prototype as unknown as { send: (...args: unknown[]) => unknown };
  const send = proto.send;
  const attached = new WeakSet<object>();
  proto.send = function (this: DynamoDBClient, ...args: unknown[]) {
    if (!attached.has(this)) {
      attached.add(this);
      this.middlewareStack.add(
        (next, context) => async (request) => {
          const counts = current();
          const name = context.commandName ?? "UnknownCommand";
          if (counts) (request.input as Record<string, unknown>).ReturnConsumedCapacity ??= "TOTAL";
          const result = await next(request);
          if (counts) {
            counts.requests++;
            bump(counts.byCommand, name);
            const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
            const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as {
              CapacityUnits?: number;
            }[];
            const units = list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
            if (READS.has(name)) counts.readUnits += units;
            else {
              counts.writeUnits += units;
              bump(counts.writeUnitsBy, `${invoked ?? "setup"} ${name.replace(/Command$/, "")}`, units);
            }
          }
          return result;
        },
        { step: "initialize", name: "benchCostCounter", priority: "high" },
      );
    }
    return send.apply(this, args);
  };
  return () => {
    proto.send = send;
  };
}

type AttributeValue = {
  S?: string;
  N?: string;
  B?: string;
  BOOL?: boolean;
  NULL?: boolean;
  M?: Record<string, AttributeValue>;
  L?: AttributeValue[];
  SS?: string[];
  NS?: string[];
  BS?: string[];
};

/** An item's size as DynamoDB bills it (names and values; numbers about one byte per two digits). */
export function itemBytes(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce(
    (n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value),
    0,
  );
}

function valueBytes(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return Math.ceil(v.N.replace(/^-|\.|e.*$/gi, "").length / 2) + 1;
  if (v.B !== undefined) return Buffer.from(v.B, "base64").length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.M) return 3 + itemBytes(v.M);
  if (v.L) return 3 + v.L.reduce((n, e) => n + 1 + valueBytes(e), 0);
  if (v.SS) return v.SS.reduce((n, s) => n + Buffer.byteLength(s), 0);
  if (v.NS) return v.NS.reduce((n, s) => n + s.length / 2 + 1, 0);
  if (v.BS) return v.BS.reduce((n, s) => n + Buffer.from(s, "base64").length, 0);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// KMS and Scheduler on loopback

interface FakeAws {
  readonly endpoint: string;
  /** Live one-time schedules: their instant and the firing they carry. */
  readonly schedules: Map<string, { at: number; firing: TimerFiring }>;
  stop(): Promise<void>;
}

async function startFakeAws(current: () => Counts | undefined): Promise<FakeAws> {
  const schedules = new Map<string, { at: number; firing: TimerFiring }>();
  const reply = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
    res.statusCode = status;
    res.setHeader("content-type", "application/json");
    if (errorType) res.setHeader("x-amzn-errortype", errorType);
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on("end", () => {
      const counts = current();
      const body = JSON.parse(text || "{}") as Record<string, unknown>;
      const target = String(req.headers["x-amz-target"] ?? "");
      if (target.startsWith("TrentService.")) {
        if (counts) counts.kms++;
        if (target === "TrentService.Decrypt")
          return reply(res, 200, {
            Plaintext: body.CiphertextBlob,
            KeyId: body.KeyId,
            EncryptionAlgorithm: "SYMMETRIC_DEFAULT",
          });
        return reply(res, 400, { message: target }, "UnsupportedOperationException");
      }
      const name = decodeURIComponent((req.url ?? "").split("?")[0]?.replace(/^\/schedules\//, "") ?? "");
      const operation =
        req.method === "POST"
          ? "CreateSchedule"
          : req.method === "DELETE"
            ? "DeleteSchedule"
            : `${req.method}`;
      if (counts) bump(counts.scheduler, operation);
      if (req.method === "POST") {
        if (schedules.has(name)) return reply(res, 409, { Message: "exists" }, "ConflictException");
        const expression = String(body.ScheduleExpression ?? "");
        const at = RealDate.parse(`${expression.slice(3, -1)}Z`);
        const input = (body.Target as { Input?: string } | undefined)?.Input ?? "{}";
        schedules.set(name, { at, firing: JSON.parse(input) as TimerFiring });
        return reply(res, 200, {
          ScheduleArn: `arn:aws:scheduler:us-east-1:123456789012:schedule/bench/${name}`,
        });
      }
      if (req.method === "DELETE") {
        if (!schedules.delete(name))
          return reply(res, 404, { Message: "not found" }, "ResourceNotFoundException");
        return reply(res, 200, {});
      }
      return reply(res, 400, { Message: "unsupported" }, "ValidationException");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    schedules,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// The table's stream, read as Lambda's event source mapping reads it

type StreamRecord = NonNullable<StreamEvent["Records"]>[number] & {
  dynamodb?: { NewImage?: Record<string, AttributeValue> };
};

class StreamReader {
  private readonly iterators = new Map<string, string | undefined>();

  constructor(
    private readonly endpoint: string,
    private readonly streamArn: string,
  ) {}

  private async call<T>(operation: string, body: unknown): Promise<T> {
    const res = await fetch(this.endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": `DynamoDBStreams_20120810.${operation}`,
        authorization:
          "AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-3/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${operation}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  /** Every record written since the last call, shard by shard in order. */
  async read(): Promise<StreamRecord[]> {
    const { StreamDescription } = await this.call<{ StreamDescription: { Shards: { ShardId: string }[] } }>(
      "DescribeStream",
      { StreamArn: this.streamArn },
    );
    const records: StreamRecord[] = [];
    for (const { ShardId } of StreamDescription.Shards) {
      if (!this.iterators.has(ShardId)) {
        const { ShardIterator } = await this.call<{ ShardIterator: string }>("GetShardIterator", {
          StreamArn: this.streamArn,
          ShardId,
          ShardIteratorType: "TRIM_HORIZON",
        });
        this.iterators.set(ShardId, ShardIterator);
      }
      for (;;) {
        const iterator = this.iterators.get(ShardId);
        if (!iterator) break;
        const page = await this.call<{ Records: StreamRecord[]; NextShardIterator?: string }>("GetRecords", {
          ShardIterator: iterator,
        });
        this.iterators.set(ShardId, page.NextShardIterator);
        records.push(...page.Records);
        if (page.Records.length === 0) break;
      }
    }
    return records;
  }
}

/** Lambda's event filtering, as much of it as the stack's patterns use (values, prefix, exists). */
export function matchesPattern(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.some((rule) => matchesRule(rule, value));
  if (pattern && typeof pattern === "object")
    return Object.entries(pattern).every(([key, inner]) =>
      matchesPattern(
        inner,
        value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined,
      ),
    );
  return pattern === value;
}

function matchesRule(rule: unknown, value: unknown): boolean {
  if (rule && typeof rule === "object") {
    const r = rule as { prefix?: string; exists?: boolean };
    if (r.prefix !== undefined) return typeof value === "string" && value.startsWith(r.prefix);
    if (r.exists !== undefined) return (value !== undefined) === r.exists;
    return false;
  }
  return rule === value;
}

// ---------------------------------------------------------------------------------------------
// The duel

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };
const REFEREE = { id: "7", name: "Minerva McGonagall" };
const HOUR = 3_600_000;

const RP = (who: string, n: number) =>
  `${who} s'avance pour la passe numéro ${n}, salue son adversaire d'un bref signe de tête et fait tourner sa baguette entre ses doigts. ` +
  "La salle retient son souffle ; les élèves massés autour de la table murmurent des paris à voix basse. " +
  "Les bougies flottantes vacillent au-dessus des têtes, projetant des ombres mouvantes sur les murs de pierre. " +
  "Un silence épais tombe lorsque l'arbitre lève la main. Chaque geste compte désormais, chaque souffle aussi. " +
  "Le regard fixé sur son adversaire, le duelliste mesure la distance, anticipe la parade, cherche la faille dans la garde adverse. " +
  "Les semaines d'entraînement dans la salle sur demande reviennent en mémoire, les chutes, les éclats de rire, les conseils murmurés. " +
  "Il n'est plus temps d'hésiter : la baguette se lève, précise, et la formule jaillit enfin.";

/**
 * The duel played: 20 posts 6 hours apart (a duel of the small club's pace, 4 turns a day), two
 * adults with the forum's dice. Post 5 hits; post 7 is too short and opens its author's
 * correction window, which expires uncorrected; after post 12 the next duelist is absent
 * for 73 hours (reminder, then the deadline: an absence fault, R-6.2); post 15 is delivered twice
 * (the forum's retry); every other attack is deflected.
 */
export const DUEL_PLAN = {
  posts: 20,
  hoursBetweenPosts: 6,
  hit: 5,
  short: 7,
  absentAfter: 12,
  absentHours: 73,
  duplicate: 15,
} as const;

export interface CostMeasure {
  readonly stack: DeployedStack;
  /** Posts delivered (the duplicate delivery not counted) and the phases' counts. */
  readonly posts: number;
  readonly deliveries: number;
  readonly setup: Counts;
  readonly duel: Counts;
  /** One run of the relay's recurring sweep, the duel over. */
  readonly sweep: Counts;
  /** Items kept in the table and their bytes at the end (the forum's and the duel's; items that expire left out). */
  readonly stored: { readonly items: number; readonly bytes: number };
  readonly results: readonly string[];
}

export async function measureCost(dynamoEndpoint: string, stack: DeployedStack): Promise<CostMeasure> {
  let current: Counts | undefined;
  const restoreCounting = countDynamoDb(() => current);
  const aws = await startFakeAws(() => current);
  const savedEnv = { ...process.env };
  const savedDate = globalThis.Date;
  try {
    Object.assign(process.env, {
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "local",
      AWS_SECRET_ACCESS_KEY: "local",
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      AWS_ENDPOINT_URL_KMS: aws.endpoint,
      AWS_ENDPOINT_URL_SCHEDULER: aws.endpoint,
    });
    const client = localClient(dynamoEndpoint);
    const tableName = `cost-${randomUUID()}`;
    await createTable(client, tableName, { stream: true });
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const stream = new StreamReader(dynamoEndpoint, String(Table?.LatestStreamArn));

    const environment = (name: keyof DeployedStack["functions"]) => {
      const env: Record<string, string> = { ...stack.functions[name].environment };
      return {
        ...env,
        TABLE_NAME: tableName,
        SECRETS_KEY_ARN: "arn:aws:kms:us-east-1:123456789012:key/bench",
        DESK_URL: "https://bench.execute-api.us-east-1.amazonaws.com/",
        SCHEDULE_GROUP_NAME: env.SCHEDULE_GROUP_NAME ?? "bench-timers",
        TIMER_FUNCTION_ARN: "arn:aws:lambda:us-east-1:123456789012:function:timer",
        SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/scheduler",
        SCHEDULER_DLQ_ARN: "arn:aws:sqs:us-east-1:123456789012:timers-dlq",
      };
    };

    globalThis.Date = SimulatedDate as DateConstructor;
    // The duel starts tomorrow at 10:00 UTC (any instant would do; whole hours read better).
    offsetMs = Math.ceil(RealDate.now() / (24 * HOUR)) * 24 * HOUR + 10 * HOUR - RealDate.now();

    const webhookEnv = environment("webhook");
    const webhookObservability = functionObservability("webhook", webhookEnv);
    const webhook = observedHttpHandler(
      handle(composeWebhookApp(webhookObservability, webhookEnv)),
      webhookObservability,
    ) as unknown as (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
    const relayEnv = environment("relay");
    const relay = composeRelayHandler(functionObservability("relay", relayEnv), relayEnv);
    const timerEnv = environment("timer");
    const timer = composeTimerHandler(functionObservability("timer", timerEnv), timerEnv);
    const context = () => ({ awsRequestId: randomUUID() });

    /**
     * One invocation: its time, and every line it writes to stdout and stderr (the function's logs,
     * which CloudWatch gets from both): the logger writes to the descriptors, the metrics through
     * `process.stdout`.
     */
    const invoke = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      const counts = current;
      if (counts) bump(counts.invocations, name);
      const write = process.stdout.write;
      process.stdout.write = ((chunk: string | Uint8Array) => {
        if (counts) captureLog(counts, String(chunk));
        return true;
      }) as typeof process.stdout.write;
      const writeSync = fs.writeSync;
      fs.writeSync = ((fd: number, chunk: Uint8Array, offset?: number | null, ...rest: never[]) => {
        if (fd !== 1 && fd !== 2) return writeSync(fd, chunk, offset, ...rest);
        const text = Buffer.from(chunk).subarray(offset ?? 0);
        if (counts) captureLog(counts, text.toString());
        return text.length;
      }) as typeof fs.writeSync;
      const start = performance.now();
      invoked = name;
      try {
        return await run();
      } finally {
        invoked = undefined;
        process.stdout.write = write;
        fs.writeSync = writeSync;
        if (counts) bump(counts.ms, name, performance.now() - start);
      }
    };

    /** Feeds the stream's new records to the relay, in the mapping's batches, until it writes no more. */
    const drain = async () => {
      for (;;) {
        const records = await stream.read();
        for (const r of records) {
          if (!current) continue;
          if (r.eventName === "REMOVE") current.itemsRemoved++;
          else {
            current.itemsWritten++;
            current.bytes += itemBytes(r.dynamodb?.NewImage ?? {});
          }
        }
        const selected = records.filter((r) => stack.stream.patterns.some((p) => matchesPattern(p, r)));
        if (selected.length === 0) return;
        for (let i = 0; i < selected.length; i += stack.stream.batchSize) {
          const batch = selected.slice(i, i + stack.stream.batchSize);
          const answer = await invoke("relay", () => relay({ Records: batch }, context()));
          if (answer.batchItemFailures.length > 0) throw new Error("the relay failed a batch");
        }
      }
    };

    /** Moves the clock to `instant`, firing each schedule that comes due on the way, as Scheduler would. */
    const advanceTo = async (instant: number) => {
      for (;;) {
        const due = [...aws.schedules.entries()]
          .filter(([, s]) => s.at <= instant)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [name, schedule] = due;
        offsetMs = Math.max(offsetMs, schedule.at + 1_000 - RealDate.now());
        aws.schedules.delete(name);
        if (current) current.timersFired++;
        await invoke("timer", () => timer(schedule.firing, context()));
        await drain();
      }
      offsetMs = Math.max(offsetMs, instant - RealDate.now());
    };

    const results: string[] = [];
    const deliver = async (body: string) => {
      const headers = signStandardWebhook(BENCH_SECRET, `msg_${randomUUID()}`, new Date(), body);
      const event = httpEvent(
        "POST",
        `/webhooks/${FORUM_ID}/generic`,
        { "content-type": "application/json", ...headers },
        body,
        new Date(),
      );
      const answer = await invoke("webhook", () => webhook(event, context()));
      if (answer.statusCode !== 200) throw new Error(`webhook → ${answer.statusCode} ${answer.body}`);
      results.push(String((JSON.parse(answer.body) as { result?: unknown }).result));
      await drain();
    };

    // Setup: the forum and the duel through the admin API (the http function's app), then the top.
    const setup = emptyCounts();
    current = setup;
    const admin = createRefereeApp(dynamoEndpoint, tableName, { start: new Date().toISOString() });
    await createForum(admin.app);
    const call = async (path: string, body: unknown) => {
      const res = await admin.app.request(path, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`POST ${path} → ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const created = await call("/duels", {
      forumId: FORUM_ID,
      threadId: "77",
      referee: REFEREE,
      duelists: [
        { ...ALICE, year: "adulte" },
        { ...BOB, year: "adulte" },
      ],
      firstDuelistId: ALICE.id,
      dice: "forum",
    });
    await call(`/duels/${String(created.id)}/commands`, { command: "top" });
    await drain();

    const duel = emptyCounts();
    current = duel;
    const lastSpell = new Map<string, string>();
    let author = ALICE;
    let deliveries = 0;
    for (let n = 1; n <= DUEL_PLAN.posts; n++) {
      const target = author === ALICE ? BOB : ALICE;
      const spell = lastSpell.get(author.id) === "Rictusempra" ? "Diffindo" : "Rictusempra";
      lastSpell.set(author.id, spell);
      const at = new Date().toISOString();
      const text = n === DUEL_PLAN.short ? `${author.name} lance son sort sans un mot.` : RP(author.name, n);
      const body = JSON.stringify({
        type: "post.created",
        timestamp: at,
        data: {
          threadId: "77",
          postId: String(9000 + n),
          author,
          createdAt: at,
          format: "bbcode",
          content: `${text}\n[duel]\nSort : ${spell}\nCible : ${target.name}\nZone : torse\nPari : 4\n[/duel]`,
          dice: n === DUEL_PLAN.hit ? [6, 1] : [1, 6],
        },
      });
      await deliver(body);
      deliveries++;
      if (n === DUEL_PLAN.duplicate) {
        await deliver(body);
        deliveries++;
      }
      const absent = n === DUEL_PLAN.absentAfter;
      await advanceTo(simulatedNow() + (absent ? DUEL_PLAN.absentHours : DUEL_PLAN.hoursBetweenPosts) * HOUR);
      // After an absence the turn passes back to the one who posted last.
      if (!absent) author = target;
    }

    const sweep = emptyCounts();
    current = sweep;
    await invoke("relay", () => relay({ sweep: true }, context()));
    current = undefined;

    let items = 0;
    let bytes = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({ TableName: tableName, ExclusiveStartKey: start as never }),
      );
      for (const item of page.Items ?? []) {
        // Items with an expiry (done outbox entries, delivery marks) do not stay: not kept.
        if (item[tableDefinition.timeToLiveAttribute]) continue;
        items++;
        bytes += itemBytes(item as Record<string, AttributeValue>);
      }
      start = page.LastEvaluatedKey as Record<string, AttributeValue> | undefined;
    } while (start);
    client.destroy();
    admin.client.destroy();
    return {
      stack,
      posts: DUEL_PLAN.posts,
      deliveries,
      setup,
      duel,
      sweep,
      stored: { items, bytes },
      results,
    };
  } finally {
    current = undefined;
    globalThis.Date = savedDate;
    offsetMs = 0;
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    restoreCounting();
    await aws.stop();
  }
}

/** A function's stdout, line by line: its log bytes, its hiboux (`log` channel) and EMF points. */
function captureLog(counts: Counts, chunk: string): void {
  for (const line of chunk.split("\n")) {
    if (line.trim() === "") continue;
    counts.logLines++;
    counts.logBytes += Buffer.byteLength(line) + 1;
    if (!line.startsWith("{")) continue;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (json.message === "hibou" || json.msg === "hibou") counts.hiboux++;
    const aws = json._aws as
      | { CloudWatchMetrics?: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] }
      | undefined;
    for (const directive of aws?.CloudWatchMetrics ?? []) {
      for (const dimensions of directive.Dimensions.length > 0 ? directive.Dimensions : [[]]) {
        const values = dimensions.map((d) => `${d}=${String(json[d])}`).join(",");
        for (const metric of directive.Metrics)
          bump(counts.metricPoints, `${directive.Namespace}/${metric.Name}{${values}}`);
      }
    }
  }
}
