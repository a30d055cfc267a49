import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { localClient } from "../support/harness.js";
import { LongestFirst } from "../support/sequencer.js";
import { filesOf, LONGEST_FIRST, NO_DYNAMODB_IN_UNIT, TIERS, testFiles, tierOf } from "../tiers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("the test tiers (test/tiers.ts)", () => {
  it("stop a unit test that asks for DynamoDB Local, and say where to move it", () => {
    expect(() => inject("dynamoEndpoint")).toThrow(NO_DYNAMODB_IN_UNIT);
    expect(() => localClient()).toThrow(NO_DYNAMODB_IN_UNIT);
  });

  it("put every test file in exactly one tier, this one in unit", () => {
    const all = testFiles(ROOT);
    const tiers = (["unit", "integration", "slow"] as const).map((tier) => filesOf(tier, ROOT));
    expect(tiers.flat().sort()).toEqual(all);
    expect(tierOf("test/architecture/test-tiers.test.ts")).toBe("unit");
    expect(tierOf("test/a-new-directory/anything.test.ts")).toBe("unit");
  });

  it("list only files that exist, each where its directory alone would put it elsewhere", () => {
    const listed = [...TIERS.integration.files, ...TIERS.slow.files, ...TIERS.unit.files, ...LONGEST_FIRST];
    expect(listed.filter((file) => !existsSync(`${ROOT}/${file}`))).toEqual([]);
    const inside = (file: string, directories: readonly string[]) =>
      directories.some((directory) => file.startsWith(`${directory}/`));
    expect(TIERS.integration.files.filter((file) => inside(file, TIERS.integration.directories))).toEqual([]);
    expect(TIERS.slow.files.filter((file) => inside(file, TIERS.slow.directories))).toEqual([]);
    expect(TIERS.unit.files.filter((file) => !inside(file, TIERS.integration.directories))).toEqual([]);
  });

  it("start the listed longest files first, the slow tier before the others, the rest in vitest's order", async () => {
    const spec = (file: string, project: string, groupOrder = 1) =>
      ({
        moduleId: `${ROOT}${file}`,
        project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
      }) as unknown as TestSpecification;
    const files = [
      spec("test/domain/turn.test.ts", "unit"),
      spec("test/forumactif/section-polls.test.ts", "integration"),
      spec("test/app/relay.test.ts", "integration"),
      spec("test/e2e/local-stack.test.ts", "slow"),
      spec("test/reliability/order.test.ts", "slow"),
      spec("test/reliability/storage-faults.test.ts", "slow"),
      spec("test/infra/table.cases.ts", "slow-cdk", 0),
    ];
    // No record of past runs, as in a clean clone.
    const cache = { getFileTestResults: () => undefined, getFileStats: () => undefined };
    const ctx = { config: { root: ROOT }, cache } as unknown as Vitest;
    const sorted = await new LongestFirst(ctx).sort(files);
    expect(sorted.map((s) => `${s.project.name} ${s.moduleId.slice(ROOT.length)}`)).toEqual([
      "slow-cdk test/infra/table.cases.ts",
      "slow test/reliability/storage-faults.test.ts",
      "slow test/reliability/order.test.ts",
      "slow test/e2e/local-stack.test.ts",
      "integration test/forumactif/section-polls.test.ts",
      "integration test/app/relay.test.ts",
      "unit test/domain/turn.test.ts",
    ]);
  });
});
