import { Match } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE, NODE_MAJOR } from "../../infra/cdk/bundling.js";
import { LAMBDA_RUNTIME } from "../../infra/cdk/constructs/duel-function.js";
import { FUNCTION_ENVIRONMENT } from "../../infra/cdk/constructs/functions.js";
import { getAtt, logicalId, ref, SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);
afterAll(() => synth?.cleanup());

const SETTINGS = {
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

  for (const name of ["http", "timer", "relay"] as const) {
    it(`${name}: ESM bundle on nodejs22.x, arm64, JSON logs to its own log group, only its variables`, () => {
      const fn = synth.stack.functions[name];
      const variables = Object.fromEntries(FUNCTION_ENVIRONMENT[name].map((key) => [key, Match.anyValue()]));
      expect(synth.template.toJSON().Resources[logicalId(fn.fn)].Properties).toMatchObject({
        Runtime: "nodejs22.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
        Timeout: SETTINGS[name].timeout,
        MemorySize: SETTINGS[name].memory,
        Role: getAtt(fn.role),
        LoggingConfig: { LogFormat: "JSON", LogGroup: ref(fn.logGroup) },
      });
      synth.template.hasResourceProperties("AWS::Lambda::Function", {
        Environment: {
          Variables: Match.exact({
            NODE_OPTIONS: "--enable-source-maps",
            POWERTOOLS_SERVICE_NAME: `duel-referee-${name}`,
            LOG_LEVEL: "INFO",
            ...variables,
          }),
        },
        LoggingConfig: { LogFormat: "JSON", LogGroup: ref(fn.logGroup) },
      });
    });
  }

  it("log for a month", () => {
    const groups = Object.values(synth.template.findResources("AWS::Logs::LogGroup"));
    expect(groups).toHaveLength(4); // three functions and the API's access log
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
});

describe("the HTTP API", () => {
  it("sends every request to the HTTP function through $default, with payload v2", () => {
    synth.template.resourceCountIs("AWS::ApiGatewayV2::Route", 1);
    synth.template.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "$default" });
    synth.template.hasResourceProperties("AWS::ApiGatewayV2::Integration", {
      IntegrationType: "AWS_PROXY",
      IntegrationUri: getAtt(synth.stack.functions.http.fn),
      PayloadFormatVersion: "2.0",
    });
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
