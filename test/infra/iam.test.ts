import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { TABLE_DATA_ACTIONS } from "../../infra/cdk/table-access.js";
import {
  type Grant,
  getAtt,
  grantsOf,
  ref,
  roleGrants,
  SYNTH_TIMEOUT_MS,
  type Synthesized,
  sorted,
  synthesize,
} from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

const allow = (actions: readonly string[], resource: unknown, condition?: unknown): Grant[] =>
  actions.map((action) => ({ effect: "Allow", action, resource, ...(condition ? { condition } : {}) }));

function tableGrants(): Grant[] {
  const { table } = synth.stack.table;
  const index = { "Fn::Join": ["", [getAtt(table), "/index/gsi1"]] };
  return [...allow(TABLE_DATA_ACTIONS, getAtt(table)), ...allow(TABLE_DATA_ACTIONS, index)];
}
/** Its own log group, and its traces (X-Ray's actions have no resource-level permission: `*`). */
const logGrants = (logGroup: Parameters<typeof getAtt>[0]) => [
  ...allow(["logs:CreateLogStream", "logs:PutLogEvents"], getAtt(logGroup)),
  ...allow(["xray:PutTelemetryRecords", "xray:PutTraceSegments"], "*"),
];

describe("the functions' roles grant exactly what each function does", () => {
  it("http: its log group, the table's items, the admin token", () => {
    const { http, adminToken } = synth.stack.functions;
    expect(sorted(roleGrants(synth.template, http.role))).toEqual(
      sorted([
        ...logGrants(http.logGroup),
        ...tableGrants(),
        ...allow(["secretsmanager:GetSecretValue"], ref(adminToken)),
      ]),
    );
  });

  it("webhook: its log group and the table's items, no admin token", () => {
    const { webhook } = synth.stack.functions;
    expect(sorted(roleGrants(synth.template, webhook.role))).toEqual(
      sorted([...logGrants(webhook.logGroup), ...tableGrants()]),
    );
  });

  it("timer: its log group and the table's items", () => {
    const { timer } = synth.stack.functions;
    expect(sorted(roleGrants(synth.template, timer.role))).toEqual(
      sorted([...logGrants(timer.logGroup), ...tableGrants()]),
    );
  });

  it("relay: also the stream, its failure queue, the group's schedules and passing the scheduler role", () => {
    const { relay } = synth.stack.functions;
    const { scheduling, relayStream, table } = synth.stack;
    const schedules = {
      "Fn::Join": [
        "",
        [
          "arn:",
          { Ref: "AWS::Partition" },
          ":scheduler:",
          { Ref: "AWS::Region" },
          ":",
          { Ref: "AWS::AccountId" },
          ":schedule/DuelReferee-timers/*",
        ],
      ],
    };
    expect(sorted(roleGrants(synth.template, relay.role))).toEqual(
      sorted([
        ...logGrants(relay.logGroup),
        ...tableGrants(),
        ...allow(
          ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"],
          getAtt(table.table, "StreamArn"),
        ),
        // No resource-level permission exists for ListStreams: AWS requires `*`.
        ...allow(["dynamodb:ListStreams"], "*"),
        // What CDK's SqsDlq grants for the on-failure destination.
        ...allow(
          ["sqs:GetQueueAttributes", "sqs:GetQueueUrl", "sqs:SendMessage"],
          getAtt(relayStream.failureQueue),
        ),
        ...allow(["scheduler:CreateSchedule", "scheduler:DeleteSchedule"], schedules),
        ...allow(["iam:PassRole"], getAtt(scheduling.role), {
          StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" },
        }),
      ]),
    );
  });
});

describe("the scheduler role", () => {
  it("trusts only EventBridge Scheduler, from this account and this schedule group", () => {
    const { scheduling } = synth.stack;
    synth.template.hasResourceProperties("AWS::IAM::Role", {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Effect: "Allow",
            Action: "sts:AssumeRole",
            Principal: { Service: "scheduler.amazonaws.com" },
            Condition: {
              StringEquals: {
                "aws:SourceAccount": { Ref: "AWS::AccountId" },
                "aws:SourceArn": getAtt(scheduling.group),
              },
            },
          },
        ],
      },
    });
  });

  it("may only invoke the timer function (unqualified ARN) and write to the schedules' DLQ", () => {
    const { scheduling, functions } = synth.stack;
    expect(sorted(roleGrants(synth.template, scheduling.role))).toEqual(
      sorted([
        ...allow(["lambda:InvokeFunction"], getAtt(functions.timer.fn)),
        ...allow(["sqs:SendMessage"], getAtt(scheduling.deadLetterQueue)),
      ]),
    );
  });
});

describe("no wildcard", () => {
  /** Every statement of every identity and resource policy in the template. */
  function allGrants(): { readonly type: string; readonly grants: Grant[] }[] {
    const documents: [string, string][] = [
      ["AWS::IAM::Policy", "PolicyDocument"],
      ["AWS::SQS::QueuePolicy", "PolicyDocument"],
      ["AWS::SNS::TopicPolicy", "PolicyDocument"],
      ["AWS::KMS::Key", "KeyPolicy"],
    ];
    return documents.flatMap(([type, property]) =>
      Object.values(synth.template.findResources(type)).map((r) => ({
        type,
        grants: grantsOf(r.Properties[property].Statement),
      })),
    );
  }

  it("in any allowed action, but the KMS key policy's delegation to the account's IAM", () => {
    const wildcards = allGrants().flatMap(({ type, grants }) =>
      grants.filter((g) => g.effect === "Allow" && g.action.includes("*")).map((g) => ({ type, ...g })),
    );
    // AWS's default key policy: without it the key could not be administered at all. It grants
    // nothing by itself (an IAM policy must still allow, and none in this stack does).
    expect(wildcards).toEqual([
      {
        type: "AWS::KMS::Key",
        effect: "Allow",
        action: "kms:*",
        resource: "*",
      },
    ]);
  });

  it("in any identity policy's resource, but dynamodb:ListStreams and X-Ray's two actions", () => {
    const stars = allGrants()
      .filter(({ type }) => type === "AWS::IAM::Policy")
      .flatMap(({ grants }) => grants.filter((g) => g.resource === "*"));
    const actions = new Set(stars.map((g) => g.action));
    expect([...actions].sort()).toEqual([
      "dynamodb:ListStreams",
      "xray:PutTelemetryRecords",
      "xray:PutTraceSegments",
    ]);
  });

  it("no managed policy at all", () => {
    synth.template.resourceCountIs("AWS::IAM::ManagedPolicy", 0);
    synth.template.resourcePropertiesCountIs("AWS::IAM::Role", { ManagedPolicyArns: Match.anyValue() }, 0);
  });

  it("invocations: API Gateway the webhook and HTTP functions from this API, EventBridge the relay from the sweep rule", () => {
    const { functions, httpApi, relaySweep } = synth.stack;
    const permissions = Object.values(synth.template.findResources("AWS::Lambda::Permission")).map(
      (p) => p.Properties,
    );
    expect(permissions).toHaveLength(3);
    expect(permissions).toEqual(
      expect.arrayContaining([
        {
          Action: "lambda:InvokeFunction",
          Principal: "apigateway.amazonaws.com",
          FunctionName: getAtt(functions.webhook.fn),
          SourceArn: { "Fn::Join": ["", expect.arrayContaining([ref(httpApi.api)])] },
        },
        {
          Action: "lambda:InvokeFunction",
          Principal: "apigateway.amazonaws.com",
          FunctionName: getAtt(functions.http.fn),
          SourceArn: { "Fn::Join": ["", expect.arrayContaining([ref(httpApi.api)])] },
        },
        {
          Action: "lambda:InvokeFunction",
          Principal: "events.amazonaws.com",
          FunctionName: getAtt(functions.relay.fn),
          SourceArn: getAtt(relaySweep.rule),
        },
      ]),
    );
  });
});
