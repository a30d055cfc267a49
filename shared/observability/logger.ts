import { Logger } from "@aws-lambda-powertools/logger";
import { mappedStack } from "./stack-map.js";

/** What the app's parts log through: one structured line, `level` and `msg` among its keys. */
export type LogLine = (line: Record<string, unknown>) => void;

const LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LEVELS)[number];

/**
 * The Powertools logger of one function (or of the local stack). Its service is
 * `POWERTOOLS_SERVICE_NAME` and its level `LOG_LEVEL` (set per environment by the stack); locally,
 * `POWERTOOLS_DEV` makes it print indented JSON through the console, readable in a terminal.
 */
export function createLogger(service: string, source: NodeJS.ProcessEnv = process.env): Logger {
  return new Logger({
    serviceName: source.POWERTOOLS_SERVICE_NAME ?? service,
    logLevel: levelOf(source.LOG_LEVEL),
  });
}

function levelOf(value: string | undefined): "DEBUG" | "INFO" | "WARN" | "ERROR" {
  const level = value?.toLowerCase();
  return LEVELS.includes(level as Level) ? ((level ?? "info").toUpperCase() as "INFO") : "INFO";
}

/**
 * The app's `log(line)` on a Powertools logger: `level` picks the method, `msg` is the message, the
 * other keys are the line's attributes, next to the correlation keys the edge appended. A `stack`
 * points into the TypeScript sources (the bundles run without `--enable-source-maps`).
 */
export function logLine(logger: Logger): LogLine {
  return (line) => {
    const { level, msg, ...attributes } = line;
    const method: Level = LEVELS.includes(level as Level) ? (level as Level) : "info";
    if (typeof attributes.stack === "string") attributes.stack = mappedStack(attributes.stack);
    logger[method](typeof msg === "string" ? msg : "log", attributes);
  };
}
