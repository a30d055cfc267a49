import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

describe("the table", () => {
  it("has the single-table keys, the gsi1 index (outbox and timer attributes projected, never the state) and expiresAt as TTL", () => {
    synth.template.resourceCountIs("AWS::DynamoDB::Table", 1);
    synth.template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
        { AttributeName: "gsi1pk", AttributeType: "S" },
        { AttributeName: "gsi1sk", AttributeType: "S" },
      ]),
      GlobalSecondaryIndexes: [
        {
          IndexName: "gsi1",
          KeySchema: [
            { AttributeName: "gsi1pk", KeyType: "HASH" },
            { AttributeName: "gsi1sk", KeyType: "RANGE" },
          ],
          Projection: {
            ProjectionType: "INCLUDE",
            NonKeyAttributes: Match.arrayWith(["attempts", "nextAttemptAt", "timer"]),
          },
        },
      ],
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  it("keeps an outbox entry's effect (its `payload`: the hiboux' texts) and a duel's state out of gsi1, whose projection is the one deployed stacks were created with (it cannot change in place)", () => {
    const [table] = Object.values(synth.template.findResources("AWS::DynamoDB::Table"));
    const [gsi1] = table?.Properties.GlobalSecondaryIndexes ?? [];
    expect(gsi1.Projection.NonKeyAttributes).not.toContain("payload");
    expect(gsi1.Projection.NonKeyAttributes).not.toContain("state");
    expect(gsi1.Projection.NonKeyAttributes).toEqual([
      "id",
      "duelId",
      "createdAt",
      "effect",
      "attempts",
      "nextAttemptAt",
      "doneAt",
      "lastError",
      "failedAt",
      "timer",
      "record",
    ]);
  });

  it("is on demand, streams new images, and is encrypted with the AWS-managed key", () => {
    synth.template.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      StreamSpecification: { StreamViewType: "NEW_IMAGE" },
      // SSEEnabled without a KMS key id: the aws/dynamodb key, not the AWS-owned default.
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: Match.absent() },
    });
  });

  it("survives: point-in-time recovery, deletion protection, retained on stack deletion", () => {
    synth.template.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });
});

describe("the dead-letter queues", () => {
  it("are encrypted, keep messages 14 days, and refuse requests without TLS", () => {
    const queues = synth.template.findResources("AWS::SQS::Queue");
    expect(Object.keys(queues)).toHaveLength(2);
    for (const queue of Object.values(queues)) {
      expect(queue.Properties).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
    }
    synth.template.resourcePropertiesCountIs(
      "AWS::SQS::QueuePolicy",
      {
        PolicyDocument: {
          Statement: [
            Match.objectLike({
              Effect: "Deny",
              Action: "sqs:*",
              Principal: { AWS: "*" },
              Condition: { Bool: { "aws:SecureTransport": "false" } },
            }),
          ],
        },
      },
      2,
    );
  });
});

describe("the schedule group", () => {
  it("is named after the stack", () => {
    synth.template.hasResourceProperties("AWS::Scheduler::ScheduleGroup", { Name: "DuelReferee-timers" });
  });
});
