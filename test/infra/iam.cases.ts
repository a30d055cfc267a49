import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_ROUTES } from "../../infra/cdk/constructs/http-api.js";
import { TABLE_DATA_ACTIONS } from "../../infra/cdk/table-access.js";
import {
  type Grant,
  getAtt,
  grantsOf,
  logicalId,
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
  it("http: its log group, the table's items, the admin token's one parameter (no kms: aws/ssm)", () => {
    const { http } = synth.stack.functions;
    const parameterArn = {
      "Fn::Join": [
        "",
        [
          "arn:",
          { Ref: "AWS::Partition" },
          ":ssm:",
          { Ref: "AWS::Region" },
          ":",
          { Ref: "AWS::AccountId" },
          ":parameter/DuelReferee/admin-token",
        ],
      ],
    };
    expect(sorted(roleGrants(synth.template, http.role))).toEqual(
      sorted([...logGrants(http.logGroup), ...tableGrants(), ...allow(["ssm:GetParameter"], parameterArn)]),
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

describe("the key that seals the forums' secrets", () => {
  /** The grants of its key policy, by principal. */
  function keyGrants() {
    const { secretsKey } = synth.stack.functions;
    const key = synth.template.findResources("AWS::KMS::Key")[logicalId(secretsKey)];
    const statements = key?.Properties.KeyPolicy.Statement as {
      Principal: { AWS: unknown };
      Action: string | string[];
    }[];
    // CDK merges the statements of several principals with the same actions: one row per principal.
    return statements.flatMap((s) =>
      [s.Principal.AWS].flat().map((principal) => ({
        principal: JSON.stringify(principal),
        actions: [s.Action].flat().sort(),
      })),
    );
  }
  const roleArn = (role: Parameters<typeof getAtt>[0]) => JSON.stringify(getAtt(role));

  it("outlives the stack, like the table it opens, and is not rotated (each rotation adds $1 a month)", () => {
    const { secretsKey } = synth.stack.functions;
    const key = synth.template.findResources("AWS::KMS::Key")[logicalId(secretsKey)];
    expect(key?.Properties.EnableKeyRotation).toBe(false);
    expect(key?.DeletionPolicy).toBe("Retain");
  });

  it("its policy: the functions that read forums decrypt, only the HTTP API (which saves them) makes data keys, the account administers", () => {
    const { webhook, http, timer, relay } = synth.stack.functions;
    const grants = keyGrants();
    const uses = grants.filter((g) =>
      g.actions.some((a) => a === "kms:Decrypt" || a === "kms:GenerateDataKey"),
    );
    expect(uses.sort((a, b) => a.principal.localeCompare(b.principal))).toEqual(
      [
        { principal: roleArn(webhook.role), actions: ["kms:Decrypt"] },
        { principal: roleArn(http.role), actions: ["kms:Decrypt", "kms:GenerateDataKey"] },
        { principal: roleArn(timer.role), actions: ["kms:Decrypt"] },
        { principal: roleArn(relay.role), actions: ["kms:Decrypt"] },
      ].sort((a, b) => a.principal.localeCompare(b.principal)),
    );
    // The account's statement administers the key: no use, no grant, no wildcard.
    const admin = grants.filter((g) => !uses.includes(g));
    expect(admin).toHaveLength(1);
    expect(admin[0]?.actions).not.toContain("kms:*");
    for (const action of admin[0]?.actions ?? []) {
      expect(action).not.toMatch(/\*|Decrypt|Encrypt|GenerateDataKey|CreateGrant|ReEncrypt/);
    }
  });

  it("each function is told the key (SECRETS_KEY_ARN); no identity policy grants a KMS action", () => {
    const { webhook, http, timer, relay, secretsKey } = synth.stack.functions;
    for (const fn of [webhook, http, timer, relay]) {
      const resource = synth.template.findResources("AWS::Lambda::Function")[logicalId(fn.fn)];
      expect(resource?.Properties.Environment.Variables.SECRETS_KEY_ARN).toEqual(getAtt(secretsKey));
      expect(roleGrants(synth.template, fn.role).filter((g) => g.action.startsWith("kms:"))).toEqual([]);
    }
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

  it("in any allowed action (the one key's policy lists its administration action by action)", () => {
    const wildcards = allGrants().flatMap(({ type, grants }) =>
      grants.filter((g) => g.effect === "Allow" && g.action.includes("*")).map((g) => ({ type, ...g })),
    );
    expect(wildcards).toEqual([]);
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
    // One per route: the webhook's, the HTTP function's default and each anonymous route's.
    expect(permissions).toHaveLength(3 + ANONYMOUS_ROUTES.length);
    for (const permission of permissions.filter((p) => p.Principal === "apigateway.amazonaws.com"))
      expect(permission.SourceArn).toEqual({ "Fn::Join": ["", expect.arrayContaining([ref(httpApi.api)])] });
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
