import { Duration, Stack } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  type Metric,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { type ITopic, Topic } from "aws-cdk-lib/aws-sns";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { DuelFunction } from "./duel-function.js";

export interface DuelAlarmsProps {
  readonly functions: Readonly<Record<string, DuelFunction>>;
  readonly relay: DuelFunction;
  readonly api: HttpApi;
  readonly deadLetterQueues: Readonly<Record<string, Queue>>;
}

/** The relay is behind when its oldest unprocessed stream record is older than this. */
export const RELAY_BACKLOG_MS = 60_000;

/**
 * What an operator must hear about: a function failing or throttled, the API answering 5xx, a
 * schedule or stream record given up on, the relay falling behind. Every alarm notifies one topic
 * (subscribe an email or a chat hook to it after deploying).
 */
export class DuelAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: DuelAlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // A customer key because CloudWatch cannot publish to a topic under the AWS-managed SNS key.
    const key = new Key(this, "TopicKey", {
      description: "Encrypts the duel referee's alarm topic",
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey"],
        // In a key policy, `*` is this key. No source condition: the topic policy below already limits
        // who can make CloudWatch publish, and KMS is only reached through a publish to this topic.
        resources: ["*"],
      }),
    );
    this.topic = new Topic(this, "Topic", { masterKey: key, enforceSSL: true });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["sns:Publish"],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
      }),
    );

    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);
    for (const [name, fn] of Object.entries(props.functions)) {
      this.above(`${name}Errors`, fn.fn.metricErrors({ period: fiveMinutes }), 0, `${name} function errors`);
      this.above(
        `${name}Throttles`,
        fn.fn.metricThrottles({ period: fiveMinutes }),
        0,
        `${name} function throttled`,
      );
    }
    this.above("Api5xx", props.api.metricServerError({ period: fiveMinutes }), 0, "API answered 5xx");
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      const visible = queue.metricApproximateNumberOfMessagesVisible({
        period: fiveMinutes,
        statistic: "Maximum",
      });
      this.above(`${name}DeadLetters`, visible, 0, `messages in the ${name} dead-letter queue`);
    }
    const iteratorAge = props.relay.fn.metric("IteratorAge", { period: minute, statistic: "Maximum" });
    this.above("RelayBacklog", iteratorAge, RELAY_BACKLOG_MS, "relay behind the table's stream", 3);
  }

  private above(id: string, metric: Metric, threshold: number, what: string, periods = 1): void {
    alarmAbove(this, id, metric, threshold, this.topic, what, periods);
  }
}

/**
 * An alarm when `metric` goes above `threshold` for `periods` periods, told to `topic` when it
 * fires and when it clears (the stack's alarms and the operating ones share it).
 */
export function alarmAbove(
  scope: Construct,
  id: string,
  metric: IMetric,
  threshold: number,
  topic: ITopic,
  what: string,
  periods = 1,
): Alarm {
  const alarm = new Alarm(scope, id, {
    metric,
    threshold,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: periods,
    // No datapoint means nothing happened: no invocation, no hibou, no timer, no request.
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: `Duel referee: ${what}`,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}
