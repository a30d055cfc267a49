import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CostMeasure, type Counts, emptyCounts } from "../../bench/cost.js";
import { CLUBS, type CostResults, costResults, renderCostsDoc } from "../../bench/monthly.js";
import { PRICES } from "../../bench/prices.js";

const root = join(import.meta.dirname, "../..");

const counts = (over: Partial<Counts>): Counts => ({ ...emptyCounts(), ...over });

const fn = { memoryMb: 256, arm64: true, environment: {} };

/** A measured duel of 20 posts with round figures, on a stack of 2 alarms and 1 key. */
const measure: CostMeasure = {
  stack: {
    observability: "basic",
    functions: { webhook: fn, relay: fn, timer: fn },
    stream: { batchSize: 10, patterns: [] },
    fixed: {
      alarms: 2,
      alarmMetrics: 2,
      highResolutionAlarmMetrics: 0,
      compositeAlarms: 0,
      dashboards: 0,
      kmsKeys: 1,
      rotatedKmsKeys: 0,
      secrets: 0,
      advancedParameters: 0,
      sweepsPerMonth: 0,
      logRetentionDays: 30,
      tracedFunctions: [],
    },
  },
  posts: 20,
  deliveries: 20,
  setup: counts({}),
  duel: counts({
    invocations: { webhook: 20 },
    requests: 40,
    writeUnits: 1000,
    readUnits: 100,
    bytes: 20_000,
  }),
  sweep: counts({}),
  stored: { items: 0, bytes: 0 },
  results: [],
};

describe("issue 36: what a club pays (bench/monthly.ts, docs/COSTS.md)", () => {
  it("prices a month from the measured duel: per post figures, each line counts × list price, fixed lines as counted", () => {
    const cost = costResults(measure, { date: "d", commit: "c", loadAverage: { start: 1, end: 1 } });
    expect(cost.perPost).toMatchObject({ requests: 2, writeUnits: 50, readUnits: 5, bytes: 1000 });
    const posts = CLUBS.small.duels * CLUBS.small.turnsPerDay * 30;
    expect(cost.monthly.small.dynamodbWrites).toBeCloseTo(posts * 50 * PRICES.dynamodb.perWriteUnit, 4);
    expect(cost.monthly.small.apiGateway).toBeCloseTo(posts * PRICES.apiGatewayPerRequest, 4);
    expect(cost.monthly.small.alarms).toBe(2 * PRICES.cloudwatch.perAlarmMetric);
    expect(cost.monthly.small.kmsKeys).toBe(PRICES.kms.perKey);
    expect(cost.monthly.small.traces).toBe(0);
    expect(cost.targets.find((t) => t.name === "write units a post")).toMatchObject({
      measured: 50,
      holds: true,
    });
  });

  it("docs/COSTS.md is the generator's output for the cost run in bench/results.json", () => {
    const results = JSON.parse(readFileSync(join(root, "bench/results.json"), "utf8")) as {
      cost?: CostResults;
    };
    expect(results.cost, "bench/results.json has no cost run: npm run bench -- cost").toBeDefined();
    const committed = readFileSync(join(root, "docs/COSTS.md"), "utf8");
    expect(committed).toBe(renderCostsDoc(results.cost as CostResults));
  });

  it("issue 40: the README's deploy ends with the monthly cost of docs/COSTS.md, from the same run", () => {
    const { cost } = JSON.parse(readFileSync(join(root, "bench/results.json"), "utf8")) as {
      cost: CostResults;
    };
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const deploy = readme.slice(
      readme.indexOf("## L'installer sur AWS"),
      readme.indexOf("## Pour aller plus loin"),
    );
    const costs = readFileSync(join(root, "docs/COSTS.md"), "utf8");
    // COSTS.md writes 1.42 $ (its tables are in English), the README 1,42 $, as French does.
    const french = (n: number) => n.toFixed(2).replace(".", ",");
    for (const size of ["small", "medium", "large"] as const) {
      const total = cost.monthly[size].total;
      expect(costs).toContain(`**${total.toFixed(2)}`);
      expect(deploy, size).toContain(`**${french(total)} $**`);
    }
    expect(deploy).toContain(`la région \`${cost.region}\``);
    expect(deploy).toContain("aws ssm get-parameter --name /DuelReferee/admin-token --with-decryption");
  });
});
