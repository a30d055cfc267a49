import type { Construct } from "constructs";

/**
 * How much the stack watches, chosen at synth time with `--context observability=basic|full`
 * (docs/DEVELOPERS.md, "Operating"):
 *
 * - `basic` (the default): the three alarms an on-call operator acts on, on AWS's own metrics (free
 *   to publish, $0.10 a month each to alarm on), structured logs, no custom metrics, no dashboard,
 *   no X-Ray traces. What a hobby club can afford.
 * - `full`: everything `basic` has, plus the functions' business metrics (EMF), the dashboard, the
 *   alarms on every function, the API, the table and the business figures, and X-Ray active tracing.
 */
export const OBSERVABILITY_TIERS = ["basic", "full"] as const;
export type ObservabilityTier = (typeof OBSERVABILITY_TIERS)[number];

export const DEFAULT_OBSERVABILITY: ObservabilityTier = "basic";

/** The tier the app's context asks for (`observability`), `basic` when it says nothing. */
export function observabilityOf(scope: Construct): ObservabilityTier {
  const asked = scope.node.tryGetContext("observability") as unknown;
  if (asked === undefined || asked === "") return DEFAULT_OBSERVABILITY;
  const tier = OBSERVABILITY_TIERS.find((t) => t === asked);
  if (!tier) throw new Error(`--context observability=${String(asked)}: expected basic or full`);
  return tier;
}

/**
 * The variables that turn the functions' Powertools metrics and tracer off in `basic`
 * (Powertools' own names: shared/observability/metrics.ts reads the first one before building
 * anything). In `full` nothing is set and both run as Powertools defaults them.
 */
export function observabilityEnvironment(tier: ObservabilityTier): Record<string, string> {
  return tier === "basic" ? { POWERTOOLS_METRICS_DISABLED: "true", POWERTOOLS_TRACE_ENABLED: "false" } : {};
}
