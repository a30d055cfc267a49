import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { DuelAlarms } from "./constructs/alarms.js";
import { DuelFunctions } from "./constructs/functions.js";
import { DuelHttpApi } from "./constructs/http-api.js";
import { Operating } from "./constructs/operating.js";
import { RelayStream } from "./constructs/relay-stream.js";
import { RelaySweep } from "./constructs/relay-sweep.js";
import { Scheduling } from "./constructs/scheduling.js";
import { DuelTable } from "./constructs/table.js";
import { type ObservabilityTier, observabilityOf } from "./observability.js";

export interface DuelStackProps extends StackProps {
  /** How much it watches (infra/cdk/observability.ts); the `observability` context's, by default. */
  readonly observability?: ObservabilityTier;
}

/**
 * The whole referee in one stack, wired the way data flows (STYLE.md): API and timers decide and
 * commit to the table; the table's stream (and a sweep every minute) wakes the relay, which creates
 * schedules and delivers notifications. Environment-agnostic: nothing here needs an account or region at synth time.
 */
export class DuelStack extends Stack {
  readonly table: DuelTable;
  readonly scheduling: Scheduling;
  readonly functions: DuelFunctions;
  readonly httpApi: DuelHttpApi;
  readonly relayStream: RelayStream;
  readonly relaySweep: RelaySweep;
  readonly alarms: DuelAlarms;
  /** The business alarms and the dashboard: `full` only. */
  readonly operating: Operating | undefined;
  readonly observability: ObservabilityTier;

  constructor(scope: Construct, id: string, props: DuelStackProps = {}) {
    super(scope, id, props);
    const observability = props.observability ?? observabilityOf(this);
    this.observability = observability;
    this.table = new DuelTable(this, "Table");
    this.scheduling = new Scheduling(this, "Scheduling");
    this.functions = new DuelFunctions(this, "Functions", {
      table: this.table,
      scheduling: this.scheduling,
      observability,
    });
    this.httpApi = new DuelHttpApi(this, "HttpApi", {
      webhook: this.functions.webhook.fn,
      http: this.functions.http.fn,
    });
    this.functions.linkDesk(this.httpApi.url);
    this.relayStream = new RelayStream(this, "RelayStream", this.functions.relay, this.table);
    this.relaySweep = new RelaySweep(this, "RelaySweep", this.functions.relay);
    this.alarms = new DuelAlarms(this, "Alarms", {
      observability,
      functions: {
        Webhook: this.functions.webhook,
        Http: this.functions.http,
        Timer: this.functions.timer,
        Relay: this.functions.relay,
      },
      relay: this.functions.relay,
      api: this.httpApi.api,
      deadLetterQueues: {
        Schedules: this.scheduling.deadLetterQueue,
        RelayStream: this.relayStream.failureQueue,
      },
    });

    this.operating =
      observability === "full"
        ? new Operating(this, "Operating", { table: this.table.table, topic: this.alarms.topic })
        : undefined;

    new CfnOutput(this, "ApiUrl", { value: this.httpApi.url, description: "Base URL of the HTTP API" });
    new CfnOutput(this, "TableName", { value: this.table.table.tableName });
    new CfnOutput(this, "AdminTokenParameterName", {
      value: this.functions.adminTokenParameter,
      description: "Create it: aws ssm put-parameter --type SecureString --name <this> --value <token>",
    });
    new CfnOutput(this, "ScheduleGroupName", { value: this.scheduling.groupName });
    new CfnOutput(this, "AlarmTopicArn", {
      value: this.alarms.topic.topicArn,
      description: "Subscribe to it",
    });
  }
}
