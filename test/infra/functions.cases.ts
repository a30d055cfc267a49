import { App, Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { Code, Function as LambdaFunction, Runtime } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLE, NODE_MAJOR } from "../../infra/cdk/bundling.js";
import { LAMBDA_RUNTIME } from "../../infra/cdk/constructs/duel-function.js";
import { DESK_URL_READERS, FUNCTION_ENVIRONMENT } from "../../infra/cdk/constructs/functions.js";
import {
  ANONYMOUS_ROUTES,
  ANONYMOUS_THROTTLE,
  API_THROTTLE,
  DuelHttpApi,
  WEBHOOK_ROUTE_PATH,
} from "../../infra/cdk/constructs/http-api.js";
import { OUTBOX_SORT_KEY_PREFIX } from "../../infra/cdk/constructs/relay-stream.js";
import { SWEEP_EVENT } from "../../infra/cdk/constructs/relay-sweep.js";
import { observabilityEnvironment } from "../../infra/cdk/observability.js";
import { keys } from "../../shared/adapters/dynamodb/table.js";
import { getAtt, logicalId, ref, SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

/** The variables CDK sets for the Parameters and Secrets extension. */
const EXTENSION_VARIABLE = /^(PARAMETERS_SECRETS_EXTENSION_|SECRETS_MANAGER_|SSM_PARAMETER_STORE_)/;

function resourceOf(construct: Parameters<typeof logicalId>[0]) {
  return synth.template.toJSON().Resources[logicalId(construct)];
}

const SETTINGS = {
  webhook: { timeout: 10, memory: 512 },
  http: { timeout: 10, memory: 512 },
  timer: { timeout: 30, memory: 256 },
  relay: { timeout: 60, memory: 256 },
} as const;

describe("the functions", () => {
  it("run the runtime the bundle targets", () => {
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${NODE_MAJOR}.x`);
    expect(BUNDLE.target).toBe(`node${NODE_MAJOR}`);
    expect(NODE_MAJOR).toBe(22);
  });

  for (const name of ["webhook", "http", "timer", "relay"] as const) {
    it(`${name}: ESM bundle on nodejs22.x, arm64, JSON logs to its own log group, only its variables`, () => {
      const fn = synth.stack.functions[name];
      const properties = resourceOf(fn.fn).Properties;
      expect(properties).toMatchObject({
        Runtime: "nodejs22.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
        Timeout: SETTINGS[name].timeout,
        MemorySize: SETTINGS[name].memory,
        Role: getAtt(fn.role),
        LoggingConfig: { LogFormat: "JSON", LogGroup: ref(fn.logGroup) },
      });
      const variables = properties.Environment.Variables;
      expect(variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: `duel-referee-${name}`,
        LOG_LEVEL: "INFO",
      });
      const own = Object.keys(variables).filter((key) => !EXTENSION_VARIABLE.test(key));
      expect(own.sort()).toEqual(
        [
          "POWERTOOLS_SERVICE_NAME",
          "LOG_LEVEL",
          ...Object.keys(observabilityEnvironment("basic")),
          ...FUNCTION_ENVIRONMENT[name],
          ...(DESK_URL_READERS.some((reader) => reader === name) ? ["DESK_URL"] : []),
        ].sort(),
      );
    });
  }

  it("CONTRACT 6.1 the deciding functions get DESK_URL, the API's own address, without a dependency cycle", () => {
    const resources = synth.template.toJSON().Resources;
    const apiId = logicalId(synth.stack.httpApi.api);
    for (const name of DESK_URL_READERS) {
      const deskUrl = resourceOf(synth.stack.functions[name].fn).Properties.Environment.Variables.DESK_URL;
      expect(JSON.stringify(deskUrl), name).toContain(`"Ref":"${apiId}"`);
    }
    expect(
      resourceOf(synth.stack.functions.relay.fn).Properties.Environment.Variables.DESK_URL,
    ).toBeUndefined();
    // The API itself depends on no function, so functions may refer to it.
    expect(JSON.stringify(resources[apiId])).not.toMatch(/Functions/);
  });

  it("http alone has the Parameters and Secrets extension (arm64 build), which reads the admin token", () => {
    const { webhook, http, timer, relay } = synth.stack.functions;
    const layers = resourceOf(http.fn).Properties.Layers;
    expect(layers).toEqual([
      { "Fn::FindInMap": [expect.any(String), { Ref: "AWS::Region" }, "1x0x103xarm64"] },
    ]);
    expect(resourceOf(http.fn).Properties.Environment.Variables).toMatchObject({
      PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: "2773",
      PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED: "true",
    });
    for (const other of [webhook, timer, relay]) {
      const properties = resourceOf(other.fn).Properties;
      expect(properties.Layers).toBeUndefined();
      expect(Object.keys(properties.Environment.Variables).filter((k) => EXTENSION_VARIABLE.test(k))).toEqual(
        [],
      );
    }
  });

  it("log for a month", () => {
    const groups = Object.values(synth.template.findResources("AWS::Logs::LogGroup"));
    expect(groups).toHaveLength(5); // four functions and the API's access log
    for (const group of groups) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it("never carry the admin token itself, only its SecureString parameter's name, which the operator creates", () => {
    synth.template.hasResourceProperties("AWS::Lambda::Function", {
      Environment: { Variables: Match.objectLike({ ADMIN_TOKEN_PARAMETER: "/DuelReferee/admin-token" }) },
    });
    // CloudFormation cannot create a SecureString, and no Secrets Manager secret ($0.40 a month) is left.
    synth.template.resourceCountIs("AWS::SSM::Parameter", 0);
    synth.template.resourceCountIs("AWS::SecretsManager::Secret", 0);
  });
});

describe("the relay on the table's stream", () => {
  it("reads from the oldest record, in small bisected batches, reporting item failures to a queue", () => {
    const { table, relayStream, functions } = synth.stack;
    synth.template.resourceCountIs("AWS::Lambda::EventSourceMapping", 1);
    synth.template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      EventSourceArn: getAtt(table.table, "StreamArn"),
      FunctionName: ref(functions.relay.fn),
      StartingPosition: "TRIM_HORIZON",
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      ParallelizationFactor: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      DestinationConfig: { OnFailure: { Destination: getAtt(relayStream.failureQueue) } },
    });
  });

  it("is woken only by outbox entries written or updated, as the relay's own filter expects", () => {
    const [mapping] = Object.values(synth.template.findResources("AWS::Lambda::EventSourceMapping"));
    const filters = mapping?.Properties.FilterCriteria.Filters as { Pattern: string }[];
    expect(filters.map((f) => JSON.parse(f.Pattern))).toEqual([
      {
        eventName: ["INSERT", "MODIFY"],
        dynamodb: { Keys: { sk: { S: [{ prefix: OUTBOX_SORT_KEY_PREFIX }] } } },
      },
    ]);
    expect(
      keys.outbox("duel-1", "2026-11-30T10:00:00.000Z", "e1").sk.startsWith(OUTBOX_SORT_KEY_PREFIX),
    ).toBe(true);
  });

  it("is also swept every minute, and a failed sweep is not retried (the next one replaces it)", () => {
    const { relay } = synth.stack.functions;
    synth.template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(1 minute)",
      State: "ENABLED",
      Targets: [Match.objectLike({ Arn: getAtt(relay.fn), Input: JSON.stringify(SWEEP_EVENT) })],
    });
    expect(SWEEP_EVENT).toEqual({ sweep: true });
    synth.template.hasResourceProperties("AWS::Lambda::EventInvokeConfig", {
      FunctionName: ref(relay.fn),
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: 120,
    });
  });
});

describe("the HTTP API", () => {
  /** Which function each route's integration invokes, by route key. */
  function routeTargets(): Record<string, unknown> {
    const { Resources } = synth.template.toJSON();
    const routes = Object.values(synth.template.findResources("AWS::ApiGatewayV2::Route"));
    return Object.fromEntries(
      routes.map((route) => {
        const integrationId = String(route.Properties.Target["Fn::Join"][1][1].Ref);
        const integration = Resources[integrationId].Properties;
        expect(integration).toMatchObject({ IntegrationType: "AWS_PROXY", PayloadFormatVersion: "2.0" });
        return [route.Properties.RouteKey, integration.IntegrationUri];
      }),
    );
  }

  it("CONTRACT 8 sends /webhooks/* to the webhook function, pings, club pages, the French rules and the board's scripts to the HTTP function on routes of their own, everything else to it too, payload v2", () => {
    const http = getAtt(synth.stack.functions.http.fn);
    expect(routeTargets()).toEqual({
      [`ANY ${WEBHOOK_ROUTE_PATH}`]: getAtt(synth.stack.functions.webhook.fn),
      "POST /webhooks/{forumId}/forumactif/ping": http,
      "GET /club/{proxy+}": http,
      "GET /forums/{forumId}/club": http,
      "GET /forums/{forumId}/club.csv": http,
      "GET /forums/{forumId}/duels/{duelId}/card": http,
      "GET /forumactif/{proxy+}": http,
      "GET /regles": http,
      "GET /regles/{forumId}": http,
      $default: http,
    });
    expect(WEBHOOK_ROUTE_PATH).toBe("/webhooks/{proxy+}");
  });

  it("CONTRACT 8 anonymous routes have a throttle of their own, below the deliveries' which they cannot spend", () => {
    const [stage] = Object.values(synth.template.findResources("AWS::ApiGatewayV2::Stage"));
    const settings = stage?.Properties.RouteSettings as Record<string, Record<string, number>>;
    expect(Object.keys(settings).sort()).toEqual(
      ANONYMOUS_ROUTES.map(({ method, path }) => `${method} ${path}`).sort(),
    );
    for (const setting of Object.values(settings)) {
      expect(setting).toEqual({
        ThrottlingRateLimit: ANONYMOUS_THROTTLE.rateLimit,
        ThrottlingBurstLimit: ANONYMOUS_THROTTLE.burstLimit,
      });
    }
    expect(ANONYMOUS_THROTTLE.rateLimit).toBeLessThan(API_THROTTLE.rateLimit);
    // No reservation unless asked for: a new account's 10 executions allow none.
    for (const fn of Object.values(synth.template.findResources("AWS::Lambda::Function")))
      expect(fn.Properties).not.toHaveProperty("ReservedConcurrentExecutions");
  });

  it("CONTRACT 8 --context webhookConcurrency=N reserves N executions for the deliveries' function alone", () => {
    const stack = new Stack(new App({ context: { webhookConcurrency: 5 } }), "Reserved");
    const fn = (id: string) =>
      new LambdaFunction(stack, id, {
        runtime: Runtime.NODEJS_22_X,
        handler: "index.handler",
        code: Code.fromInline("exports.handler = async () => ({})"),
      });
    const webhook = fn("Webhook");
    new DuelHttpApi(stack, "Api", { webhook, http: fn("Http") });
    const reserved = Object.entries(Template.fromStack(stack).findResources("AWS::Lambda::Function")).map(
      ([id, resource]) => [id.replace(/[0-9A-F]{8}$/, ""), resource.Properties.ReservedConcurrentExecutions],
    );
    expect(reserved).toEqual([
      ["Webhook", 5],
      ["Http", undefined],
    ]);
  });

  it("throttles its default stage and writes access logs without query strings", () => {
    synth.template.resourceCountIs("AWS::ApiGatewayV2::Stage", 1);
    synth.template.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp("context.path") },
    });
    const [stage] = Object.values(synth.template.findResources("AWS::ApiGatewayV2::Stage"));
    expect(stage?.Properties.AccessLogSettings.Format).not.toMatch(/requestUri|querystring/i);
  });
});

describe("the outputs", () => {
  it("give the API URL, the table, the admin token's parameter name and the schedule group", () => {
    const outputs = synth.template.toJSON().Outputs;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(["ApiUrl", "TableName", "AdminTokenParameterName", "ScheduleGroupName"]),
    );
    expect(outputs.TableName.Value).toEqual(ref(synth.stack.table.table));
    expect(outputs.AdminTokenParameterName.Value).toBe("/DuelReferee/admin-token");
    expect(outputs.ScheduleGroupName.Value).toBe("DuelReferee-timers");
    expect(JSON.stringify(outputs.ApiUrl.Value)).toContain(".execute-api.");
  });
});
