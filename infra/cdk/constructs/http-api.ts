import { RemovalPolicy, Validations } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { HttpApi, type HttpStage, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";

/** Stage-wide throttling. Forums send a few webhooks a minute; this only stops a flood. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * The public HTTPS endpoint: every path and method goes to the HTTP function (Hono routes them),
 * through the `$default` route, which also matches `/`.
 */
export class DuelHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, handler: IFunction) {
    super(scope, id);
    this.api = new HttpApi(this, "Api", {
      description: "Duel referee: forum webhooks, admin and referee API",
      // Payload format 2.0 is HttpLambdaIntegration's default and what Hono's aws-lambda adapter reads.
      defaultIntegration: new HttpLambdaIntegration("Handler", handler),
      // The default stage is declared below, to give it throttling and access logs.
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, "AccessLogs", {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.api.addStage("DefaultStage", {
      stageName: "$default",
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // `$context.path` has no query string: `GET /admin?token=…` must not write the token to logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: "$context.requestId",
            time: "$context.requestTime",
            ip: "$context.identity.sourceIp",
            method: "$context.httpMethod",
            path: "$context.path",
            status: "$context.status",
            latencyMs: "$context.responseLatency",
            integrationError: "$context.integrationErrorMessage",
          }),
        ),
      },
    });
    Validations.of(this.api).acknowledge({
      id: "AwsSolutions-APIG4",
      reason:
        "Authentication is in the application, per route, on the raw request: Standard Webhooks or " +
        "Discourse HMAC signatures for webhooks, the admin bearer token for the API, none for /healthz. " +
        "API Gateway authorizers cannot verify a signature over the body.",
    });
  }

  /** The base URL forums and admins use. */
  get url(): string {
    return this.stage.url;
  }
}
