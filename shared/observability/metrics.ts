import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import type { DecisionObserver, Outcome } from "../app/duel-service.js";
import type { DuelCommand } from "../domain/commands.js";
import { commitConflict, type MetricPoint, metricsOfDecision, senderOf } from "./business-metrics.js";
import type { CorrelationKeys } from "./correlation.js";
import { METRICS_NAMESPACE } from "./namespace.js";

/** Publishes points as EMF lines (CloudWatch extracts the metrics from the function's logs). */
export type MetricSink = (points: readonly MetricPoint[]) => void;

/**
 * A Powertools metrics sink for one function. Each point is published at once as its own EMF
 * blob (`singleMetric`), so its dimensions are its own and nothing waits for a flush at the end of
 * an invocation; `service` is the only dimension every point shares.
 */
export function createMetricSink(service: string, source: NodeJS.ProcessEnv = process.env): MetricSink {
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: source.POWERTOOLS_SERVICE_NAME ?? service,
  });
  return (points) => {
    for (const point of points) {
      const single = metrics.singleMetric();
      if (point.dimensions) single.addDimensions({ ...point.dimensions });
      single.addMetric(point.name, MetricUnit[point.unit], point.value);
    }
  };
}

/** The decider service's observer: the business metrics of every decision, in one place. */
export function decisionMetrics(sink: MetricSink, keys: () => CorrelationKeys): DecisionObserver {
  return {
    decided(command: DuelCommand, outcome: Outcome) {
      sink(metricsOfDecision(outcome.result, outcome.events, senderOf(command, keys().sender)));
    },
    conflicted() {
      sink([commitConflict()]);
    },
  };
}
