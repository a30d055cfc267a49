import { describe, expect, it } from "vitest";
import { createMetricSink } from "../../shared/observability/metrics.js";
import { METRICS_NAMESPACE } from "../../shared/observability/namespace.js";
import { captureOutput, isEmf, lines } from "./emf.js";

captureOutput();

describe("the metric sink", () => {
  it("publishes each point as an EMF line of its own, with its own dimensions and none of the point before", () => {
    const sink = createMetricSink("webhook", {});
    sink([
      { name: "Deliveries", unit: "Count", value: 1, dimensions: { Sender: "generic", Result: "applied" } },
      { name: "TurnsResolved", unit: "Count", value: 1 },
    ]);
    sink([{ name: "Faults", unit: "Count", value: 2, dimensions: { Kind: "action" } }]);
    const emf = lines().filter(isEmf);
    expect(emf.map((l) => l._aws.CloudWatchMetrics[0]?.Dimensions)).toEqual([
      [["service", "Sender", "Result"]],
      [["service"]],
      [["service", "Kind"]],
    ]);
    expect(emf.map((l) => l._aws.CloudWatchMetrics[0]?.Namespace)).toEqual(Array(3).fill(METRICS_NAMESPACE));
    expect(emf.map(({ _aws, ...rest }) => rest)).toEqual([
      { service: "webhook", Sender: "generic", Result: "applied", Deliveries: 1 },
      { service: "webhook", TurnsResolved: 1 },
      { service: "webhook", Kind: "action", Faults: 2 },
    ]);
  });

  it("publishes nothing when the stack's basic observability disables custom metrics (POWERTOOLS_METRICS_DISABLED)", () => {
    for (const value of ["true", "1", "TRUE"]) {
      const sink = createMetricSink("webhook", { POWERTOOLS_METRICS_DISABLED: value });
      sink([{ name: "TurnsResolved", unit: "Count", value: 1 }]);
    }
    expect(lines().filter(isEmf)).toEqual([]);
    // Off only when it says so: "false" keeps them.
    createMetricSink("webhook", { POWERTOOLS_METRICS_DISABLED: "false" })([
      { name: "TurnsResolved", unit: "Count", value: 1 },
    ]);
    expect(lines().filter(isEmf)).toHaveLength(1);
  });
});
