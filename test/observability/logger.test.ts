import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { createLogger, type LogWriter, logLine } from "../../shared/observability/logger.js";

/** A logger whose lines are kept, with the descriptor each went to. */
function kept(source: NodeJS.ProcessEnv = {}) {
  const written: { fd: 1 | 2; text: string }[] = [];
  const write: LogWriter = (fd, text) => written.push({ fd, text });
  const logger = createLogger("duel-referee-webhook", source, write);
  const parsed = () =>
    written.map((w) => ({ fd: w.fd, line: JSON.parse(w.text) as Record<string, unknown> }));
  return { logger, log: logLine(logger), written, parsed };
}

describe("the functions' log lines (docs/DEVELOPERS.md, Operating: one JSON line per entry)", () => {
  it("carry level, message, timestamp, service, the work's keys and the line's attributes, one line each", () => {
    const { logger, log, written, parsed } = kept({ POWERTOOLS_SERVICE_NAME: "duel-referee-timer" });
    logger.appendKeys({ requestId: "req-1", forumId: "poudlard" });
    log({ level: "info", msg: "request", path: "/webhooks/poudlard/generic", status: 200 });
    expect(written.map((w) => w.text.endsWith("}\n") && w.text.indexOf("\n") === w.text.length - 1)).toEqual([
      true,
    ]);
    const { fd, line } = parsed()[0] ?? { fd: 0, line: {} };
    expect(fd).toBe(1);
    expect(line).toEqual({
      level: "INFO",
      message: "request",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      service: "duel-referee-timer",
      requestId: "req-1",
      forumId: "poudlard",
      path: "/webhooks/poudlard/generic",
      status: 200,
    });
    expect(Object.keys(line).slice(0, 4)).toEqual(["level", "message", "timestamp", "service"]);
  });

  it("go to stderr from warn up, and not at all below LOG_LEVEL", () => {
    const { log, parsed } = kept({ LOG_LEVEL: "WARN" });
    log({ level: "debug", msg: "a" });
    log({ level: "info", msg: "b" });
    log({ level: "warn", msg: "c" });
    log({ level: "error", msg: "d" });
    expect(parsed().map(({ fd, line }) => [fd, line.level, line.message])).toEqual([
      [2, "WARN", "c"],
      [2, "ERROR", "d"],
    ]);
    const info = kept({ LOG_LEVEL: "nonsense" });
    info.log({ level: "debug", msg: "a" });
    info.log({ level: "unknown", msg: "b" });
    expect(info.parsed().map(({ fd, line }) => [fd, line.level])).toEqual([[1, "INFO"]]);
  });

  it("lose the work's keys at resetKeys, and name the X-Ray trace Lambda gives", () => {
    vi.stubEnv(
      "_X_AMZN_TRACE_ID",
      "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1",
    );
    try {
      const { logger, log, parsed } = kept();
      logger.appendKeys({ deliveryId: "msg_1" });
      log({ level: "info", msg: "first" });
      logger.resetKeys();
      log({ level: "info", msg: "second" });
      expect(parsed().map(({ line }) => [line.deliveryId, line.xray_trace_id])).toEqual([
        ["msg_1", "1-5759e988-bd862e3fe1be46a994272793"],
        [undefined, "1-5759e988-bd862e3fe1be46a994272793"],
      ]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("write an error as its name, message and stack, a big integer as its digits, and indent under POWERTOOLS_DEV", () => {
    const { log, parsed } = kept();
    log({ level: "error", msg: "failed", error: new TypeError("bad"), count: 12n });
    const line = parsed()[0]?.line ?? {};
    expect(line.error).toMatchObject({
      name: "TypeError",
      message: "bad",
      stack: expect.stringContaining("TypeError: bad"),
    });
    expect(line.count).toBe("12");
    const dev = kept({ POWERTOOLS_DEV: "true" });
    dev.log({ level: "info", msg: "indented" });
    expect(dev.written[0]?.text).toContain('\n    "message": "indented"');
  });

  it("reach the descriptor whole, a long line in several writes; after a full pipe, the stream, in order", async () => {
    // A module of its own: once a line went through the stream, every later one of the process does.
    vi.resetModules();
    const fresh = await import("../../shared/observability/logger.js");
    const chunks: string[] = [];
    const streamed: string[] = [];
    let calls = 0;
    const writeSync = vi.spyOn(fs, "writeSync").mockImplementation(((
      _fd: number,
      chunk: Uint8Array,
      offset?: number | null,
    ) => {
      calls++;
      // The first write takes 10 bytes, the second 20, the third finds the pipe full.
      if (calls >= 3) throw Object.assign(new Error("EAGAIN"), { code: "EAGAIN" });
      const part = Buffer.from(chunk).subarray(offset ?? 0, (offset ?? 0) + (calls === 1 ? 10 : 20));
      chunks.push(part.toString());
      return part.length;
    }) as typeof fs.writeSync);
    const stream = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      streamed.push(Buffer.from(chunk).toString());
      return true;
    });
    try {
      const log = fresh.logLine(fresh.createLogger("duel-referee-relay", {}));
      log({ level: "info", msg: "relay run", records: 3 });
      log({ level: "info", msg: "second" });
    } finally {
      writeSync.mockRestore();
      stream.mockRestore();
      vi.resetModules();
    }
    expect(chunks.map((c) => c.length)).toEqual([10, 20]);
    // The second line did not try the descriptor again (`calls` stayed at 3): it follows the first's end.
    expect(calls).toBe(3);
    const lines = (chunks.join("") + streamed.join("")).split("\n").filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).message)).toEqual(["relay run", "second"]);
  });

  it("never fail their caller: an attribute that refers to itself is written [Circular]", () => {
    const { log, parsed } = kept();
    const loop: Record<string, unknown> = { name: "loop" };
    loop.self = loop;
    expect(() => log({ level: "error", msg: "relay run failed", detail: loop })).not.toThrow();
    expect(parsed()[0]?.line.detail).toEqual({ name: "loop", self: "[Circular]" });
  });
});
