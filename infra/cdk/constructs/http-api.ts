import { RemovalPolicy, Validations } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { HttpApi, HttpMethod, type HttpStage, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";

/** Stage-wide throttling. Forums send a few webhooks a minute; this only stops a flood. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** The paths the webhook function serves; everything else goes to the HTTP function. */
export const WEBHOOK_ROUTE_PATH = "/webhooks/{proxy+}";

/** The functions behind the API. */
export interface DuelHttpApiHandlers {
  /** The forums' deliveries: `/webhooks/*`, any method (its app answers 404 to all but POST). */
  readonly webhook: IFunction;
  /** Everything else (admin pages, admin and referee API, `/healthz`, docs). */
  readonly http: IFunction;
}

/**
 * The public HTTPS endpoint. `/webhooks/*` goes to the webhook function; every other path and method
 * to the HTTP function through the `$default` route, which also matches `/`. Hono routes within each.
 */
export class DuelHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, handlers: DuelHttpApiHandlers) {
    super(scope, id);
    this.api = new HttpApi(this, "Api", {
      description: "Duel referee: forum webhooks, admin and referee API",
      // Payload format 2.0 is HttpLambdaIntegration's default and what Hono's aws-lambda adapter reads.
      defaultIntegration: new HttpLambdaIntegration("Handler", handlers.http),
      // The default stage is declared below, to give it throttling and access logs.
      createDefaultStage: false,
    });
    this.api.addRoutes({
      path: WEBHOOK_ROUTE_PATH,
      methods: [HttpMethod.ANY],
      integration: new HttpLambdaIntegration("WebhookHandler", handlers.webhook),
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
        // `$context.path` has no query string: a `?token=…` (refused with 400) never reaches the logs either.
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
