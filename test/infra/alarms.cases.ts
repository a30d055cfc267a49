import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { getAtt, ref, SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

/** The alarms on one metric, whatever its dimensions. */
function alarmsOn(namespace: string, metric: string) {
  return Object.values(
    synth.full.template.findResources("AWS::CloudWatch::Alarm", {
      Properties: { Namespace: namespace, MetricName: metric },
    }),
  ).map((alarm) => alarm.Properties);
}

describe("alarms (full observability: every alarm there was before the tiers)", () => {
  it("fire on any error or throttle of each function", () => {
    const { webhook, http, timer, relay } = synth.full.stack.functions;
    for (const metric of ["Errors", "Throttles"]) {
      const alarms = alarmsOn("AWS/Lambda", metric);
      expect(alarms.map((a) => a.Dimensions[0].Value)).toEqual(
        expect.arrayContaining([ref(webhook.fn), ref(http.fn), ref(timer.fn), ref(relay.fn)]),
      );
      for (const alarm of alarms) {
        expect(alarm).toMatchObject({
          Statistic: "Sum",
          Threshold: 0,
          ComparisonOperator: "GreaterThanThreshold",
        });
      }
    }
  });

  it("fire on an API 5xx", () => {
    expect(alarmsOn("AWS/ApiGateway", "5xx")).toEqual([
      expect.objectContaining({
        Dimensions: [{ Name: "ApiId", Value: ref(synth.full.stack.httpApi.api) }],
        Threshold: 0,
      }),
    ]);
  });

  it("fire on any message in either dead-letter queue", () => {
    const queues = alarmsOn("AWS/SQS", "ApproximateNumberOfMessagesVisible");
    expect(queues.map((a) => a.Dimensions[0].Value)).toEqual(
      expect.arrayContaining([
        getAtt(synth.full.stack.scheduling.deadLetterQueue, "QueueName"),
        getAtt(synth.full.stack.relayStream.failureQueue, "QueueName"),
      ]),
    );
    expect(queues).toHaveLength(2);
  });

  it("fire when the relay falls more than a minute behind the stream", () => {
    expect(alarmsOn("AWS/Lambda", "IteratorAge")).toEqual([
      expect.objectContaining({
        Dimensions: [{ Name: "FunctionName", Value: ref(synth.full.stack.functions.relay.fn) }],
        Statistic: "Maximum",
        Threshold: 60_000,
        ComparisonOperator: "GreaterThanThreshold",
      }),
    ]);
  });

  it("all notify the alarm topic, which CloudWatch may publish to over TLS only", () => {
    const topic = ref(synth.full.stack.alarms.topic);
    const alarms = Object.values(synth.full.template.findResources("AWS::CloudWatch::Alarm"));
    // Errors and throttles of 4 functions, API 5xx, 2 queues, relay backlog; and the operating ones
    // (hiboux failed for good, table throttles and system errors, timer lateness, webhook 4xx, polls,
    // chains of reads re-armed).
    expect(alarms).toHaveLength(19);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([topic]);
    // No key of its own: alarm notifications hold nothing secret, and a key is $1 a month.
    synth.full.template.hasResourceProperties("AWS::SNS::Topic", { KmsMasterKeyId: Match.absent() });
    synth.full.template.hasResourceProperties("AWS::SNS::TopicPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          Match.objectLike({
            Effect: "Allow",
            Action: "sns:Publish",
            Principal: { Service: "cloudwatch.amazonaws.com" },
          }),
        ]),
      },
    });
  });
});
