import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { localClient } from "../support/harness.js";
import { filesOf, NO_DYNAMODB_IN_UNIT, TIERS, testFiles, tierOf } from "../tiers.js";

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
    const listed = [...TIERS.integration.files, ...TIERS.slow.files, ...TIERS.unit.files];
    expect(listed.filter((file) => !existsSync(`${ROOT}/${file}`))).toEqual([]);
    const inside = (file: string, directories: readonly string[]) =>
      directories.some((directory) => file.startsWith(`${directory}/`));
    expect(TIERS.integration.files.filter((file) => inside(file, TIERS.integration.directories))).toEqual([]);
    expect(TIERS.slow.files.filter((file) => inside(file, TIERS.slow.directories))).toEqual([]);
    expect(TIERS.unit.files.filter((file) => !inside(file, TIERS.integration.directories))).toEqual([]);
  });
});
