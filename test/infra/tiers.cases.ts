import { App, Stack } from "aws-cdk-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedCosts } from "../../infra/cdk/fixed-costs.js";
import { observabilityOf } from "../../infra/cdk/observability.js";
import { getAtt, ref, SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

/** Every function's variables, by logical id. */
function variables(template: Synthesized["template"]): Record<string, string>[] {
  return Object.values(template.findResources("AWS::Lambda::Function"))
    .filter((f) => f.Properties.Runtime === "nodejs22.x")
    .map((f) => f.Properties.Environment.Variables);
}

describe("issue 36: what a club pays before its first post, by observability tier", () => {
  it("basic is the default: three alarms on AWS's own metrics, three billed metrics", () => {
    const costs = fixedCosts(synth.template);
    expect(costs.alarms).toHaveLength(3);
    expect(costs.alarmMetrics).toBe(3);
    expect(costs.highResolutionAlarmMetrics).toBe(0);
    expect(costs.compositeAlarms).toEqual([]);
    const alarms = Object.values(synth.template.findResources("AWS::CloudWatch::Alarm")).map(
      (a) => a.Properties,
    );
    const { functions, scheduling, relayStream, alarms: construct } = synth.stack;
    expect(alarms.map((a) => [a.Namespace, a.MetricName, a.Dimensions[0].Value])).toEqual(
      expect.arrayContaining([
        ["AWS/Lambda", "Errors", ref(functions.webhook.fn)],
        ["AWS/SQS", "ApproximateNumberOfMessagesVisible", getAtt(scheduling.deadLetterQueue, "QueueName")],
        ["AWS/SQS", "ApproximateNumberOfMessagesVisible", getAtt(relayStream.failureQueue, "QueueName")],
      ]),
    );
    for (const alarm of alarms) {
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: "GreaterThanThreshold" });
      expect(alarm.AlarmActions).toEqual([ref(construct.topic)]);
    }
  });

  it("basic publishes no custom metric and has no dashboard; its functions' Powertools metrics are off", () => {
    const costs = fixedCosts(synth.template);
    expect(costs.customMetrics).toEqual([]);
    expect(costs.metricPublishers).toEqual([]);
    expect(costs.dashboards).toEqual([]);
    expect(synth.stack.operating).toBeUndefined();
    for (const vars of variables(synth.template)) {
      expect(vars).toMatchObject({ POWERTOOLS_METRICS_DISABLED: "true", POWERTOOLS_TRACE_ENABLED: "false" });
    }
  });

  it("basic records no X-Ray trace of its own (pass-through: Lambda's sampling of an active function is fixed)", () => {
    const costs = fixedCosts(synth.template);
    expect(costs.tracing.map((t) => t.mode)).toEqual(Array(4).fill("PassThrough"));
  });

  it("full adds the dashboard, the business metrics, tracing and the rest of the alarms (19, 36 metrics)", () => {
    const costs = fixedCosts(synth.full.template);
    expect(costs.alarms).toHaveLength(19);
    expect(costs.alarmMetrics).toBe(36);
    expect(costs.dashboards).toHaveLength(1);
    expect(costs.metricPublishers).toHaveLength(4);
    expect(costs.tracing.map((t) => t.mode)).toEqual(Array(4).fill("Active"));
    expect(costs.customMetrics).toEqual(
      expect.arrayContaining([
        "DuelReferee/HibouxFailedForGood{service=duel-referee-relay}",
        "DuelReferee/Answers{Class=4xx,service=duel-referee-webhook}",
        "DuelReferee/Deliveries{Result=applied,Sender=discourse,service=duel-referee-webhook}",
      ]),
    );
    expect(costs.customMetrics.every((m) => m.startsWith("DuelReferee/"))).toBe(true);
    for (const vars of variables(synth.full.template)) {
      expect(vars.POWERTOOLS_METRICS_DISABLED).toBeUndefined();
      expect(vars.POWERTOOLS_TRACE_ENABLED).toBeUndefined();
    }
    // Every alarm of basic is in full too, on the same metric.
    const basicIds = fixedCosts(synth.template).alarms.map((a) => a.id);
    expect(costs.alarms.map((a) => a.id)).toEqual(expect.arrayContaining(basicIds));
  });

  it("either tier: one customer-managed key (the forums' secrets, not rotated), no Secrets Manager secret, no advanced parameter", () => {
    for (const template of [synth.template, synth.full.template]) {
      const costs = fixedCosts(template);
      expect(costs.kmsKeys).toEqual([{ id: expect.stringContaining("SecretsKey"), rotation: false }]);
      expect(costs.secrets).toEqual([]);
      expect(costs.advancedParameters).toEqual([]);
      expect(costs.logGroups).toHaveLength(5);
      for (const group of costs.logGroups) expect(group.retentionDays).toBe(30);
    }
  });

  it("the tier comes from --context observability, basic by default, and nothing else is accepted", () => {
    const tierOf = (context: Record<string, unknown>) =>
      observabilityOf(new Stack(new App({ context }), "Probe"));
    expect(tierOf({})).toBe("basic");
    expect(tierOf({ observability: "full" })).toBe("full");
    expect(tierOf({ observability: "basic" })).toBe("basic");
    expect(() => tierOf({ observability: "verbose" })).toThrow(/expected basic or full/);
  });
});

describe("fixedCosts counts what CloudWatch bills", () => {
  const metric = (name: string, period = 300) => ({
    MetricStat: { Metric: { Namespace: "Club", MetricName: name }, Period: period, Stat: "Sum" },
  });
  const counted = fixedCosts({
    Resources: {
      One: { Type: "AWS::CloudWatch::Alarm", Properties: { Namespace: "AWS/Lambda", MetricName: "Errors" } },
      Math: {
        Type: "AWS::CloudWatch::Alarm",
        Properties: { Metrics: [{ Expression: "a + b", Id: "e" }, metric("A"), metric("B")] },
      },
      Fast: { Type: "AWS::CloudWatch::Alarm", Properties: { Metrics: [metric("C", 10)] } },
      Board: {
        Type: "AWS::CloudWatch::Dashboard",
        Properties: {
          DashboardBody: {
            "Fn::Join": [
              "",
              [
                '{"widgets":[{"properties":{"metrics":[["Club","A",{"stat":"Sum"}],[".","D","Forum","',
                { Ref: "Forum" },
                '"],["AWS/Lambda","Errors"]]}}]}',
              ],
            ],
          },
        },
      },
      Secret: { Type: "AWS::SecretsManager::Secret" },
      Advanced: { Type: "AWS::SSM::Parameter", Properties: { Tier: "Advanced" } },
      Standard: { Type: "AWS::SSM::Parameter", Properties: { Tier: "Standard" } },
      Forever: { Type: "AWS::Logs::LogGroup", Properties: {} },
    },
  });

  it("one metric for a plain alarm, each metric (not the expression) of a metric-math one, high resolution apart", () => {
    expect(counted.alarms.map((a) => [a.id, a.metrics, a.highResolution])).toEqual([
      ["One", 1, false],
      ["Math", 2, false],
      ["Fast", 1, true],
    ]);
    expect(counted.alarmMetrics).toBe(3);
    expect(counted.highResolutionAlarmMetrics).toBe(1);
  });

  it("custom metrics once each, from alarms and dashboards (the `.` shorthand and references read)", () => {
    expect(counted.customMetrics).toEqual(["Club/A{}", "Club/B{}", "Club/C{}", "Club/D{Forum=?}"]);
  });

  it("secrets, advanced parameters, log groups kept forever", () => {
    expect(counted.secrets).toEqual(["Secret"]);
    expect(counted.advancedParameters).toEqual(["Advanced"]);
    expect(counted.logGroups).toEqual([{ id: "Forever", retentionDays: null }]);
  });
});
