import { type PollerDeps, type PollResult, type PollTrigger, TopicPoller } from "../app/topic-poller.js";
import type { MetricPoint } from "./business-metrics.js";
import type { MetricSink } from "./metrics.js";

/** One read of a Forumactif topic, by result (`read`, `unchanged`, `resting`, `failed`; unwatched ones not). */
export function pollMetrics(result: PollResult): MetricPoint[] {
  if (result.status === "not_watched") return [];
  const points: MetricPoint[] = [
    { name: "ForumactifPolls", value: 1, unit: "Count", dimensions: { Result: result.status } },
  ];
  // One series without dimension for the alarm on failed reads.
  if (result.status === "failed") points.push({ name: "ForumactifPollFailures", value: 1, unit: "Count" });
  return points;
}

/** The poller, its every read counted (the edges build this one; the poller itself knows no metric). */
export class ObservedPoller extends TopicPoller {
  constructor(
    deps: PollerDeps,
    private readonly metrics: MetricSink,
  ) {
    super(deps);
  }

  override async poll(duelId: string, trigger: PollTrigger): Promise<PollResult> {
    const result = await super.poll(duelId, trigger);
    this.metrics(pollMetrics(result));
    return result;
  }
}
