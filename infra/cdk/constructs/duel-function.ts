import { type Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import { Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Architecture, LoggingFormat, Runtime, RuntimeManagementMode, Tracing } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, type NodejsFunctionProps } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { lambdaBundling, NODE_MAJOR } from "../bundling.js";
import { type ObservabilityTier, observabilityEnvironment } from "../observability.js";
import { FUNCTION_ENTRIES, type FunctionName, LOCK_FILE, PROJECT_ROOT } from "../paths.js";

/** The runtime every function runs on; it must stay `nodejs${NODE_MAJOR}.x` (a test checks). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;

export interface DuelFunctionProps {
  readonly name: FunctionName;
  readonly description: string;
  readonly timeout: Duration;
  readonly memorySize: number;
  readonly environment?: Readonly<Record<string, string>>;
  /** The stack's tier: whether the function publishes business metrics and how it is traced. */
  readonly observability: ObservabilityTier;
  /** What only some functions need: a secrets extension, how asynchronous invocations retry. */
  readonly options?: Pick<NodejsFunctionProps, "paramsAndSecrets" | "retryAttempts" | "maxEventAge">;
}

/**
 * X-Ray. Lambda samples an active function's invocations at a fixed rate that no sampling rule
 * changes (the first request each second, then 5 %): for a club's trickle of posts, and the relay's
 * sweep every minute, that is every invocation, 43,200 traces a month for the sweep alone. So `full`
 * traces actively (one post's path through the function to DynamoDB and Scheduler), and `basic`
 * passes through: a function is traced only when its caller sent a sampled trace header, which
 * none of ours (HTTP API, EventBridge, Scheduler, the stream) does, so nothing is recorded or billed.
 */
export function tracingOf(tier: ObservabilityTier): Tracing {
  return tier === "full" ? Tracing.ACTIVE : Tracing.PASS_THROUGH;
}

/** The runtime version the context pins, if any (see DuelFunction). */
function runtimeManagement(scope: Construct): Pick<NodejsFunctionProps, "runtimeManagementMode"> {
  const arn = scope.node.tryGetContext("lambdaRuntimeVersionArn") as unknown;
  return typeof arn === "string" && arn !== ""
    ? { runtimeManagementMode: RuntimeManagementMode.manual(arn) }
    : {};
}

/**
 * One Lambda entry of functions/, bundled locally, with its own log group and its own role. The role
 * starts empty but for writing to its log group: no AWSLambdaBasicExecutionRole (it would allow every
 * log group of the account); each grant is added by the construct that owns the resource.
 */
export class DuelFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: DuelFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, "Logs", {
      retention: RetentionDays.ONE_MONTH,
      // Operational logs only; the duels' audit log lives in the table, which is retained.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new Role(this, "Role", {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: `Execution role of the duel referee's ${props.name} function`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, "Function", {
      entry: FUNCTION_ENTRIES[props.name],
      handler: "handler",
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: LOCK_FILE,
      runtime: LAMBDA_RUNTIME,
      // Graviton: cheaper per GB-second, and nothing here is x86-specific (no native modules).
      architecture: Architecture.ARM_64,
      description: props.description,
      timeout: props.timeout,
      memorySize: props.memorySize,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: tracingOf(props.observability),
      bundling: lambdaBundling(props.name),
      // The code cache written with the bundle (infra/cdk/code-cache.ts) is V8's for one Node build:
      // with `lambdaRuntimeVersionArn` in the context (the "Runtime Version ARN" of a function's
      // INIT_START log line, per region), the functions stay on that runtime version, whose Node
      // the build must then run; without it, Lambda moves the runtime on its own and a cache
      // rejected by a newer Node is only a slower first request (bench/README.md).
      ...runtimeManagement(this),
      ...props.options,
      environment: {
        // No NODE_OPTIONS=--enable-source-maps: every cold start paid for it; the logged stacks
        // are mapped when logged instead (shared/observability/stack-map.ts).
        POWERTOOLS_SERVICE_NAME: `duel-referee-${props.name}`,
        LOG_LEVEL: "INFO",
        ...observabilityEnvironment(props.observability),
        ...props.environment,
      },
    });
    Validations.of(this.role).acknowledge({
      id: "AwsSolutions-IAM5[Resource::*]",
      reason:
        "xray:PutTraceSegments and xray:PutTelemetryRecords, added by tracing (active or pass-through): X-Ray supports no " +
        "resource-level permission for them (Service Authorization Reference).",
    });
    Validations.of(this.fn).acknowledge({
      id: "AwsSolutions-L1",
      reason:
        `Pinned to nodejs${NODE_MAJOR}.x on purpose: the bundle targets node${NODE_MAJOR} and the tests ` +
        "import it under that major. A runtime upgrade moves NODE_MAJOR (runtime and target together) " +
        "as a reviewed change, not whenever a newer aws-cdk-lib learns of a newer runtime.",
    });
  }
}
