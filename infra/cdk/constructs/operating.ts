import { Duration } from "aws-cdk-lib";
import { Dashboard, GraphWidget, type IMetric, MathExpression, Metric } from "aws-cdk-lib/aws-cloudwatch";
import { Operation, type Table } from "aws-cdk-lib/aws-dynamodb";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import { Construct } from "constructs";
import { METRICS_NAMESPACE } from "../../../shared/observability/namespace.js";
import type { ChannelConfig } from "../../../shared/ports/channels.js";
import { alarmAbove } from "./alarms.js";

/** A timer fired later than this after its due time is an incident (EventBridge's usual delay is seconds). */
export const TIMER_LATENESS_ALARM_MS = 120_000;
/** Share of the webhook's answers that may be 4xx before a forum is called misconfigured (%). */
export const WEBHOOK_4XX_ALARM_PERCENT = 20;

/** Every type of a forum's notification channel: the relay counts hiboux under their channel's type. */
const EVERY_NOTIFY_CHANNEL: Record<ChannelConfig["type"], true> = {
  log: true,
  webhook: true,
  discord: true,
  discourse: true,
  forumactif: true,
};
export const NOTIFY_CHANNEL_TYPES = Object.keys(EVERY_NOTIFY_CHANNEL);

/** The service dimension Powertools gives every business metric of a function. */
const service = (name: string) => ({ service: `duel-referee-${name}` });

/** A business metric (EMF, shared/observability) of one function. */
export function businessMetric(
  name: string,
  fn: string,
  extra: Record<string, string> = {},
  statistic = "Sum",
  period = Duration.minutes(5),
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { ...service(fn), ...extra },
    statistic,
    period,
  });
}

export interface OperatingProps {
  readonly table: Table;
  readonly topic: ITopic;
}

/**
 * The on-call view: the alarms on the business metrics and the table (hiboux failed for good,
 * DynamoDB throttles and system errors, late timers, the webhook's 4xx rate, Forumactif reads
 * failing, a chain of Forumactif reads lost), and one dashboard with the figures the functions publish.
 */
export class Operating extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperatingProps) {
    super(scope, id);
    const five = Duration.minutes(5);
    // The operations the store makes (an alarm's expression holds at most 10 metrics).
    const operations = [
      Operation.GET_ITEM,
      Operation.BATCH_GET_ITEM,
      Operation.QUERY,
      Operation.PUT_ITEM,
      Operation.UPDATE_ITEM,
      Operation.DELETE_ITEM,
      Operation.TRANSACT_WRITE_ITEMS,
      Operation.BATCH_WRITE_ITEM,
    ];
    const throttles = props.table.metricThrottledRequestsForOperations({ operations, period: five });
    const systemErrors = props.table.metricSystemErrorsForOperations({ operations, period: five });
    const lateness = businessMetric("TimerLateness", "timer", {}, "Maximum");
    const answers = (cls: string) => businessMetric("Answers", "webhook", { Class: cls });
    // The share of 4xx among the webhook's answers, once there are a few (one stray 401 is no incident).
    const rejectedRate = new MathExpression({
      expression:
        "IF(FILL(c2, 0) + FILL(c4, 0) + FILL(c5, 0) >= 5, 100 * FILL(c4, 0) / (FILL(c2, 0) + FILL(c4, 0) + FILL(c5, 0)), 0)",
      usingMetrics: { c2: answers("2xx"), c4: answers("4xx"), c5: answers("5xx") },
      period: five,
      label: "webhook 4xx (%)",
    });
    const hibouxFailed = businessMetric("HibouxFailedForGood", "relay");
    // Polls run in the timer function (a topic's read) and the relay (a timer already due).
    const pollFailures = new MathExpression({
      expression: "FILL(t, 0) + FILL(r, 0)",
      usingMetrics: {
        t: businessMetric("ForumactifPollFailures", "timer"),
        r: businessMetric("ForumactifPollFailures", "relay"),
      },
      period: five,
      label: "Forumactif reads failed",
    });
    // The relay's sweep re-armed a chain of reads (shared/app/chain-watchdog.ts): healed, but
    // a read was lost for good (Scheduler's dead letters, a schedule deleted, a failed schedule).
    const chainsRearmed = businessMetric("PollChainsRearmed", "relay");

    alarmAbove(
      this,
      "HibouxFailedForGood",
      hibouxFailed,
      0,
      props.topic,
      "a hibou failed for good (no more retries)",
    );
    alarmAbove(this, "TableThrottles", throttles, 0, props.topic, "DynamoDB throttled requests on the table");
    alarmAbove(
      this,
      "TableSystemErrors",
      systemErrors,
      0,
      props.topic,
      "DynamoDB system errors on the table",
    );
    alarmAbove(
      this,
      "TimerLateness",
      lateness,
      TIMER_LATENESS_ALARM_MS,
      props.topic,
      "a timer fired over 2 minutes late",
    );
    alarmAbove(
      this,
      "Webhook4xxRate",
      rejectedRate,
      WEBHOOK_4XX_ALARM_PERCENT,
      props.topic,
      "webhook answering 4xx (a forum misconfigured?)",
      3,
    );
    alarmAbove(
      this,
      "ForumactifPollFailures",
      pollFailures,
      2,
      props.topic,
      "Forumactif topic reads failing",
      3,
    );
    alarmAbove(
      this,
      "PollChainsRearmed",
      chainsRearmed,
      0,
      props.topic,
      "a Forumactif chain of reads was lost (re-armed by the sweep)",
    );

    const graph = (title: string, left: IMetric[]) => new GraphWidget({ title, left, width: 12 });
    this.dashboard = new Dashboard(this, "Dashboard", { defaultInterval: Duration.days(1) });
    this.dashboard.addWidgets(
      graph("Deliveries by sender and result", [
        ...["generic", "discourse", "xenforo", "forumactif"].flatMap((sender) =>
          ["applied", "ignored", "duplicate"].map((result) =>
            businessMetric("Deliveries", "webhook", { Sender: sender, Result: result }),
          ),
        ),
      ]),
      graph("Turns, faults, sanctions, disqualifications", [
        businessMetric("TurnsResolved", "webhook"),
        businessMetric("Faults", "webhook", { Kind: "action" }),
        businessMetric("Faults", "timer", { Kind: "absence" }),
        businessMetric("Sanctions", "webhook", { Kind: "action" }),
        businessMetric("Sanctions", "timer", { Kind: "absence" }),
        businessMetric("Disqualifications", "timer"),
      ]),
      graph(
        "Correction windows",
        ["opened", "accepted", "expired"].map((o) =>
          businessMetric("CorrectionWindows", o === "expired" ? "timer" : "webhook", { Outcome: o }),
        ),
      ),
      graph("Hiboux delivered by channel type", [
        ...NOTIFY_CHANNEL_TYPES.map((type) =>
          businessMetric("Effects", "relay", { Kind: "notify", Channel: type, Result: "delivered" }),
        ),
      ]),
      graph("Hiboux retried and failed for good by channel type", [
        hibouxFailed,
        ...NOTIFY_CHANNEL_TYPES.flatMap((type) =>
          ["retried", "failed"].map((result) =>
            businessMetric("Effects", "relay", { Kind: "notify", Channel: type, Result: result }),
          ),
        ),
      ]),
      graph("Timer lateness (ms, max)", [lateness]),
      graph("Webhook answers", [answers("2xx"), answers("4xx"), answers("5xx")]),
      graph("Webhook 4xx rate (%)", [rejectedRate]),
      graph("Forumactif polls", [
        ...["read", "unchanged", "failed"].map((r) =>
          businessMetric("ForumactifPolls", "timer", { Result: r }),
        ),
        pollFailures,
        chainsRearmed,
      ]),
      graph("Commit conflicts", [
        businessMetric("CommitConflicts", "webhook"),
        businessMetric("CommitConflicts", "http"),
        businessMetric("CommitConflicts", "timer"),
      ]),
      graph("Table throttled requests", [throttles]),
      graph("Table system errors", [systemErrors]),
    );
  }
}
