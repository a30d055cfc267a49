import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { type ClubPageResult, measureClubPage } from "./club-page.js";
import { type FunctionBundle, measureBundles } from "./cold-starts.js";
import { deployedStack, measureCost } from "./cost.js";
import { measureEndToEnd, printableEndToEnd } from "./end-to-end.js";
import { measureForumactifPoll, printableForumactifPoll } from "./forumactif-poll.js";
import { measureLatency } from "./latency.js";
import { type CostResults, costResults, renderCostsDoc } from "./monthly.js";
import { createBenchTable, createRefereeApp, round } from "./referee-app.js";

/**
 * `npm run bench`: the figures bench/README.md and docs/COSTS.md give, against one DynamoDB Local
 * started here in memory and stopped at the end. Phases (all by default; name some to run only
 * those: `npm run bench -- cost clubPage`): `latency` (the webhook against the floors, in process),
 * `endToEnd` (signed posts over HTTP to `npm start`'s server against a node:http floor), `coldStarts`
 * (the functions bundled as deployed; the first turn against `dynamodb-sdk`), `forumactif` (polls
 * and a board of 50 watched duels), `clubPage` (a club page with 1,000 finished duels), `cost` (a
 * whole duel through the deployed functions, priced by the month: bench/cost.ts). Writes
 * bench/results.json (the phases run replace their keys; the others stay) and, after `cost`,
 * docs/COSTS.md. A benchmark reports; it does not fail when a target is missed.
 */
const RESULTS = fileURLToPath(new URL("./results.json", import.meta.url));
const COSTS_DOC = fileURLToPath(new URL("../docs/COSTS.md", import.meta.url));

const PLAN = {
  latency: { warmup: 600, measured: 500, duels: 10, firstThread: 1000 },
  endToEnd: { warmup: 300, measured: 300, duels: 10, firstThread: 5000 },
  coldStartRuns: 21,
  forumactifPoll: { duels: 10, postsPerTopic: 20, board: { duels: 50, sections: 2, changing: 10 } },
  clubPage: { seasonDuels: 200, pastDuels: 1000, runs: 21 },
};

/** The latency guards (a guard, not a goal: a post's time is nobody's wait) and the figures kept from before. */
export const TARGETS = {
  /** The webhook's p50 against the atomic floor (the same DynamoDB requests, no decision). */
  webhookOverAtomicFloor: 1.9,
  /** Signed posts over HTTP to `npm start`'s server against a node:http floor server, at p50. */
  endToEndOverFloor: 1.4,
  /** A first turn against `dynamodb-sdk` (its two DynamoDB requests through the SDK, nothing else), wall and CPU. */
  firstTurnOverSdk: 1.3,
} as const;

const PHASES = ["latency", "endToEnd", "coldStarts", "forumactif", "clubPage", "cost"] as const;
type Phase = (typeof PHASES)[number];

// Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const asked = process.argv.slice(2);
for (const name of asked)
  if (!PHASES.includes(name as Phase))
    throw new Error(`unknown phase ${name} (phases: ${PHASES.join(", ")})`);
const runs = (phase: Phase) => asked.length === 0 || asked.includes(phase);

const started = performance.now();
const say = (line: string) =>
  process.stderr.write(`[${Math.round((performance.now() - started) / 1000)} s] ${line}\n`);
const load = () => round(loadavg()[0] ?? 0);
const loadAtStart = load();
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
// A partial run keeps the other phases' figures; a whole run starts afresh.
const previous =
  asked.length > 0 && existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, "utf8")) as Record<string, unknown>)
    : {};
const results: Record<string, unknown> = {};

say("Starting DynamoDB Local (in memory)…");
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
const stop = () => {
  void dynamo.stop().then(() => process.exit(130));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

try {
  // Every phase shares one table, made first: DynamoDB Local serves tables created late in its
  // life much more slowly, which would compare phases on unequal tables.
  const table = await createBenchTable(dynamo.endpoint);

  if (runs("latency")) {
    say(
      `Latency: ${PLAN.latency.warmup} warm-up then ${PLAN.latency.measured} posts, floors and webhook in turn…`,
    );
    const l = await measureLatency(createRefereeApp(dynamo.endpoint, table), PLAN.latency);
    const perPost = (n: number) => round(n / l.posts, 3);
    results.latency = {
      posts: l.posts,
      floor: l.floor,
      atomicFloor: l.atomicFloor,
      webhook: l.webhook,
      webhookOverAtomicFloorP50: round(l.webhook.p50Ms / l.atomicFloor.p50Ms, 3),
      atomicFloorOverFloorP50: round(l.atomicFloor.p50Ms / l.floor.p50Ms, 3),
      webhookRequestsPerPost: Object.fromEntries(
        Object.entries(l.webhookRequests.byCommand).map(([k, v]) => [k, perPost(v)]),
      ),
      capacityUnitsPerPost: {
        floor: perPost(l.floorRequests.capacityUnits),
        webhook: perPost(l.webhookRequests.capacityUnits),
      },
      dynamodbClientMsPerPost: {
        floor: round(l.dynamoMsPerPost.floor),
        webhook: round(l.dynamoMsPerPost.webhook),
      },
    };
  }

  if (runs("endToEnd")) {
    say(
      `End to end over HTTP: ${PLAN.endToEnd.warmup} warm-up then ${PLAN.endToEnd.measured} posts, floor server and ours in turn…`,
    );
    results.endToEnd = await measureEndToEnd(dynamo.endpoint, PLAN.endToEnd);
  }

  if (runs("coldStarts")) {
    say(`Bundles and cold starts (${PLAN.coldStartRuns} runs each)…`);
    const b = await measureBundles(dynamo.endpoint, table, PLAN.coldStartRuns);
    results.coldStarts = { runs: b.runs, bundles: [...b.bundles, ...b.references].map(summaryOf) };
  }

  if (runs("forumactif")) {
    say(
      `Forumactif polls: ${PLAN.forumactifPoll.duels} topics, then a board of ${PLAN.forumactifPoll.board.duels} watched duels…`,
    );
    results.forumactifPoll = await measureForumactifPoll(dynamo.endpoint, table, PLAN.forumactifPoll);
  }

  if (runs("clubPage")) {
    say(
      `Club page: one season of ${PLAN.clubPage.seasonDuels} duels, without and with ${PLAN.clubPage.pastDuels} past ones…`,
    );
    results.clubPage = await measureClubPage(dynamo.endpoint, table, PLAN.clubPage);
  }

  if (runs("cost")) {
    say("Cost: synthesizing the stack (default observability tier)…");
    const stack = deployedStack();
    say("Cost: a whole duel through the deployed functions, the stream fed to the relay…");
    const measured = await measureCost(dynamo.endpoint, stack);
    results.cost = costResults(measured, {
      date: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      commit,
      loadAverage: { start: loadAtStart, end: load() },
    });
  }

  const merged: Record<string, unknown> = { ...previous, ...results };
  merged.environment = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    commit,
    phases: asked.length === 0 ? [...PHASES] : asked,
    /** The machine's 1-minute load average when the run started and ended (others may share it). */
    loadAverage: { start: loadAtStart, end: load() },
    measuredAt: new Date().toISOString(),
    seconds: round((performance.now() - started) / 1000, 1),
  };
  merged.targets = targetsOf(merged);
  writeFileSync(RESULTS, `${JSON.stringify(merged, null, 2)}\n`);
  if (results.cost) writeFileSync(COSTS_DOC, renderCostsDoc(results.cost as CostResults));
  process.stdout.write(printable(merged));
  say(`Wrote ${RESULTS}${results.cost ? " and docs/COSTS.md" : ""}.`);
} finally {
  await dynamo.stop();
}

function summaryOf(b: FunctionBundle) {
  return {
    name: b.name,
    bytes: b.bytes,
    mapBytes: b.mapBytes,
    coldStartMs: b.coldStartMs,
    importMs: b.importMs,
    handleMs: b.handleMs,
    cpuMs: b.cpuMs,
    request: b.request,
    topInputs: b.topInputs,
  };
}

type Summary = ReturnType<typeof summaryOf>;

interface Target {
  readonly name: string;
  readonly target: string;
  readonly actual: string;
  readonly holds: boolean;
}

/** Each target against the latest figures in bench/results.json. */
function targetsOf(r: Record<string, unknown>): Target[] {
  const targets: Target[] = [];
  const latency = r.latency as { webhookOverAtomicFloorP50: number } | undefined;
  if (latency)
    targets.push({
      name: "latency webhook/atomic floor at p50",
      target: `≤ ${TARGETS.webhookOverAtomicFloor}`,
      actual: String(latency.webhookOverAtomicFloorP50),
      holds: latency.webhookOverAtomicFloorP50 <= TARGETS.webhookOverAtomicFloor,
    });
  const endToEnd = r.endToEnd as { ratioP50: number } | undefined;
  if (endToEnd)
    targets.push({
      name: "end to end over HTTP ours/floor server at p50",
      target: `≤ ${TARGETS.endToEndOverFloor}`,
      actual: String(endToEnd.ratioP50),
      holds: endToEnd.ratioP50 <= TARGETS.endToEndOverFloor,
    });
  const cold = (r.coldStarts as { bundles: Summary[] } | undefined)?.bundles;
  if (cold) {
    const turn = cold.find((b) => b.name === "webhook-turn");
    const sdk = cold.find((b) => b.name === "dynamodb-sdk");
    const ok = turn && sdk && sdk.coldStartMs > 0;
    targets.push({
      name: "webhook's first turn / dynamodb-sdk",
      target: `≤ ${TARGETS.firstTurnOverSdk}× (wall and CPU)`,
      actual: ok
        ? `${round(turn.coldStartMs / sdk.coldStartMs)}× (${turn.coldStartMs} / ${sdk.coldStartMs} ms), CPU ${round(turn.cpuMs / sdk.cpuMs)}×`
        : "not measured",
      holds: Boolean(
        ok &&
          turn.coldStartMs <= TARGETS.firstTurnOverSdk * sdk.coldStartMs &&
          turn.cpuMs <= TARGETS.firstTurnOverSdk * sdk.cpuMs,
      ),
    });
  }
  const cost = r.cost as CostResults | undefined;
  for (const t of cost?.targets ?? [])
    targets.push({ name: t.name, target: `≤ ${t.limit}`, actual: String(t.measured), holds: t.holds });
  return targets;
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

function kb(bytes: number): string {
  return `${round(bytes / 1000, 1)} KB`;
}

/** The run as readable tables (the phases in bench/results.json, whichever run last). */
function printable(r: Record<string, unknown>): string {
  const lines: string[] = [""];
  const latency = r.latency as
    | {
        floor: { p50Ms: number; p95Ms: number; p99Ms: number };
        atomicFloor: { p50Ms: number; p95Ms: number; p99Ms: number };
        webhook: { p50Ms: number; p95Ms: number; p99Ms: number };
        webhookOverAtomicFloorP50: number;
        webhookRequestsPerPost: Record<string, number>;
        capacityUnitsPerPost: { webhook: number };
      }
    | undefined;
  if (latency) {
    lines.push(
      "Latency in process (app.request, same DynamoDB Local)",
      table([
        ["", "p50 ms", "p95 ms", "p99 ms"],
        ...(["floor", "atomicFloor", "webhook"] as const).map((k) => [
          k,
          String(latency[k].p50Ms),
          String(latency[k].p95Ms),
          String(latency[k].p99Ms),
        ]),
      ]),
      `webhook/atomic floor at p50 ${latency.webhookOverAtomicFloorP50}; webhook requests a post ${JSON.stringify(latency.webhookRequestsPerPost)}, capacity units ${latency.capacityUnitsPerPost.webhook}`,
      "",
    );
  }
  if (r.endToEnd) lines.push(printableEndToEnd(r.endToEnd as Parameters<typeof printableEndToEnd>[0]), "");
  const cold = (r.coldStarts as { bundles: Summary[] } | undefined)?.bundles;
  if (cold) {
    const sdk = cold.find((b) => b.name === "dynamodb-sdk");
    lines.push(
      "Bundles (as deployed) and cold starts (median of fresh processes)",
      table([
        ["", "size", "cold start ms", "import ms", "request ms", "CPU ms", "× dynamodb-sdk", "request"],
        ...cold.map((b) => [
          b.name,
          kb(b.bytes),
          String(b.coldStartMs),
          String(b.importMs),
          String(b.handleMs),
          String(b.cpuMs),
          sdk && sdk.coldStartMs > 0
            ? `${round(b.coldStartMs / sdk.coldStartMs)}× (CPU ${round(b.cpuMs / sdk.cpuMs)}×)`
            : "",
          b.request,
        ]),
      ]),
      "",
    );
  }
  if (r.forumactifPoll)
    lines.push(printableForumactifPoll(r.forumactifPoll as Parameters<typeof printableForumactifPoll>[0]));
  const club = r.clubPage as ClubPageResult | undefined;
  if (club)
    lines.push(
      `Club page, one season of ${club.seasonDuels} duels: ${club.withoutPast.requests} requests, ${club.withoutPast.readUnits} read units without a past; ${club.withPast.requests} requests, ${club.withPast.readUnits} read units with ${club.pastDuels} past duels over 5 seasons (${club.sameCost ? "the same cost" : "NOT the same cost"}); read and view ${club.withPast.medianMs} ms (median)`,
      "",
    );
  const cost = r.cost as CostResults | undefined;
  if (cost) {
    const p = cost.perPost;
    lines.push(
      `Cost per post, end to end (${cost.duel.posts} posts through the deployed functions): ${p.requests} DynamoDB requests, ${p.readUnits} read units, ${p.writeUnits} write units, ${p.bytes} bytes, KMS ${p.kmsCalls}, Scheduler ${p.schedulerCalls}, hiboux ${p.outboundHttp}`,
      `A month (${cost.region}, observability ${cost.observability}): small $${cost.monthly.small.total}, medium $${cost.monthly.medium.total}, large $${cost.monthly.large.total} (docs/COSTS.md)`,
      "",
    );
  }
  const env = r.environment as { loadAverage: { start: number; end: number }; node: string };
  lines.push(
    `Targets (load average ${env.loadAverage.start} at the start, ${env.loadAverage.end} at the end; Node ${env.node})`,
    table([
      ["", "target", "measured", ""],
      ...(r.targets as Target[]).map((t) => [t.name, t.target, t.actual, t.holds ? "holds" : "MISSED"]),
    ]),
    "",
  );
  return lines.join("\n");
}
