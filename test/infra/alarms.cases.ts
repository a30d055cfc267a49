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
    synth.template.findResources("AWS::CloudWatch::Alarm", {
      Properties: { Namespace: namespace, MetricName: metric },
    }),
  ).map((alarm) => alarm.Properties);
}

describe("alarms", () => {
  it("fire on any error or throttle of each function", () => {
    const { webhook, http, timer, relay } = synth.stack.functions;
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
        Dimensions: [{ Name: "ApiId", Value: ref(synth.stack.httpApi.api) }],
        Threshold: 0,
      }),
    ]);
  });

  it("fire on any message in either dead-letter queue", () => {
    const queues = alarmsOn("AWS/SQS", "ApproximateNumberOfMessagesVisible");
    expect(queues.map((a) => a.Dimensions[0].Value)).toEqual(
      expect.arrayContaining([
        getAtt(synth.stack.scheduling.deadLetterQueue, "QueueName"),
        getAtt(synth.stack.relayStream.failureQueue, "QueueName"),
      ]),
    );
    expect(queues).toHaveLength(2);
  });

  it("fire when the relay falls more than a minute behind the stream", () => {
    expect(alarmsOn("AWS/Lambda", "IteratorAge")).toEqual([
      expect.objectContaining({
        Dimensions: [{ Name: "FunctionName", Value: ref(synth.stack.functions.relay.fn) }],
        Statistic: "Maximum",
        Threshold: 60_000,
        ComparisonOperator: "GreaterThanThreshold",
      }),
    ]);
  });

  it("all notify the encrypted alarm topic, which CloudWatch may publish to over TLS only", () => {
    const topic = ref(synth.stack.alarms.topic);
    const alarms = Object.values(synth.template.findResources("AWS::CloudWatch::Alarm"));
    // Errors and throttles of 4 functions, API 5xx, 2 queues, relay backlog; and the operating ones
    // (hiboux failed for good, table throttles and system errors, timer lateness, webhook 4xx, polls,
    // chains of reads re-armed).
    expect(alarms).toHaveLength(19);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([topic]);
    synth.template.hasResourceProperties("AWS::SNS::Topic", { KmsMasterKeyId: Match.anyValue() });
    synth.template.hasResourceProperties("AWS::KMS::Key", { EnableKeyRotation: true });
    synth.template.hasResourceProperties("AWS::SNS::TopicPolicy", {
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
