import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";

/** The environment of the Java process serving on `port` (Linux: read from /proc). */
function javaEnvironmentOn(port: string): string[] {
  const line = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .find((l) => l.includes("DynamoDBLocal.jar") && l.includes(`-port ${port}`));
  if (!line) throw new Error(`no DynamoDB Local on port ${port}`);
  const pid = line.trim().split(/\s+/, 1)[0];
  return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
}

describe("the tests' DynamoDB Local (test/support/global-setup.ts)", () => {
  it("runs a Java tuned for a short life, and the flags reach that Java only", () => {
    const port = new URL(inject("dynamoEndpoint")).port;
    const name = "JDK_JAVA_OPTIONS=";
    const options = javaEnvironmentOn(port).find((entry) => entry.startsWith(name));
    expect(options?.slice(name.length).split(" ")).toEqual(
      expect.arrayContaining(["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]),
    );
    // Set only around the spawn: the workers, started after it, did not inherit it.
    expect(process.env.JDK_JAVA_OPTIONS ?? "").not.toContain("-XX:TieredStopAtLevel=1");
  });
});
