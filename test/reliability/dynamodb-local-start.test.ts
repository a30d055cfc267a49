import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startDynamoDbLocal } from "../../infra/local/dynamodb-local.js";

/** The command lines of the running processes that name `text` (DynamoDB Local names its -dbPath). */
function processesNaming(text: string): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(text));
}

describe("RELIABILITY 7 DynamoDB Local kept on disk behind its relay", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "duel-dynamodb-start-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("a start on a port already taken fails before Java is started, and leaves no DynamoDB Local running on the data", async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      // No time for Java to answer: the taken port is what refuses the start, Java never runs.
      await expect(startDynamoDbLocal({ dataDir, port, startTimeoutMs: 1 })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
    // Nothing holds the data's file after the failed start.
    expect(processesNaming(dataDir)).toEqual([]);
  }, 120_000);

  it("a start that does not answer in time fails and leaves no DynamoDB Local running on the data", async () => {
    await expect(startDynamoDbLocal({ dataDir, startTimeoutMs: 1 })).rejects.toThrow(/did not answer/);
    expect(processesNaming(dataDir)).toEqual([]);
  }, 120_000);
});
