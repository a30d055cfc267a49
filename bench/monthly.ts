import type { CostMeasure, Counts, FixedResources } from "./cost.js";
import { ASSUMPTIONS, PRICES } from "./prices.js";

/**
 * A month of three clubs, priced from one measured duel (bench/cost.ts) at the list prices of
 * bench/prices.ts, and docs/COSTS.md written from it. Pure: test/bench/costs-doc.test.ts renders
 * the committed results again and compares.
 */

export const CLUBS = {
  small: { duels: 5, turnsPerDay: 4, forums: 1 },
  medium: { duels: 30, turnsPerDay: 6, forums: 1 },
  large: { duels: 200, turnsPerDay: 8, forums: 10 },
} as const;

export type ClubSize = keyof typeof CLUBS;

/** What a club may pay: write units a post, dollars a month with the stack's default tier. */
export const COST_TARGETS = { writeUnitsPerPost: 60, small: 1.5, medium: 2.5, large: 8 } as const;

const DAYS = 30;
const HOURS = 730;

/** Per post, end to end: the webhook's invocation and the relay and timer runs the duel's posts caused. */
export interface PerPost {
  readonly requests: number;
  readonly readUnits: number;
  readonly writeUnits: number;
  /** Write units by function and command. */
  readonly writeUnitsBy: Readonly<Record<string, number>>;
  readonly bytes: number;
  readonly kmsCalls: number;
  readonly schedulerCalls: number;
  readonly timersFired: number;
  readonly outboundHttp: number;
  readonly invocations: Readonly<Record<string, number>>;
  readonly logBytes: number;
  readonly metricPoints: number;
  readonly byCommand: Readonly<Record<string, number>>;
}

export type MonthLines = Record<(typeof LINES)[number]["key"], number>;

export interface CostResults {
  readonly run: RunInfo;
  readonly region: string;
  readonly pricesReadOn: string;
  readonly observability: string;
  readonly duel: { readonly posts: number; readonly deliveries: number; readonly results: readonly string[] };
  readonly perPost: PerPost;
  readonly perDuelSetup: PerPost;
  readonly sweep: PerPost;
  readonly stored: { readonly itemsPerDuel: number; readonly bytesPerDuel: number };
  readonly metricSeries: number;
  readonly fixed: FixedResources;
  readonly monthly: Readonly<Record<ClubSize, { readonly total: number } & MonthLines>>;
  readonly targets: readonly {
    readonly name: string;
    readonly limit: number;
    readonly measured: number;
    readonly holds: boolean;
  }[];
}

export const LINES = [
  { key: "alarms", label: "CloudWatch alarms (per metric each queries)", fixed: true },
  { key: "dashboards", label: "CloudWatch dashboards", fixed: true },
  {
    key: "customMetrics",
    label: "CloudWatch custom metrics (EMF series, prorated by the hour sent)",
    fixed: false,
  },
  { key: "kmsKeys", label: "KMS keys", fixed: true },
  { key: "secrets", label: "Secrets Manager secrets, advanced SSM parameters", fixed: true },
  { key: "lambdaRequests", label: "Lambda requests (posts, relay runs, timers, the sweep)", fixed: false },
  { key: "lambdaCompute", label: "Lambda compute (GB-s, init included)", fixed: false },
  { key: "apiGateway", label: "API Gateway HTTP API requests", fixed: false },
  { key: "dynamodbWrites", label: "DynamoDB on-demand write units", fixed: false },
  { key: "dynamodbReads", label: "DynamoDB on-demand read units", fixed: false },
  { key: "dynamodbStorage", label: "DynamoDB storage", fixed: false },
  { key: "streamReads", label: "DynamoDB Streams reads (by the Lambda trigger: free)", fixed: false },
  { key: "scheduler", label: "EventBridge Scheduler invocations", fixed: false },
  { key: "kmsRequests", label: "KMS requests", fixed: false },
  { key: "logsIngestion", label: "CloudWatch Logs ingestion", fixed: false },
  { key: "logsStorage", label: "CloudWatch Logs storage", fixed: false },
  { key: "traces", label: "X-Ray traces", fixed: false },
  { key: "dataOut", label: "Data out (hiboux over HTTPS)", fixed: false },
] as const;

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;
const sum = (record: Readonly<Record<string, number>>) => Object.values(record).reduce((a, b) => a + b, 0);

function perUnit(counts: Counts, n: number): PerPost {
  const scale = (record: Readonly<Record<string, number>>) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, round(v / n, 3)]));
  return {
    requests: round(counts.requests / n, 3),
    readUnits: round(counts.readUnits / n, 3),
    writeUnits: round(counts.writeUnits / n, 3),
    writeUnitsBy: scale(counts.writeUnitsBy),
    bytes: Math.round(counts.bytes / n),
    kmsCalls: round(counts.kms / n, 3),
    schedulerCalls: round(sum(counts.scheduler) / n, 3),
    timersFired: round(counts.timersFired / n, 3),
    outboundHttp: round(counts.hiboux / n, 3),
    invocations: scale(counts.invocations),
    logBytes: Math.round(counts.logBytes / n),
    metricPoints: round(sum(counts.metricPoints) / n, 3),
    byCommand: scale(counts.byCommand),
  };
}

/** The cost of `times` runs of what `counts` measured, line by line (variable lines only). */
function traffic(counts: Counts, times: number, m: CostMeasure): Partial<MonthLines> {
  const gbSeconds = Object.entries(counts.invocations).reduce((total, [name, invocations]) => {
    const fn = m.stack.functions[name as keyof CostMeasure["stack"]["functions"]];
    const ms = (counts.ms[name] ?? 0) + invocations * ASSUMPTIONS.initMsPerInvocation;
    return total + (ms / 1000) * ((fn?.memoryMb ?? 128) / 1024);
  }, 0);
  const arm = m.stack.functions.webhook.arm64;
  const invocations = sum(counts.invocations);
  const logGb = (counts.logBytes + invocations * ASSUMPTIONS.platformLogBytesPerInvocation) / 2 ** 30;
  const storedMonths = Math.min(m.stack.fixed.logRetentionDays || DAYS, DAYS) / DAYS;
  return {
    lambdaRequests: times * invocations * PRICES.lambda.perRequest,
    lambdaCompute: times * gbSeconds * (arm ? PRICES.lambda.perGbSecondArm : PRICES.lambda.perGbSecondX86),
    apiGateway: times * (counts.invocations.webhook ?? 0) * PRICES.apiGatewayPerRequest,
    dynamodbWrites: times * counts.writeUnits * PRICES.dynamodb.perWriteUnit,
    dynamodbReads: times * counts.readUnits * PRICES.dynamodb.perReadUnit,
    streamReads: 0,
    scheduler: times * counts.timersFired * PRICES.schedulerPerInvocation,
    kmsRequests: times * counts.kms * PRICES.kms.perRequest,
    logsIngestion: times * logGb * PRICES.cloudwatch.logsPerGbIngested,
    logsStorage: times * logGb * storedMonths * PRICES.cloudwatch.logsPerGbMonthStored,
    traces:
      times *
      Object.entries(counts.invocations)
        .filter(([name]) => m.stack.fixed.tracedFunctions.includes(name))
        .reduce((n, [, i]) => n + i, 0) *
      PRICES.xrayPerTrace,
    dataOut: (times * counts.hiboux * ASSUMPTIONS.bytesPerHibou * PRICES.dataOutPerGb) / 2 ** 30,
  };
}

function addLines(into: Record<string, number>, lines: Partial<MonthLines>): void {
  for (const [key, value] of Object.entries(lines)) into[key] = (into[key] ?? 0) + (value ?? 0);
}

/** Custom metrics: each series costs its hours sent (points spread over the month, Poisson). */
function customMetrics(counts: readonly [Counts, number][]): number {
  const points: Record<string, number> = {};
  for (const [c, times] of counts)
    for (const [series, n] of Object.entries(c.metricPoints))
      points[series] = (points[series] ?? 0) + n * times;
  const hours = Object.values(points).reduce((h, n) => h + HOURS * (1 - Math.exp(-n / HOURS)), 0);
  return (hours / HOURS) * PRICES.cloudwatch.perCustomMetric;
}

function month(m: CostMeasure, club: (typeof CLUBS)[ClubSize]): { total: number } & MonthLines {
  const posts = club.duels * club.turnsPerDay * DAYS;
  const duelsPlayed = posts / m.posts;
  const f = m.stack.fixed;
  const lines: Record<string, number> = {
    alarms:
      f.alarmMetrics * PRICES.cloudwatch.perAlarmMetric +
      f.highResolutionAlarmMetrics * PRICES.cloudwatch.perHighResolutionAlarmMetric,
    dashboards: f.dashboards * PRICES.cloudwatch.perDashboard,
    customMetrics: customMetrics([
      [m.duel, duelsPlayed],
      [m.setup, duelsPlayed],
      [m.sweep, f.sweepsPerMonth],
    ]),
    kmsKeys: f.kmsKeys * PRICES.kms.perKey,
    secrets:
      f.secrets * PRICES.secretsManagerPerSecret + f.advancedParameters * PRICES.ssm.perAdvancedParameter,
    dynamodbStorage:
      ((m.stored.bytes * duelsPlayed * ASSUMPTIONS.monthsStored) / 2 ** 30) * PRICES.dynamodb.perGbMonth,
  };
  addLines(lines, traffic(m.duel, duelsPlayed, m));
  addLines(lines, traffic(m.setup, duelsPlayed, m));
  addLines(lines, traffic(m.sweep, f.sweepsPerMonth, m));
  const ordered = Object.fromEntries(LINES.map(({ key }) => [key, round(lines[key] ?? 0)])) as MonthLines;
  return { total: round(sum(ordered)), ...ordered };
}

export function costResults(m: CostMeasure, run: RunInfo): CostResults {
  const perPost = perUnit(m.duel, m.posts);
  const monthly = {
    small: month(m, CLUBS.small),
    medium: month(m, CLUBS.medium),
    large: month(m, CLUBS.large),
  };
  const series = new Set([m.duel, m.setup, m.sweep].flatMap((c) => Object.keys(c.metricPoints)));
  return {
    run,
    region: PRICES.region,
    pricesReadOn: PRICES.readOn,
    observability: m.stack.observability,
    duel: { posts: m.posts, deliveries: m.deliveries, results: m.results },
    perPost,
    perDuelSetup: perUnit(m.setup, 1),
    sweep: perUnit(m.sweep, 1),
    stored: { itemsPerDuel: m.stored.items, bytesPerDuel: m.stored.bytes },
    metricSeries: series.size,
    fixed: m.stack.fixed,
    monthly,
    targets: [
      { name: "write units a post", limit: COST_TARGETS.writeUnitsPerPost, measured: perPost.writeUnits },
      ...(["small", "medium", "large"] as const).map((size) => ({
        name: `${size} club, $ a month`,
        limit: COST_TARGETS[size],
        measured: monthly[size].total,
      })),
    ].map((t) => ({ ...t, holds: t.measured <= t.limit })),
  };
}

// ---------------------------------------------------------------------------------------------
// docs/COSTS.md

const usd = (n: number) => (n === 0 ? "0" : n < 0.01 ? `${n.toFixed(4)}` : n.toFixed(2));
const num = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString("en-US") : n.toLocaleString("en-US", { maximumFractionDigits: 2 });

export interface RunInfo {
  readonly date: string;
  readonly commit: string;
  readonly loadAverage: { readonly start: number; readonly end: number };
}

/** docs/COSTS.md from bench/results.json's `cost` (and the run's date, commit and load). */
export function renderCostsDoc(cost: CostResults): string {
  const { run } = cost;
  const p = cost.perPost;
  const f = cost.fixed;
  const clubs = ["small", "medium", "large"] as const;
  const club = (size: ClubSize) => {
    const c = CLUBS[size];
    const posts = c.duels * c.turnsPerDay * DAYS;
    return `${size}: ${c.duels} duels × ${c.turnsPerDay} turns a day${c.forums > 1 ? ` over ${c.forums} forums` : ""} (${num(posts)} posts a month)`;
  };
  const rows = LINES.map(
    ({ key, label, fixed }) =>
      `| ${label}${fixed ? " *(fixed)*" : ""} | ${clubs.map((s) => usd(cost.monthly[s][key])).join(" | ")} |`,
  );
  const commands = Object.entries(p.byCommand)
    .map(([name, n]) => `${name.replace(/Command$/, "")} ${num(n)}`)
    .join(", ");
  const invocations = Object.entries(p.invocations)
    .map(([name, n]) => `${name} ${num(n)}`)
    .join(", ");
  return `<!-- Generated by \`npm run bench\` (bench/monthly.ts) from bench/results.json: do not edit by hand. -->
# What a club pays

Measured by \`npm run bench\` on ${run.date} (commit \`${run.commit}\`, load average ${run.loadAverage.start} at the
start, ${run.loadAverage.end} at the end), priced at AWS list prices for **${cost.region}**, read on
${cost.pricesReadOn} (\`bench/prices.ts\` names the pages), free tier not counted. Observability tier:
**${cost.observability}**.

> **En bref (pour les responsables de club).** Un petit club (5 duels, 4 tours par jour) paie environ
> **${usd(cost.monthly.small.total)} $ par mois**, un club moyen (30 duels, 6 tours par jour) **${usd(cost.monthly.medium.total)} $**, un grand
> club (200 duels, 8 tours par jour, 10 forums) **${usd(cost.monthly.large.total)} $**, tout compris, sans l'offre gratuite d'AWS.
> Le détail ligne par ligne est ci-dessous ; les chiffres viennent d'un duel joué de bout en bout
> par les fonctions telles qu'elles sont déployées.

## How it is measured

\`bench/cost.ts\` plays one duel of ${cost.duel.posts} posts (${cost.duel.deliveries} deliveries: one is the forum's retry of a
post) through the functions as the stack deploys them: the webhook's Lambda handler for each post;
the relay fed the table's stream records in the event source mapping's batches and filters (read
from the synthesized template), each run's own writes fed back as the stream would; the timer
function for each schedule that comes due (time is simulated: posts 6 hours apart, a correction
window that expires, a duelist absent 73 hours, so a reminder and a deadline fire). DynamoDB Local
with its stream on; KMS and EventBridge Scheduler answered by a loopback stand-in that counts their
calls. Every DynamoDB request asks for \`ReturnConsumedCapacity: TOTAL\` (an SDK middleware the bench
adds; product code does not) and the units are summed; the bytes are the items' sizes as written
(the stream's new images). The functions' environment, memory and architecture are the template's.

## Per post, end to end

| | per post |
|---|---|
| DynamoDB requests | ${num(p.requests)} (${commands}) |
| read units | ${num(p.readUnits)} |
| write units | **${num(p.writeUnits)}** (target ≤ ${COST_TARGETS.writeUnitsPerPost}): ${Object.entries(
    p.writeUnitsBy,
  )
    .sort((a, b) => b[1] - a[1])
    .map(([by, n]) => `${by} ${num(n)}`)
    .join(", ")} |
| item bytes written | ${num(p.bytes)} |
| Lambda invocations | ${invocations} |
| KMS calls | ${num(p.kmsCalls)} |
| Scheduler calls (create, delete) | ${num(p.schedulerCalls)}; timers fired ${num(p.timersFired)} |
| outbound HTTP (hiboux; no thread replies on a generic forum) | ${num(p.outboundHttp)} |
| log bytes written by the functions | ${num(p.logBytes)} |
| metric points (EMF) | ${num(p.metricPoints)} |

Per duel besides its posts (registration and top, through the API and the relay): ${num(cost.perDuelSetup.writeUnits)} write units,
${num(cost.perDuelSetup.readUnits)} read units. The relay's recurring sweep (${num(f.sweepsPerMonth)} runs a month): ${num(cost.sweep.requests)} requests and
${num(cost.sweep.readUnits)} read units a run. A finished duel keeps ${num(cost.stored.itemsPerDuel)} items, ${num(cost.stored.bytesPerDuel)} bytes.

## A month

Clubs: ${clubs.map(club).join("; ")}.

| line | small | medium | large |
|---|---|---|---|
${rows.join("\n")}
| **total** | **${usd(cost.monthly.small.total)}** | **${usd(cost.monthly.medium.total)}** | **${usd(cost.monthly.large.total)}** |

Fixed resources of the synthesized stack (\`infra/cdk/fixed-costs.ts\`): ${f.alarms} alarms querying ${f.alarmMetrics} metrics${f.highResolutionAlarmMetrics ? ` (+${f.highResolutionAlarmMetrics} high-resolution)` : ""},
${f.compositeAlarms} composite alarms, ${f.dashboards} dashboards, ${f.kmsKeys} KMS keys (${f.rotatedKmsKeys} rotated), ${f.secrets} Secrets Manager secrets, ${f.advancedParameters}
advanced SSM parameters; ${cost.metricSeries} custom metric series published during the duel; logs kept ${f.logRetentionDays} days;
X-Ray recording the invocations of: ${f.tracedFunctions.length > 0 ? f.tracedFunctions.join(", ") : "none (pass-through)"}.

Taken at their upper bound (\`bench/prices.ts\`, \`ASSUMPTIONS\`): every invocation a cold start with
${ASSUMPTIONS.initMsPerInvocation} ms of init billed; Lambda's own log lines ${ASSUMPTIONS.platformLogBytesPerInvocation} bytes an invocation; every invocation
of a traced function recorded; logs stored uncompressed; ${ASSUMPTIONS.bytesPerHibou / 1000} KB out per hibou; a year of duels kept in the table. The
invocations' durations are this machine's against DynamoDB Local (slower than DynamoDB).

## Targets

| target | limit | measured | |
|---|---|---|---|
${cost.targets.map((t) => `| ${t.name} | ${t.limit} | ${num(t.measured)} | ${t.holds ? "holds" : "**missed**"} |`).join("\n")}
`;
}
