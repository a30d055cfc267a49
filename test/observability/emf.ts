import fs from "node:fs";
import { afterEach, beforeEach, vi } from "vitest";

/** Every line the process writes to stdout and stderr while a test runs: the logs and EMF blobs. */
const written: string[] = [];

/** Registers, for the file's tests, the capture of what the process writes (read with `lines`, `total`). */
export function captureOutput(): void {
  beforeEach(() => {
    written.length = 0;
    // Warnings and errors go to stderr: both streams are read.
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return write(chunk);
      });
    }
    // The functions' logger writes its lines to the descriptors (shared/observability/logger.ts).
    const writeSync = fs.writeSync;
    vi.spyOn(fs, "writeSync").mockImplementation(((fd: number, chunk: Uint8Array, offset?: number | null) => {
      if (fd === 1 || fd === 2)
        written.push(
          Buffer.from(chunk)
            .subarray(offset ?? 0)
            .toString(),
        );
      return writeSync(fd, chunk, offset);
    }) as typeof fs.writeSync);
  });
  afterEach(() => vi.restoreAllMocks());
}

/** The JSON lines written since the test began. */
export function lines(): Record<string, unknown>[] {
  return written
    .flatMap((chunk) => chunk.split("\n"))
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export interface Emf {
  readonly _aws: {
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[];
  };
  readonly [key: string]: unknown;
}

export const isEmf = (line: Record<string, unknown>): line is Emf => "_aws" in line;

/** The sum of a metric over the EMF blobs whose dimensions match `where`. */
export function total(name: string, where: Record<string, string> = {}): number {
  return lines()
    .filter(isEmf)
    .filter((blob) => blob._aws.CloudWatchMetrics.some((m) => m.Metrics.some((x) => x.Name === name)))
    .filter((blob) => Object.entries(where).every(([k, v]) => blob[k] === v))
    .reduce((sum, blob) => sum + Number(blob[name]), 0);
}
