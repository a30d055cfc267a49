import { createHash } from "node:crypto";
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from "@aws-sdk/client-scheduler";
import type { SchedulerPort, TimerFiring, TimerSpec } from "../ports/scheduler.js";

/** What the EventBridge Scheduler adapter needs; the client is built once in the composition root. */
export interface EventBridgeSchedulerOptions {
  readonly client: SchedulerClient;
  readonly groupName: string;
  /** The timer Lambda's ARN; it receives a TimerFiring as its event. */
  readonly targetArn: string;
  /** The role Scheduler assumes to invoke the target. */
  readonly roleArn: string;
  /** An SQS queue for firings Scheduler could not deliver after its retries. */
  readonly deadLetterArn?: string;
  readonly now: () => Date;
  /** Runs a timer already due (or too close to schedule) in-process. */
  readonly fireNow: (timer: TimerSpec) => Promise<void>;
}

/**
 * The least lead a schedule is created with: Scheduler refuses `at()` times in the past, and one
 * created seconds ahead may land in the past by the time it is evaluated. A timer already due fires
 * at once, in-process; one due sooner than this is scheduled this far ahead, so it fires up to this
 * much late, never early. Firing it at once instead would run it before its time, and a chain whose
 * next link is always this close (a Forumactif topic read every 30 s or every minute) would run
 * link after link with no pause, reading the board back to back. The firing carries `timer.at`, so
 * the decider sees the scheduled time either way.
 */
export const MIN_LEAD_MS = 60_000;

const NAME_MAX = 64;
const HASH_LENGTH = 10;

/**
 * The schedule name of a timer: valid for Scheduler (1–64 of `[0-9a-zA-Z-_.]`) and deterministic.
 * A name that had to change (invalid characters, too long) ends with a hash of the original, so two
 * timers never collapse into one schedule: `duel-42:reply:3` → `duel-42-reply-3-<hash>`.
 */
export function scheduleName(timer: Pick<TimerSpec, "name">): string {
  const sanitized = timer.name.replace(/[^0-9a-zA-Z\-_.]/g, "-");
  if (sanitized === timer.name && sanitized.length > 0 && sanitized.length <= NAME_MAX) return sanitized;
  const hash = createHash("sha256").update(timer.name).digest("hex").slice(0, HASH_LENGTH);
  const prefix = sanitized.slice(0, NAME_MAX - HASH_LENGTH - 1);
  return prefix === "" ? `timer-${hash}` : `${prefix}-${hash}`;
}

/**
 * A one-time schedule expression, `at(yyyy-mm-ddThh:mm:ss)` in UTC. Scheduler takes whole seconds,
 * so a fraction rounds up: a timer never fires before it is due.
 */
export function at(instant: Date | string): string {
  const ms = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid timer instant: ${String(instant)}`);
  const seconds = new Date(Math.ceil(ms / 1000) * 1000);
  return `at(${seconds.toISOString().slice(0, 19)})`;
}

/** SchedulerPort on EventBridge Scheduler: one one-time schedule per timer, deleted once fired. */
export class EventBridgeScheduler implements SchedulerPort {
  constructor(private readonly options: EventBridgeSchedulerOptions) {}

  async schedule(timer: TimerSpec): Promise<void> {
    const due = Date.parse(timer.at);
    if (Number.isNaN(due)) throw new RangeError(`Invalid timer instant: ${timer.at}`);
    const now = this.options.now().getTime();
    if (due <= now) {
      await this.options.fireNow(timer);
      return;
    }
    const fireAt = due - now < MIN_LEAD_MS ? new Date(now + MIN_LEAD_MS) : timer.at;
    const firing: TimerFiring = { timer };
    const { deadLetterArn } = this.options;
    try {
      await this.options.client.send(
        new CreateScheduleCommand({
          Name: scheduleName(timer),
          GroupName: this.options.groupName,
          ScheduleExpression: at(fireAt),
          ScheduleExpressionTimezone: "UTC",
          FlexibleTimeWindow: { Mode: "OFF" },
          ActionAfterCompletion: "DELETE",
          State: "ENABLED",
          Description: `${timer.kind} ${timer.duelId}`.slice(0, 512),
          Target: {
            Arn: this.options.targetArn,
            RoleArn: this.options.roleArn,
            Input: JSON.stringify(firing),
            RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 86_400 },
            ...(deadLetterArn === undefined ? {} : { DeadLetterConfig: { Arn: deadLetterArn } }),
          },
        }),
      );
    } catch (error) {
      // Names are deterministic (duel, kind, version): an existing schedule is this very timer.
      if (error instanceof ConflictException || hasName(error, "ConflictException")) return;
      throw error;
    }
  }

  async cancel(timer: Pick<TimerSpec, "name" | "duelId">): Promise<void> {
    try {
      await this.options.client.send(
        new DeleteScheduleCommand({ Name: scheduleName(timer), GroupName: this.options.groupName }),
      );
    } catch (error) {
      // Already fired (and deleted after completion) or never created: cancelled all the same.
      if (error instanceof ResourceNotFoundException || hasName(error, "ResourceNotFoundException")) return;
      throw error;
    }
  }
}

/** A second SDK copy in a bundle breaks `instanceof`; the error name does not change. */
function hasName(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}
