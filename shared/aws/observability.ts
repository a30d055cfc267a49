import type { DecisionObserver } from "../app/duel-service.js";
import { Correlation } from "../observability/correlation.js";
import { createLogger, type LogLine, logLine } from "../observability/logger.js";
import { createMetricSink, decisionMetrics, type MetricSink } from "../observability/metrics.js";

/** One function's logger, correlation keys and metrics (Powertools), built once per container. */
export interface Observability {
  readonly log: LogLine;
  readonly correlation: Correlation;
  readonly metrics: MetricSink;
  readonly decisions: DecisionObserver;
}

export function functionObservability(
  name: "webhook" | "http" | "timer" | "relay" | "local",
  source: NodeJS.ProcessEnv = process.env,
): Observability {
  const service = `duel-referee-${name}`;
  const logger = createLogger(service, source);
  const correlation = new Correlation(logger);
  const metrics = createMetricSink(service, source);
  return {
    log: logLine(logger),
    correlation,
    metrics,
    decisions: decisionMetrics(metrics, () => correlation.current),
  };
}
