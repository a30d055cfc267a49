import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import type { DecisionObserver, Outcome } from "../app/duel-service.js";
import type { DuelCommand } from "../domain/commands.js";
import { commitConflict, type MetricPoint, metricsOfDecision, senderOf } from "./business-metrics.js";
import type { CorrelationKeys } from "./correlation.js";
import { envFlag } from "./env-flag.js";
import { METRICS_NAMESPACE } from "./namespace.js";

/** Publishes points as EMF lines (CloudWatch extracts the metrics from the function's logs). */
export type MetricSink = (points: readonly MetricPoint[]) => void;

/**
 * A Powertools metrics sink for one function. Each point is published at once as its own EMF
 * blob, so its dimensions are its own and nothing waits for a flush at the end of an invocation;
 * `service` is the only dimension every point shares. The sink's own buffer is published point by
 * point rather than through `singleMetric()`, which builds a whole `Metrics` for each point: the
 * same line, for a fraction of the work on every decision (`bench/end-to-end.ts` prices a point).
 */
export function createMetricSink(service: string, source: NodeJS.ProcessEnv = process.env): MetricSink {
  // The stack's `basic` observability (infra/cdk/observability.ts) publishes no custom metric, each
  // being $0.30 a month: the points are dropped before any EMF is built. Logs stay as they are.
  if (metricsDisabled(source)) return () => {};
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: source.POWERTOOLS_SERVICE_NAME ?? service,
  });
  return (points) => {
    for (const point of points) {
      try {
        if (point.dimensions) metrics.addDimensions({ ...point.dimensions });
        metrics.addMetric(point.name, MetricUnit[point.unit], point.value);
        metrics.publishStoredMetrics();
      } finally {
        // A point refused half-way leaves nothing behind for the next one.
        metrics.clearMetrics();
        metrics.clearDimensions();
      }
    }
  };
}

/** Powertools' own switch, `POWERTOOLS_METRICS_DISABLED`, read as Powertools reads it. */
export function metricsDisabled(source: NodeJS.ProcessEnv): boolean {
  return envFlag(source.POWERTOOLS_METRICS_DISABLED);
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
