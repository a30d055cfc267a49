import { ArnFormat, Stack, Validations } from "aws-cdk-lib";
import { PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import { CfnScheduleGroup } from "aws-cdk-lib/aws-scheduler";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { deadLetterQueue } from "./secure-queue.js";

/**
 * EventBridge Scheduler as the duels' clock: one one-time schedule per timer, created and deleted
 * by the relay, firing the timer function. The retry policy and the DLQ are set per schedule by
 * shared/adapters/eventbridge-scheduler.ts; this construct provides what those schedules refer to.
 */
export class Scheduling extends Construct {
  readonly groupName: string;
  readonly group: CfnScheduleGroup;
  /** Firings Scheduler could not deliver after its retries. */
  readonly deadLetterQueue: Queue;
  /** The role Scheduler assumes to invoke the timer function: it can do nothing else. */
  readonly role: Role;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    // A literal name (not generated): it appears in the relay's environment, in its policy's ARN and
    // in the console; prefixed by the stack so two stages can share an account.
    this.groupName = `${stack.stackName}-timers`;
    this.group = new CfnScheduleGroup(this, "Group", { name: this.groupName });
    this.deadLetterQueue = deadLetterQueue(this, "DeadLetters", "the timer schedules");

    this.role = new Role(this, "Role", {
      description: "Assumed by EventBridge Scheduler to fire the duel referee's timers",
      // Confused-deputy guard: only schedules of this account, in this group, may use the role.
      assumedBy: new ServicePrincipal("scheduler.amazonaws.com").withConditions({
        StringEquals: { "aws:SourceAccount": stack.account, "aws:SourceArn": this.group.attrArn },
      }),
    });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ["sqs:SendMessage"], resources: [this.deadLetterQueue.queueArn] }),
    );
  }

  /** `arn:…:schedule/<group>/*`: the schedules of this group, whatever their data-derived names. */
  get schedulesArn(): string {
    return Stack.of(this).formatArn({
      service: "scheduler",
      resource: "schedule",
      resourceName: `${this.groupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /**
   * Lets Scheduler invoke the timer function, by its unqualified ARN only: the schedules target that
   * ARN (no version or alias), so `:*` would grant invocations nothing ever asks for.
   */
  allowInvoke(timer: IFunction): void {
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ["lambda:InvokeFunction"], resources: [timer.functionArn] }),
    );
  }

  /** What the relay needs to create and delete schedules in this group, and nothing more. */
  grantManageSchedules(role: Role): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ["scheduler:CreateSchedule", "scheduler:DeleteSchedule"],
        resources: [this.schedulesArn],
      }),
    );
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${this.groupName}/*]`,
      reason:
        "Schedule names derive from the timers (duel, kind, version) and are only known at run time; " +
        "the wildcard is confined to this stack's schedule group.",
    });
    // CreateSchedule names the role the schedule will run as: passing it is a separate permission,
    // limited to this one role and to Scheduler as the receiver.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ["iam:PassRole"],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
      }),
    );
  }
}
