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
  readonly operating: Operating;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.table = new DuelTable(this, "Table");
    this.scheduling = new Scheduling(this, "Scheduling");
    this.functions = new DuelFunctions(this, "Functions", { table: this.table, scheduling: this.scheduling });
    this.httpApi = new DuelHttpApi(this, "HttpApi", {
      webhook: this.functions.webhook.fn,
      http: this.functions.http.fn,
    });
    this.functions.linkDesk(this.httpApi.url);
    this.relayStream = new RelayStream(this, "RelayStream", this.functions.relay, this.table);
    this.relaySweep = new RelaySweep(this, "RelaySweep", this.functions.relay);
    this.alarms = new DuelAlarms(this, "Alarms", {
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

    this.operating = new Operating(this, "Operating", { table: this.table.table, topic: this.alarms.topic });

    new CfnOutput(this, "ApiUrl", { value: this.httpApi.url, description: "Base URL of the HTTP API" });
    new CfnOutput(this, "TableName", { value: this.table.table.tableName });
    new CfnOutput(this, "AdminTokenSecretArn", {
      value: this.functions.adminToken.secretArn,
      description: "Set the admin token with aws secretsmanager put-secret-value",
    });
    new CfnOutput(this, "ScheduleGroupName", { value: this.scheduling.groupName });
    new CfnOutput(this, "AlarmTopicArn", {
      value: this.alarms.topic.topicArn,
      description: "Subscribe to it",
    });
  }
}
