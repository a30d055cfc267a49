import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLE, NODE_MAJOR } from "../../infra/cdk/bundling.js";
import { LAMBDA_RUNTIME } from "../../infra/cdk/constructs/duel-function.js";
import { DESK_URL_READERS, FUNCTION_ENVIRONMENT } from "../../infra/cdk/constructs/functions.js";
import { WEBHOOK_ROUTE_PATH } from "../../infra/cdk/constructs/http-api.js";
import { OUTBOX_SORT_KEY_PREFIX } from "../../infra/cdk/constructs/relay-stream.js";
import { SWEEP_EVENT } from "../../infra/cdk/constructs/relay-sweep.js";
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

  it("never carry the admin token itself, only its secret's ARN", () => {
    synth.template.hasResourceProperties("AWS::Lambda::Function", {
      Environment: {
        Variables: Match.objectLike({ ADMIN_TOKEN_SECRET_ARN: ref(synth.stack.functions.adminToken) }),
      },
    });
    synth.template.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
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

  it("sends /webhooks/* to the webhook function and everything else to the HTTP function, payload v2", () => {
    synth.template.resourceCountIs("AWS::ApiGatewayV2::Route", 2);
    expect(routeTargets()).toEqual({
      [`ANY ${WEBHOOK_ROUTE_PATH}`]: getAtt(synth.stack.functions.webhook.fn),
      $default: getAtt(synth.stack.functions.http.fn),
    });
    expect(WEBHOOK_ROUTE_PATH).toBe("/webhooks/{proxy+}");
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
  it("give the API URL, the table, the admin token's secret and the schedule group", () => {
    const outputs = synth.template.toJSON().Outputs;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(["ApiUrl", "TableName", "AdminTokenSecretArn", "ScheduleGroupName"]),
    );
    expect(outputs.TableName.Value).toEqual(ref(synth.stack.table.table));
    expect(outputs.AdminTokenSecretArn.Value).toEqual(ref(synth.stack.functions.adminToken));
    expect(outputs.ScheduleGroupName.Value).toBe("DuelReferee-timers");
    expect(JSON.stringify(outputs.ApiUrl.Value)).toContain(".execute-api.");
  });
});
