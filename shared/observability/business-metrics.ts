import type { DuelCommand } from "../domain/commands.js";
import type { DuelEvent } from "../domain/events.js";

/** One figure to publish: a count or a duration, under its own dimensions. */
export interface MetricPoint {
  readonly name: string;
  readonly value: number;
  readonly unit: "Count" | "Milliseconds";
  readonly dimensions?: Readonly<Record<string, string>>;
}

const count = (name: string, dimensions?: Record<string, string>): MetricPoint =>
  dimensions ? { name, value: 1, unit: "Count", dimensions } : { name, value: 1, unit: "Count" };

/** Who sent a command when the edge did not say: a timer, a referee, the API. */
export function senderOf(command: DuelCommand, edgeSender: string | undefined): string {
  if (command.type === "timer.fired") return "timer";
  if (command.type === "referee") return `referee-${command.by.via}`;
  if (command.type === "register") return "api";
  return edgeSender ?? "unknown";
}

/**
 * The business figures of one decision, derived from its events in this one place: the delivery by
 * sender and result, then one point per event that counts (turns resolved, faults by kind,
 * sanctions, disqualifications, correction windows). A duplicate carries the first answer's
 * events: only the delivery is counted, so nothing is counted twice.
 */
export function metricsOfDecision(
  result: "applied" | "duplicate" | "ignored",
  events: readonly DuelEvent[],
  sender: string,
): MetricPoint[] {
  const points = [count("Deliveries", { Sender: sender, Result: result })];
  if (result === "duplicate") return points;
  for (const event of events) {
    const point = metricOfEvent(event);
    if (point) points.push(point);
  }
  return points;
}

function metricOfEvent(event: DuelEvent): MetricPoint | undefined {
  switch (event.type) {
    case "turn.played":
      return count("TurnsResolved");
    case "fault.action":
      return count("Faults", { Kind: "action" });
    case "fault.absence":
      return count("Faults", { Kind: "absence" });
    case "sanction.applied":
      return count("Sanctions", { Kind: event.kind });
    case "duelist.disqualified":
      return count("Disqualifications");
    case "correction.opened":
      return count("CorrectionWindows", { Outcome: "opened" });
    case "correction.accepted":
      return count("CorrectionWindows", { Outcome: "accepted" });
    case "correction.expired":
      return count("CorrectionWindows", { Outcome: "expired" });
    default:
      return undefined;
  }
}

/** One answer of an HTTP function, by status class: the webhook's 4xx rate says a forum is misconfigured. */
export function answerMetric(status: number): MetricPoint {
  return count("Answers", { Class: `${Math.floor(status / 100)}xx` });
}

/** A commit that lost to another writer and is decided again. */
export const commitConflict = (): MetricPoint => count("CommitConflicts");

/**
 * What became of one attempt at an effect (`notify`: a hibou, by its channel's type, `discord`,
 * `discourse`…; `timers`; `announce`).
 * A hibou failed for good is also counted without its channel: one figure for its alarm.
 */
export function effectMetrics(
  kind: string,
  channel: string,
  result: "delivered" | "retried" | "failed",
): MetricPoint[] {
  const points = [count("Effects", { Kind: kind, Channel: channel, Result: result })];
  if (kind === "notify" && result === "failed") points.push(count("HibouxFailedForGood"));
  return points;
}

/** A chain of reads of a Forumactif topic found overdue and re-armed by the sweep: one was lost. */
export const chainsRearmed = (): MetricPoint => count("PollChainsRearmed");

/** How late a timer fired: fired at − due at (EventBridge Scheduler's delay plus the cold start). */
export function timerLateness(dueAt: string, firedAt: Date): MetricPoint {
  // One series for every kind of timer: it is what the lateness alarm reads.
  return {
    name: "TimerLateness",
    value: Math.max(0, firedAt.getTime() - Date.parse(dueAt)),
    unit: "Milliseconds",
  };
}
