/**
 * What a synthesized stack bills every month whatever its traffic, counted from its template. Prices
 * are not here (the benchmark keeps them, with their date): this only counts what they apply to.
 *
 *   fixedCosts(template: Template | TemplateJson): FixedCosts
 *
 *   FixedCosts {
 *     alarms: { id, description, metrics, highResolution }[]  every AWS::CloudWatch::Alarm; `metrics`
 *                                 is what CloudWatch bills it for: 1 for an alarm on one metric, the
 *                                 number of metrics (MetricStat) it reads for a metric-math alarm
 *     alarmMetrics: number        Σ metrics of the standard-resolution alarms ($0.10 each a month)
 *     highResolutionAlarmMetrics: number   Σ metrics of the alarms with a period under 60 s ($0.30)
 *     compositeAlarms: string[]   AWS::CloudWatch::CompositeAlarm ids ($0.50 each)
 *     customMetrics: string[]     the custom metrics (namespace not `AWS/`) the alarms and dashboards
 *                                 read, one per namespace/name/dimensions, "Ns/Name{Dim=Value,…}"
 *     metricPublishers: string[]  the functions whose Powertools metrics are not switched off
 *                                 (POWERTOOLS_METRICS_DISABLED): what publishes custom metrics at
 *                                 run time, which a template cannot list ($0.30 per metric a month)
 *     kmsKeys: { id, rotation }[] customer-managed keys ($1 a month; each of the first two automatic
 *                                 rotations adds $1)
 *     secrets: string[]           Secrets Manager secrets ($0.40 each)
 *     advancedParameters: string[] SSM parameters of the Advanced tier ($0.05 each; Standard is free)
 *     dashboards: string[]        CloudWatch dashboards (the account's first 3 free, then $3 each)
 *     logGroups: { id, retentionDays }[]  retentionDays null: kept forever (storage grows)
 *     tracing: { id, mode }[]     each function's X-Ray mode: "Active" records its invocations
 *                                 (Lambda's fixed sampling), "PassThrough" only sampled callers'
 *   }
 */

/** A CloudFormation template as JSON (`Template.toJSON()`, or a `*.template.json` file parsed). */
export interface TemplateJson {
  readonly Resources?: Readonly<Record<string, Resource>>;
}

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation properties, read defensively below.
type Props = Record<string, any>;

interface Resource {
  readonly Type: string;
  readonly Properties?: Props;
}

export interface AlarmCost {
  readonly id: string;
  readonly description: string;
  readonly metrics: number;
  readonly highResolution: boolean;
}

export interface FixedCosts {
  readonly alarms: readonly AlarmCost[];
  readonly alarmMetrics: number;
  readonly highResolutionAlarmMetrics: number;
  readonly compositeAlarms: readonly string[];
  readonly customMetrics: readonly string[];
  readonly metricPublishers: readonly string[];
  readonly kmsKeys: readonly { readonly id: string; readonly rotation: boolean }[];
  readonly secrets: readonly string[];
  readonly advancedParameters: readonly string[];
  readonly dashboards: readonly string[];
  readonly logGroups: readonly { readonly id: string; readonly retentionDays: number | null }[];
  readonly tracing: readonly { readonly id: string; readonly mode: string }[];
}

/** Powertools' "yes" (its getBooleanFromEnv with extended parsing). */
const TRUTHY = new Set(["1", "y", "yes", "t", "true", "on"]);

export function fixedCosts(template: TemplateJson | { toJSON(): unknown }): FixedCosts {
  const json = ("toJSON" in template ? template.toJSON() : template) as TemplateJson;
  const resources = Object.entries(json.Resources ?? {});
  const ofType = (type: string) => resources.filter(([, r]) => r.Type === type);

  const alarms = ofType("AWS::CloudWatch::Alarm").map(([id, r]) => alarmCost(id, r.Properties ?? {}));
  const sum = (list: readonly AlarmCost[]) => list.reduce((total, a) => total + a.metrics, 0);
  const functions = ofType("AWS::Lambda::Function");
  return {
    alarms,
    alarmMetrics: sum(alarms.filter((a) => !a.highResolution)),
    highResolutionAlarmMetrics: sum(alarms.filter((a) => a.highResolution)),
    compositeAlarms: ofType("AWS::CloudWatch::CompositeAlarm").map(([id]) => id),
    customMetrics: [
      ...new Set([
        ...ofType("AWS::CloudWatch::Alarm").flatMap(([, r]) => alarmMetricsRead(r.Properties ?? {})),
        ...ofType("AWS::CloudWatch::Dashboard").flatMap(([, r]) =>
          dashboardMetrics(r.Properties?.DashboardBody),
        ),
      ]),
    ]
      .filter((metric) => !metric.startsWith("AWS/"))
      .sort(),
    metricPublishers: functions
      .filter(([, r]) => {
        const disabled = r.Properties?.Environment?.Variables?.POWERTOOLS_METRICS_DISABLED;
        return !(typeof disabled === "string" && TRUTHY.has(disabled.trim().toLowerCase()));
      })
      .map(([id]) => id),
    kmsKeys: ofType("AWS::KMS::Key").map(([id, r]) => ({
      id,
      rotation: r.Properties?.EnableKeyRotation === true,
    })),
    secrets: ofType("AWS::SecretsManager::Secret").map(([id]) => id),
    advancedParameters: ofType("AWS::SSM::Parameter")
      .filter(([, r]) => r.Properties?.Tier === "Advanced")
      .map(([id]) => id),
    dashboards: ofType("AWS::CloudWatch::Dashboard").map(([id]) => id),
    logGroups: ofType("AWS::Logs::LogGroup").map(([id, r]) => ({
      id,
      retentionDays: typeof r.Properties?.RetentionInDays === "number" ? r.Properties.RetentionInDays : null,
    })),
    tracing: functions.map(([id, r]) => ({ id, mode: r.Properties?.TracingConfig?.Mode ?? "PassThrough" })),
  };
}

function alarmCost(id: string, p: Props): AlarmCost {
  const queries: Props[] = Array.isArray(p.Metrics) ? p.Metrics : [];
  // A metric-math alarm is billed per metric it reads; its expressions are free.
  const metrics = queries.length > 0 ? queries.filter((q) => q.MetricStat).length : 1;
  const periods: number[] =
    queries.length > 0 ? queries.flatMap((q) => (q.MetricStat ? [q.MetricStat.Period] : [])) : [p.Period];
  return {
    id,
    description: typeof p.AlarmDescription === "string" ? p.AlarmDescription : "",
    metrics,
    highResolution: periods.some((period) => typeof period === "number" && period < 60),
  };
}

/** "Namespace/Name{Dim=Value,…}", dimensions sorted; a value CloudFormation resolves shows as `?`. */
function metricKey(namespace: unknown, name: unknown, dimensions: readonly [unknown, unknown][]): string {
  const dims = dimensions
    .map(([k, v]) => `${String(k)}=${typeof v === "string" ? v : "?"}`)
    .sort()
    .join(",");
  return `${String(namespace)}/${String(name)}{${dims}}`;
}

function alarmMetricsRead(p: Props): string[] {
  const pairs = (dims: unknown): [unknown, unknown][] =>
    Array.isArray(dims) ? dims.map((d: Props) => [d.Name, d.Value]) : [];
  if (Array.isArray(p.Metrics)) {
    return p.Metrics.flatMap((q: Props) => {
      const m = q.MetricStat?.Metric;
      return m ? [metricKey(m.Namespace, m.MetricName, pairs(m.Dimensions))] : [];
    });
  }
  return p.MetricName ? [metricKey(p.Namespace, p.MetricName, pairs(p.Dimensions))] : [];
}

/**
 * The metrics a dashboard's widgets graph. Its body is a JSON string, or an `Fn::Join` of strings
 * and references (kept as a placeholder string, enough to parse it and read the literal names).
 */
function dashboardMetrics(body: unknown): string[] {
  const text = joined(body);
  let parsed: { widgets?: { properties?: { metrics?: unknown[][] } }[] };
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return (parsed.widgets ?? []).flatMap((widget) => {
    let previous: unknown[] = [];
    return (widget.properties?.metrics ?? []).flatMap((row) => {
      const fields = row.filter((f) => typeof f !== "object" || f === null);
      if (fields.length < 2) return [];
      // "." repeats the previous row's field at that position (CloudWatch's shorthand).
      const full = fields.map((f, i) => (f === "." ? previous[i] : f));
      previous = full;
      const [namespace, name, ...rest] = full;
      const dims: [unknown, unknown][] = [];
      for (let i = 0; i + 1 < rest.length; i += 2) dims.push([rest[i], rest[i + 1]]);
      return [metricKey(namespace, name, dims)];
    });
  });
}

function joined(body: unknown): string {
  if (typeof body === "string") return body;
  const join = (body as { "Fn::Join"?: [string, unknown[]] } | null)?.["Fn::Join"];
  if (!join) return "";
  const [separator, parts] = join;
  return parts.map((part) => (typeof part === "string" ? part : "?")).join(separator);
}
