import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/support/sequencer.js";
import { filesOf } from "./test/tiers.js";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const DYNAMODB_LOCAL = "test/support/global-setup.ts";
const FAST_CHECK = "test/support/fast-check-setup.ts";

/**
 * Three tiers (test/tiers.ts says which file goes where): `npm run test:unit` is the inner loop,
 * `npm test` runs them all. Two workers suit the two-core CI machine, and every tier's workers keep
 * their modules between files; the CDK synthesis of test/infra runs once, in the worker that runs
 * test/infra/stack.test.ts.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // The longest files first, in every tier (test/tiers.ts, LONGEST_FIRST).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 1 },
          // Threads that keep their modules from file to file: these tests share no state but
          // the modules' own, and loading vitest and the code once per worker halves the tier's time.
          pool: "threads",
          isolate: false,
          include: filesOf("unit", ROOT),
          setupFiles: ["test/support/unit-guard.ts", FAST_CHECK],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          // Forks that keep their modules from file to file, so the AWS SDK and the app load once
          // per worker, not once per file: each file makes its own table, and a test restores
          // what it changes (spies, environment).
          isolate: false,
          include: filesOf("integration", ROOT),
          globalSetup: [DYNAMODB_LOCAL],
          setupFiles: [FAST_CHECK],
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          sequence: { groupOrder: 1 },
          // As `integration`: the reliability suite's record of what it saw is emptied after each file.
          // The CDK stack's suites are one file (test/infra/stack.test.ts): one worker synthesizes once.
          isolate: false,
          include: filesOf("slow", ROOT),
          globalSetup: [DYNAMODB_LOCAL],
          setupFiles: [FAST_CHECK],
        },
      },
    ],
  },
});
