import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { NOTIFY_CHANNEL_TYPES, TIMER_LATENESS_ALARM_MS } from "../../infra/cdk/constructs/operating.js";
import { METRICS_NAMESPACE } from "../../shared/observability/namespace.js";
import { SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

function alarmDescribed(what: string) {
  const alarms = Object.values(synth.full.template.findResources("AWS::CloudWatch::Alarm"));
  const found = alarms.find((a) => String(a.Properties.AlarmDescription).includes(what));
  if (!found) throw new Error(`no alarm on ${what}`);
  return found.Properties;
}

describe("operating it (full observability): tracing, alarms and the dashboard", () => {
  it("full traces every function with X-Ray (active tracing), basic only what a caller sampled (pass-through)", () => {
    for (const [template, mode] of [
      [synth.full.template, "Active"],
      [synth.template, "PassThrough"],
    ] as const) {
      const functions = Object.values(template.findResources("AWS::Lambda::Function")).filter(
        (f) => f.Properties.Runtime === "nodejs22.x",
      );
      expect(functions).toHaveLength(4);
      for (const fn of functions) expect(fn.Properties.TracingConfig).toEqual({ Mode: mode });
    }
  });

  it("alarms on a hibou failed for good (the relay's EMF metric)", () => {
    expect(alarmDescribed("hibou failed for good")).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: "HibouxFailedForGood",
      Dimensions: [{ Name: "service", Value: "duel-referee-relay" }],
      Threshold: 0,
      ComparisonOperator: "GreaterThanThreshold",
    });
  });

  it("alarms on a timer fired over 2 minutes late", () => {
    expect(TIMER_LATENESS_ALARM_MS).toBe(120_000);
    expect(alarmDescribed("over 2 minutes late")).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: "TimerLateness",
      Dimensions: [{ Name: "service", Value: "duel-referee-timer" }],
      Statistic: "Maximum",
      Threshold: 120_000,
    });
  });

  it("alarms on the table's throttles and system errors, over the store's operations", () => {
    for (const what of ["throttled requests", "system errors"]) {
      const metrics = alarmDescribed(what).Metrics as { Expression?: string; MetricStat?: unknown }[];
      expect(metrics.find((m) => m.Expression)).toBeDefined();
      const names = metrics.flatMap((m) =>
        m.MetricStat ? [(m.MetricStat as { Metric: { MetricName: string } }).Metric.MetricName] : [],
      );
      expect(new Set(names)).toEqual(
        new Set([what === "system errors" ? "SystemErrors" : "ThrottledRequests"]),
      );
    }
  });

  it("alarms on the webhook's 4xx rate and on failing Forumactif reads", () => {
    const rate = alarmDescribed("webhook answering 4xx").Metrics as { Expression?: string }[];
    expect(rate.find((m) => m.Expression)?.Expression).toContain("100 * FILL(c4, 0)");
    const polls = alarmDescribed("Forumactif topic reads failing").Metrics as { Expression?: string }[];
    expect(polls.find((m) => m.Expression)).toBeDefined();
  });

  it("CONTRACT 4.4 alarms on a chain of Forumactif reads lost and re-armed by the relay's sweep", () => {
    expect(alarmDescribed("chain of reads was lost")).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: "PollChainsRearmed",
      Dimensions: [{ Name: "service", Value: "duel-referee-relay" }],
      Statistic: "Sum",
      Threshold: 0,
      ComparisonOperator: "GreaterThanThreshold",
      EvaluationPeriods: 1,
    });
  });

  it("has one dashboard with the business figures", () => {
    const dashboards = synth.full.template.findResources("AWS::CloudWatch::Dashboard");
    expect(Object.keys(dashboards)).toHaveLength(1);
    const body = JSON.stringify(Object.values(dashboards)[0]?.Properties.DashboardBody);
    for (const name of [
      "Deliveries",
      "TurnsResolved",
      "Faults",
      "Sanctions",
      "Disqualifications",
      "CorrectionWindows",
      "Effects",
      "TimerLateness",
      "ForumactifPolls",
      "PollChainsRearmed",
      "CommitConflicts",
    ])
      expect(body).toContain(name);
    synth.full.template.hasResourceProperties("AWS::CloudWatch::Dashboard", {
      DashboardBody: Match.anyValue(),
    });
  });

  it("graphs hiboux by channel type (discord, discourse…), not by the channel's index in a forum", () => {
    const body = JSON.stringify(
      Object.values(synth.full.template.findResources("AWS::CloudWatch::Dashboard"))[0]?.Properties
        .DashboardBody,
    );
    for (const type of NOTIFY_CHANNEL_TYPES) expect(body).toContain(`\\"Channel\\",\\"${type}\\"`);
    expect(NOTIFY_CHANNEL_TYPES).toEqual(expect.arrayContaining(["discord", "discourse", "forumactif"]));
    expect(body).not.toContain(`\\"Channel\\",\\"0\\"`);
  });
});
