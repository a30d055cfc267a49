import { RemovalPolicy, Validations } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  type HttpStage,
  LogGroupLogDestination,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { CfnFunction, IFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";

/** Stage-wide throttling. Forums send a few webhooks a minute; this only stops a flood. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * The anonymous routes' own budget: pings from readers' browsers, the public club pages, the
 * French rules and the board's scripts. Each has its own route and throttle, so a flood of them is refused there (429)
 * and never spends what the forums' signed deliveries need: at ~0.1 s a request, 10 a second keep
 * them to about one of the account's concurrent Lambda executions.
 */
export const ANONYMOUS_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;

/** The paths the webhook function serves; everything else goes to the HTTP function. */
export const WEBHOOK_ROUTE_PATH = "/webhooks/{proxy+}";

/** Anonymous routes, served by the HTTP function under {@link ANONYMOUS_THROTTLE}. */
export const ANONYMOUS_ROUTES = [
  { method: HttpMethod.POST, path: "/webhooks/{forumId}/forumactif/ping" },
  { method: HttpMethod.GET, path: "/club/{proxy+}" },
  { method: HttpMethod.GET, path: "/forums/{forumId}/club" },
  { method: HttpMethod.GET, path: "/forums/{forumId}/club.csv" },
  { method: HttpMethod.GET, path: "/forums/{forumId}/duels/{duelId}/card" },
  { method: HttpMethod.GET, path: "/forumactif/{proxy+}" },
  { method: HttpMethod.GET, path: "/regles" },
  { method: HttpMethod.GET, path: "/regles/{forumId}" },
] as const;

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
    // More specific than `/webhooks/{proxy+}`: pings reach the HTTP function, never the deliveries'.
    const anonymous = new HttpLambdaIntegration("AnonymousHandler", handlers.http);
    for (const { method, path } of ANONYMOUS_ROUTES) {
      this.api.addRoutes({ path, methods: [method], integration: anonymous });
    }
    // Where the account allows it (AWS keeps 10 executions unreserved, so a new account's 10 allow
    // none), `--context webhookConcurrency=N` reserves N executions for the deliveries alone.
    const reserved = Number(scope.node.tryGetContext("webhookConcurrency") ?? 0);
    if (Number.isInteger(reserved) && reserved > 0) {
      const fn = handlers.webhook.node.defaultChild as CfnFunction;
      fn.reservedConcurrentExecutions = reserved;
    }
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
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.routeSettings = Object.fromEntries(
      ANONYMOUS_ROUTES.map(({ method, path }) => [
        `${method} ${path}`,
        {
          ThrottlingRateLimit: ANONYMOUS_THROTTLE.rateLimit,
          ThrottlingBurstLimit: ANONYMOUS_THROTTLE.burstLimit,
        },
      ]),
    );
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
