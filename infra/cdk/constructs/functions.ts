import { ArnFormat, Duration, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import { AccountRootPrincipal, PolicyDocument, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import {
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
} from "aws-cdk-lib/aws-lambda";
import { Construct } from "constructs";
import type { ObservabilityTier } from "../observability.js";
import type { FunctionName } from "../paths.js";
import { DuelFunction } from "./duel-function.js";
import type { Scheduling } from "./scheduling.js";
import type { DuelTable } from "./table.js";

/** The configuration each function reads, by name: each gets only what it uses. */
export const FUNCTION_ENVIRONMENT = {
  webhook: ["TABLE_NAME", "SECRETS_KEY_ARN"],
  http: ["TABLE_NAME", "SECRETS_KEY_ARN", "ADMIN_TOKEN_PARAMETER"],
  timer: ["TABLE_NAME", "SECRETS_KEY_ARN"],
  relay: [
    "TABLE_NAME",
    "SECRETS_KEY_ARN",
    "SCHEDULE_GROUP_NAME",
    "TIMER_FUNCTION_ARN",
    "SCHEDULER_ROLE_ARN",
    "SCHEDULER_DLQ_ARN",
  ],
} as const satisfies Record<FunctionName, readonly string[]>;

/**
 * The functions that decide, and so compose hiboux: they get `DESK_URL`, the API's address, once the
 * API exists (`linkDesk`), so the referee's hiboux link to the duel's page on the desk.
 */
export const DESK_URL_READERS = ["webhook", "http", "timer"] as const satisfies readonly FunctionName[];

type EnvName = (typeof FUNCTION_ENVIRONMENT)[FunctionName][number];

/**
 * The key's administration, for the account (through IAM), action by action: never its use, nor
 * grants that would hand its use on. Without these the key could not be managed at all; with
 * `kms:*` any role of the account given `kms:Decrypt` would read the forums' secrets.
 */
export const SECRETS_KEY_ADMIN_ACTIONS = [
  "kms:DescribeKey",
  "kms:GetKeyPolicy",
  "kms:PutKeyPolicy",
  "kms:GetKeyRotationStatus",
  "kms:EnableKeyRotation",
  "kms:DisableKeyRotation",
  "kms:RotateKeyOnDemand",
  "kms:ListKeyRotations",
  "kms:ListResourceTags",
  "kms:TagResource",
  "kms:UntagResource",
  "kms:UpdateKeyDescription",
  "kms:EnableKey",
  "kms:DisableKey",
  "kms:ScheduleKeyDeletion",
  "kms:CancelKeyDeletion",
] as const;

export interface DuelFunctionsProps {
  readonly table: DuelTable;
  readonly scheduling: Scheduling;
  readonly observability: ObservabilityTier;
}

/**
 * The Parameter Store name of the operator's admin token, per stack (two stages can share an
 * account): `/<stack name>/admin-token`. The stack does not create it: CloudFormation cannot create a
 * SecureString parameter, and a value in the template would sit in clear in CloudFormation. The
 * operator creates it once with `aws ssm put-parameter --type SecureString` (docs/DEVELOPERS.md).
 */
export const adminTokenParameterName = (stackName: string) => `/${stackName}/admin-token`;

/**
 * The four entries and who may do what: the webhook, the HTTP API and the timer decide and commit;
 * the relay performs the committed effects (schedules, notifications). The forums' deliveries have a
 * function of their own, which carries neither the admin pages nor the admin token. Only the HTTP
 * function reads the admin token; only the relay touches Scheduler.
 */
export class DuelFunctions extends Construct {
  readonly webhook: DuelFunction;
  readonly http: DuelFunction;
  readonly timer: DuelFunction;
  readonly relay: DuelFunction;
  /** The admin token's SecureString parameter, by name (see adminTokenParameterName). */
  readonly adminTokenParameter: string;
  /** Seals the forums' secrets in the table (envelope encryption, shared/adapters/secrets). */
  readonly secretsKey: Key;
  private readonly deciders: readonly DuelFunction[];

  constructor(scope: Construct, id: string, { table, scheduling, observability }: DuelFunctionsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.adminTokenParameter = adminTokenParameterName(stack.stackName);

    // The stack's one customer-managed key (docs/DEVELOPERS.md, "Secrets at rest"): the forums' secrets
    // are sealed with its data keys, and its key policy alone decides who opens them (the four roles
    // below), which no AWS-managed key allows (their policies are AWS's, open to every principal of
    // the account that the service serves); $1 a month, whatever the number of forums.
    this.secretsKey = new Key(this, "SecretsKey", {
      description: "Duel referee: seals the forums' secrets (webhook secrets, API keys, board passwords)",
      // No automatic rotation: each rotation's new material costs $1 a month more (the first two), so
      // the key would cost $3 a month from its third year, for no cryptographic margin at a few hundred
      // data keys wrapped a year; and after a leak rotation helps nothing (the old material keeps
      // opening what it sealed): a leak is answered by replacing the key (docs/DEVELOPERS.md).
      enableKeyRotation: false,
      // Sealed secrets in the table (and its backups) open with this key only.
      removalPolicy: RemovalPolicy.RETAIN,
      policy: new PolicyDocument({
        statements: [
          new PolicyStatement({
            principals: [new AccountRootPrincipal()],
            actions: [...SECRETS_KEY_ADMIN_ACTIONS],
            resources: ["*"],
          }),
        ],
      }),
    });
    Validations.of(this.secretsKey).acknowledge({
      id: "AwsSolutions-KMS5",
      reason:
        "Yearly rotation would add $1 a month per new key material (twice), tripling the stack's one fixed " +
        "key cost, for no margin at a few hundred wrapped data keys a year; a suspected leak is answered " +
        "by replacing the key and saving every forum again (docs/DEVELOPERS.md, Secrets at rest).",
    });

    const known: Partial<Record<EnvName, string>> = {
      TABLE_NAME: table.table.tableName,
      SECRETS_KEY_ARN: this.secretsKey.keyArn,
      // The name, never the token: the function reads the value from Parameter Store at run time.
      ADMIN_TOKEN_PARAMETER: this.adminTokenParameter,
      SCHEDULE_GROUP_NAME: scheduling.groupName,
      SCHEDULER_ROLE_ARN: scheduling.role.roleArn,
      SCHEDULER_DLQ_ARN: scheduling.deadLetterQueue.queueArn,
    };

    this.timer = new DuelFunction(this, "Timer", {
      name: "timer",
      description: "Duel referee: a timer fired by EventBridge Scheduler",
      timeout: Duration.seconds(30),
      memorySize: 256,
      environment: environmentOf("timer", known),
      observability,
    });
    known.TIMER_FUNCTION_ARN = this.timer.fn.functionArn;
    this.webhook = new DuelFunction(this, "Webhook", {
      name: "webhook",
      description: "Duel referee: the forums' webhooks, /webhooks/* (API Gateway HTTP API, payload v2)",
      // API Gateway gives up after 30 s; a webhook answer should take well under a second.
      timeout: Duration.seconds(10),
      memorySize: 512,
      environment: environmentOf("webhook", known),
      observability,
    });
    this.http = new DuelFunction(this, "Http", {
      name: "http",
      description: "Duel referee: admin pages, admin and referee API (API Gateway HTTP API, payload v2)",
      // API Gateway gives up after 30 s; a webhook answer should take well under a second.
      timeout: Duration.seconds(10),
      memorySize: 512,
      environment: environmentOf("http", known),
      observability,
      options: {
        // shared/aws/admin-token.ts reads the token through this AWS extension's local endpoint (with its
        // own cache), so the bundle needs no SSM client; the role still needs ssm:GetParameter.
        paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
          logLevel: ParamsAndSecretsLogLevel.WARN,
        }),
      },
    });
    this.relay = new DuelFunction(this, "Relay", {
      name: "relay",
      description: "Duel referee: performs outbox effects read from the table's stream",
      // Notifications go out over HTTPS with a 10 s timeout each; a batch needs headroom.
      timeout: Duration.seconds(60),
      memorySize: 256,
      environment: environmentOf("relay", known),
      observability,
      // Asynchronous invocations are only the minute sweeps: a failed one is superseded by the next,
      // so Lambda should not queue retries of it (the stream's retries are configured on the mapping).
      options: { retryAttempts: 0, maxEventAge: Duration.minutes(2) },
    });

    for (const fn of [this.webhook, this.http, this.timer, this.relay]) table.grantData(fn.role);
    // The key's use is granted by its own policy, to these roles by name: every function reads forums
    // (their secrets open with Decrypt); only the HTTP API saves them (GenerateDataKey seals).
    for (const fn of [this.webhook, this.http, this.timer, this.relay]) {
      const actions = fn === this.http ? ["kms:Decrypt", "kms:GenerateDataKey"] : ["kms:Decrypt"];
      this.secretsKey.addToResourcePolicy(
        new PolicyStatement({ principals: [fn.role], actions, resources: ["*"] }),
      );
    }
    this.deciders = DESK_URL_READERS.map((name) => this[name]);
    // That one parameter, nothing else of Parameter Store. Its value is sealed under the AWS-managed
    // key aws/ssm, which KMS lets any principal of the account use through Parameter Store: who reads
    // the token is decided by this IAM grant, as it was for the Secrets Manager secret it replaces
    // (sealed under aws/secretsmanager, read with GetSecretValue), so no kms:Decrypt is granted here.
    this.http.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ["ssm:GetParameter"],
        resources: [
          stack.formatArn({
            service: "ssm",
            resource: "parameter",
            resourceName: this.adminTokenParameter.slice(1),
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          }),
        ],
      }),
    );
    scheduling.allowInvoke(this.timer.fn);
    scheduling.grantManageSchedules(this.relay.role);
  }

  /** The deciding functions learn the API's public address (the desk link in the referee's hiboux). */
  linkDesk(url: string): void {
    for (const fn of this.deciders) fn.fn.addEnvironment("DESK_URL", url);
  }
}

/** The variables `name` reads, from those known so far; a missing one is a wiring mistake. */
function environmentOf(name: FunctionName, known: Partial<Record<EnvName, string>>): Record<string, string> {
  return Object.fromEntries(
    FUNCTION_ENVIRONMENT[name].map((key) => {
      const value = known[key];
      if (value === undefined) throw new Error(`${name} reads ${key}, which is not known yet`);
      return [key, value];
    }),
  );
}
