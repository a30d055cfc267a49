/**
 * AWS list prices the cost run uses, in one place: region us-east-1 (N. Virginia), USD, on-demand,
 * free tier not counted. Read on 2026-12-07 from the pages below (stored copies of the AWS pricing
 * pages, checked against the published figures quoted by third-party summaries of 2025–2026).
 * Change a price here and `npm run bench` writes the new month into bench/results.json and
 * docs/COSTS.md.
 */
export const PRICES = {
  region: "us-east-1",
  readOn: "2026-12-07",
  sources: [
    "https://aws.amazon.com/lambda/pricing/",
    "https://aws.amazon.com/api-gateway/pricing/",
    "https://aws.amazon.com/dynamodb/pricing/on-demand/",
    "https://aws.amazon.com/cloudwatch/pricing/",
    "https://aws.amazon.com/xray/pricing/",
    "https://aws.amazon.com/kms/pricing/",
    "https://aws.amazon.com/secrets-manager/pricing/",
    "https://aws.amazon.com/systems-manager/pricing/",
    "https://aws.amazon.com/eventbridge/pricing/",
    "https://aws.amazon.com/ec2/pricing/on-demand/#Data_Transfer",
  ],
  lambda: {
    perRequest: 0.2 / 1e6,
    perGbSecondArm: 0.0000133334,
    perGbSecondX86: 0.0000166667,
  },
  /** HTTP API, the first 300 million requests a month. */
  apiGatewayPerRequest: 1.0 / 1e6,
  dynamodb: {
    perWriteUnit: 0.625 / 1e6,
    perReadUnit: 0.125 / 1e6,
    perGbMonth: 0.25,
    /** Streams' GetRecords made by a Lambda trigger are free (0.02 per 100,000 otherwise). */
    streamReadsByLambda: 0,
  },
  cloudwatch: {
    perAlarmMetric: 0.1,
    perHighResolutionAlarmMetric: 0.3,
    perCompositeAlarm: 0.5,
    /** Per metric a month, prorated by the hour the metric is sent in. */
    perCustomMetric: 0.3,
    perDashboard: 3.0,
    logsPerGbIngested: 0.5,
    logsPerGbMonthStored: 0.03,
  },
  xrayPerTrace: 5.0 / 1e6,
  kms: { perKey: 1.0, perRequest: 0.03 / 10_000 },
  secretsManagerPerSecret: 0.4,
  /** Parameter Store: standard parameters (SecureString too) and standard throughput cost nothing. */
  ssm: { perStandardParameter: 0, perAdvancedParameter: 0.05 },
  /** EventBridge Scheduler bills invocations; its API calls (create, delete) are not billed. */
  schedulerPerInvocation: 1.0 / 1e6,
  dataOutPerGb: 0.09,
} as const;

/**
 * What the cost run cannot measure on this machine, taken at its upper bound and said in
 * docs/COSTS.md.
 */
export const ASSUMPTIONS = {
  /** Every invocation taken as a cold start (a small club's posts are hours apart), its init billed. */
  initMsPerInvocation: 250,
  /** Lambda's own START/END/REPORT lines in JSON log format, per invocation. */
  platformLogBytesPerInvocation: 700,
  /** One hibou over HTTPS (request and answer). */
  bytesPerHibou: 2_000,
  /** A club keeps a year of duels in its table. */
  monthsStored: 12,
} as const;
