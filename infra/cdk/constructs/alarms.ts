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
import { type ITopic, Topic } from "aws-cdk-lib/aws-sns";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import type { ObservabilityTier } from "../observability.js";
import type { DuelFunction } from "./duel-function.js";

export interface DuelAlarmsProps {
  readonly observability: ObservabilityTier;
  readonly functions: Readonly<Record<"Webhook" | "Http" | "Timer" | "Relay", DuelFunction>>;
  readonly relay: DuelFunction;
  readonly api: HttpApi;
  readonly deadLetterQueues: Readonly<Record<"Schedules" | "RelayStream", Queue>>;
}

/** The relay is behind when its oldest unprocessed stream record is older than this. */
export const RELAY_BACKLOG_MS = 60_000;

/**
 * What an operator must hear about, on one topic (subscribe an email or a chat hook to it after
 * deploying). Every alarm is on AWS's own metrics (Lambda, SQS, API Gateway: published for free) and
 * bills $0.10 a month per metric it reads.
 *
 * `basic` keeps the three an on-call operator acts on, each something nothing else will heal:
 * - **the webhook function's errors**: a forum's post was not refereed (the forum got a 5xx; its
 *   retries may fail the same way). It also carries the table's trouble: DynamoDB throttling (rare
 *   on an on-demand table below its account limits) and system errors are retried by the SDK, and
 *   surface here when they persist, so no table alarm (8 metrics each) is needed for them;
 * - **a message in the schedules' dead-letter queue**: Scheduler gave up firing a timer (a reply
 *   deadline, an absence fault, a Forumactif read): no one else will fire it;
 * - **a message in the relay stream's failure queue**: the relay failed a committed record through
 *   all its retries (hiboux and timers of that commit not performed); a relay stuck on the stream
 *   ends up here too, after its retries.
 * Not in `basic`: the HTTP function's errors (an admin sees them on the page), the timer's (Scheduler
 * retries, then the dead-letter queue above), throttles (the forums and Scheduler retry), API 5xx
 * (the webhook's errors are those that matter), the relay's backlog (its failures reach the queue).
 *
 * `full` adds all of those, as before the tiers.
 */
export class DuelAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: DuelAlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // No KMS key: the topic carries only alarm notifications (alarm name, description, metric,
    // threshold, state), nothing secret; CloudWatch cannot publish under the AWS-managed SNS key, and
    // a customer key would cost $1 a month for nothing to hide. Publishing over TLS only is enforced.
    this.topic = new Topic(this, "Topic", { enforceSSL: true });
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
    const { functions } = props;
    this.above(
      "WebhookErrors",
      functions.Webhook.fn.metricErrors({ period: fiveMinutes }),
      0,
      "Webhook function errors",
    );
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      const visible = queue.metricApproximateNumberOfMessagesVisible({
        period: fiveMinutes,
        statistic: "Maximum",
      });
      this.above(`${name}DeadLetters`, visible, 0, `messages in the ${name} dead-letter queue`);
    }
    if (props.observability !== "full") return;

    for (const [name, fn] of Object.entries(functions)) {
      if (name !== "Webhook") {
        this.above(
          `${name}Errors`,
          fn.fn.metricErrors({ period: fiveMinutes }),
          0,
          `${name} function errors`,
        );
      }
      this.above(
        `${name}Throttles`,
        fn.fn.metricThrottles({ period: fiveMinutes }),
        0,
        `${name} function throttled`,
      );
    }
    this.above("Api5xx", props.api.metricServerError({ period: fiveMinutes }), 0, "API answered 5xx");
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
