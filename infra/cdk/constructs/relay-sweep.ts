import { Duration } from "aws-cdk-lib";
import { Rule, RuleTargetInput, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { Construct } from "constructs";
import type { DuelFunction } from "./duel-function.js";

/** What the relay receives from the sweep (functions/relay/compose.ts `StreamEvent.sweep`). */
export const SWEEP_EVENT = { sweep: true } as const;

/**
 * Wakes the relay every minute even when nothing is written: an effect that failed waits in the
 * outbox for its backoff, and only a sweep retries it once no new stream record arrives.
 * An EventBridge rule rather than a Scheduler schedule: no role to create or pass, just an invoke
 * permission scoped to this rule, and the timers' schedule group stays the relay's alone.
 */
export class RelaySweep extends Construct {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, relay: DuelFunction) {
    super(scope, id);
    this.rule = new Rule(this, "EveryMinute", {
      description: "Duel referee: the relay's sweep of due outbox effects",
      schedule: Schedule.rate(Duration.minutes(1)),
    });
    this.rule.addTarget(
      new LambdaFunction(relay.fn, {
        event: RuleTargetInput.fromObject(SWEEP_EVENT),
        // A sweep more than two minutes late has been replaced by newer ones.
        maxEventAge: Duration.minutes(2),
        retryAttempts: 2,
      }),
    );
  }
}
