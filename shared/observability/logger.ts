import fs from "node:fs";
import { envFlag } from "./env-flag.js";
import { mappedStack } from "./stack-map.js";

/** What the app's parts log through: one structured line, `level` and `msg` among its keys. */
export type LogLine = (line: Record<string, unknown>) => void;

const LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LEVELS)[number];

/** Where a line goes: the process's stdout (1) or stderr (2); the text ends with its newline. */
export type LogWriter = (fd: 1 | 2, text: string) => void;

/**
 * A function's logger: one JSON line per entry with `level`, `message`, `timestamp`, `service`, the
 * X-Ray trace id when Lambda gives one, the keys of the work in progress (`appendKeys`), then the
 * line's own attributes, which Lambda's JSON log format keeps as they are. Debug and info go to
 * stdout, warn and error to stderr; below the logger's level, nothing.
 *
 * The fields are those of Powertools' Logger, which this replaces for one reason: Powertools writes
 * through a `Console` on `process.stdout`, whose stream a cold start builds for its first line
 * (8 ms of CPU on a pipe, against 1.5 ms for a line written to the file descriptor).
 */
export class Logger {
  private keys: Record<string, unknown> = {};

  constructor(
    private readonly service: string,
    private readonly threshold: Level,
    private readonly write: LogWriter = toDescriptor,
    private readonly indent = 0,
  ) {}

  /** Keys on every line from now on, until `resetKeys`. */
  appendKeys(keys: Record<string, unknown>): void {
    Object.assign(this.keys, keys);
  }

  resetKeys(): void {
    this.keys = {};
  }

  log(level: Level, message: string, attributes: Record<string, unknown> = {}): void {
    if (LEVELS.indexOf(level) < LEVELS.indexOf(this.threshold)) return;
    const line = {
      level: level.toUpperCase(),
      message,
      timestamp: new Date().toISOString(),
      service: this.service,
      xray_trace_id: traceId(process.env._X_AMZN_TRACE_ID),
      ...this.keys,
      ...attributes,
    };
    this.write(level === "warn" || level === "error" ? 2 : 1, `${stringified(line, this.indent)}\n`);
  }
}

/**
 * The logger of one function (or of the local stack). Its service is `POWERTOOLS_SERVICE_NAME` and
 * its level `LOG_LEVEL` (set per environment by the stack); locally, `POWERTOOLS_DEV` (the name the
 * Powertools metrics and tracer read too) indents the lines, readable in a terminal.
 */
export function createLogger(
  service: string,
  source: NodeJS.ProcessEnv = process.env,
  write: LogWriter = toDescriptor,
): Logger {
  const indent = envFlag(source.POWERTOOLS_DEV) ? 4 : 0;
  return new Logger(source.POWERTOOLS_SERVICE_NAME ?? service, levelOf(source.LOG_LEVEL), write, indent);
}

function levelOf(value: string | undefined): Level {
  const level = value?.trim().toLowerCase();
  return LEVELS.find((l) => l === level) ?? "info";
}

/** The descriptors whose stream took a line's end: their later lines follow it there, in order. */
const streamed = new Set<1 | 2>();

/**
 * Straight to the descriptor, all of it (a write may take part of a long line). What the descriptor
 * refuses (a full non-blocking pipe) goes through the stream, which queues it; from then on that
 * descriptor's lines go through the stream too, so that none overtakes the queued end. A stream's
 * error (a closed pipe) is not the request's: it is ignored, as Node's `Console` ignores it.
 */
function toDescriptor(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text);
  let written = 0;
  if (!streamed.has(fd)) {
    try {
      while (written < bytes.length) written += fs.writeSync(fd, bytes, written);
      return;
    } catch {
      streamed.add(fd);
      (fd === 1 ? process.stdout : process.stderr).on("error", () => {});
    }
  }
  (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(written));
}

/** The trace id in Lambda's `_X_AMZN_TRACE_ID` (`Root=1-…;Parent=…;Sampled=1`). */
function traceId(header: string | undefined): string | undefined {
  return header
    ?.split(";")
    .find((part) => part.startsWith("Root="))
    ?.slice("Root=".length);
}

/** The line as JSON; an attribute that refers to itself is written `[Circular]` rather than failing the line. */
function stringified(line: object, indent: number): string {
  try {
    return JSON.stringify(line, jsonValue, indent);
  } catch {
    const seen = new WeakSet<object>();
    return JSON.stringify(
      line,
      (key, value: unknown) => {
        const shown = jsonValue(key, value);
        if (typeof shown !== "object" || shown === null) return shown;
        if (seen.has(shown)) return "[Circular]";
        seen.add(shown);
        return shown;
      },
      indent,
    );
  }
}

/** An error as its name, message and stack; a big integer as its digits (JSON has neither). */
function jsonValue(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return typeof value === "bigint" ? value.toString() : value;
}

/**
 * The app's `log(line)` on a logger: `level` picks the level, `msg` is the message, the other keys
 * are the line's attributes, next to the correlation keys the edge appended. A `stack` points into
 * the TypeScript sources (the bundles run without `--enable-source-maps`).
 */
export function logLine(logger: Logger): LogLine {
  return (line) => {
    const { level, msg, ...attributes } = line;
    const chosen: Level = LEVELS.includes(level as Level) ? (level as Level) : "info";
    if (typeof attributes.stack === "string") attributes.stack = mappedStack(attributes.stack);
    logger.log(chosen, typeof msg === "string" ? msg : "log", attributes);
  };
}
