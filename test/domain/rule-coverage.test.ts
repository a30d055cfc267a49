import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? testFiles(path) : /\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("rule coverage", () => {
  it("every rule id of docs/RULES.md is named by at least one test", () => {
    const rules = readFileSync("docs/RULES.md", "utf8");
    const ids = [
      ...new Set(
        [...rules.matchAll(/\*\*(R-[0-9]+\.[0-9]+a?)\b/g), ...rules.matchAll(/^\| (R-[0-9.]+) \|/gm)].map(
          (m) => m[1] ?? "",
        ),
      ),
    ];
    expect(ids.length).toBeGreaterThan(40);
    const tests = testFiles("test")
      .filter((f) => !f.endsWith("rule-coverage.test.ts"))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const missing = ids.filter((id) => !new RegExp(`${id.replace(".", "\\.")}(?![0-9a-z])`).test(tests));
    expect(missing).toEqual([]);
  });
});
