import { readdirSync } from "node:fs";
import { join, sep } from "node:path";

/**
 * Which vitest project (tier) runs each test file, by directory with a short list of exceptions.
 *
 * - `unit`: everything that needs no Java, no Chromium, no network and no child process. It is the
 *   default: a new directory of tests lands here, and a unit test that reaches for DynamoDB Local
 *   fails with a message saying to list it under `integration` (test/support/unit-guard.ts).
 * - `integration`: needs the run's one DynamoDB Local (started once by test/support/global-setup.ts).
 * - `slow`: the CDK synthesis (once for all of test/infra), Chromium, `npm start`, child processes and
 *   the reliability suite.
 *
 * Paths are relative to the repository root; a directory takes every test file beneath it.
 */
export const TIERS = {
  integration: {
    directories: [
      "test/adapters/dynamodb",
      "test/admin",
      "test/announce",
      "test/app",
      "test/http",
      "test/local",
      "test/observability",
      "test/records",
      "test/relay",
    ],
    /** Files of other directories that use DynamoDB Local. */
    files: [
      "test/adapters/contract/dynamodb-store.test.ts",
      "test/forumactif/chain-watchdog.test.ts",
      "test/forumactif/ping-cost.test.ts",
      "test/hiboux/desk-link.test.ts",
      "test/hiboux/french.test.ts",
      "test/hiboux/slips.test.ts",
    ],
  },
  slow: {
    directories: ["test/infra", "test/browser", "test/e2e", "test/reliability"],
    /** Files of other directories that spawn a process or bundle with esbuild. */
    files: [
      "test/aws/code-cache.test.ts",
      "test/board/tour-checks.test.ts",
      "test/http/zod-mini.test.ts",
      "test/observability/stack-map.test.ts",
    ],
  },
  unit: {
    /** Files of the integration directories that need nothing but Node (most on the memory store: `memoryHarness`). */
    files: [
      "test/adapters/dynamodb/attributes.test.ts",
      "test/adapters/dynamodb/dedup-keys.test.ts",
      "test/adapters/dynamodb/input-keys.test.ts",
      "test/adapters/dynamodb/post-mark-encoding.test.ts",
      "test/admin/announce-control.test.ts",
      "test/admin/audit-log.test.ts",
      "test/admin/commands.test.ts",
      "test/admin/last-word.test.ts",
      "test/admin/duel-view.test.ts",
      "test/admin/forum-admin-phone.test.ts",
      "test/admin/forum-settings.test.ts",
      "test/admin/login.test.ts",
      "test/admin/pages.test.ts",
      "test/admin/people-and-tokens.test.ts",
      "test/admin/plain-french.test.ts",
      "test/admin/register-duel.test.ts",
      "test/admin/rules-and-time.test.ts",
      "test/admin/rules-page.test.ts",
      "test/admin/security.test.ts",
      "test/announce/forum-settings.test.ts",
      "test/announce/forumactif-replies.test.ts",
      "test/announce/rules-option.test.ts",
      "test/announce/thread-replies.test.ts",
      "test/app/concurrency.test.ts",
      "test/app/duel-queue.test.ts",
      "test/app/group-commit.test.ts",
      "test/app/post-marks.test.ts",
      "test/app/stale-turns.test.ts",
      "test/app/thread-order.test.ts",
      "test/http/audit-and-hiboux.test.ts",
      "test/http/cancel-fault.test.ts",
      "test/http/correction-window.test.ts",
      "test/http/discourse-webhook.test.ts",
      "test/http/duels-commands.test.ts",
      "test/http/error-taxonomy.test.ts",
      "test/http/errors.test.ts",
      "test/http/forum-dice.test.ts",
      "test/http/forums.test.ts",
      "test/http/generic-webhook.test.ts",
      "test/http/last-word.test.ts",
      "test/http/length-limits.test.ts",
      "test/http/order.test.ts",
      "test/http/refused-decisions.test.ts",
      "test/http/same-instant.test.ts",
      "test/http/standard-webhooks.test.ts",
      "test/http/status-access.test.ts",
      "test/http/status-and-clock.test.ts",
      "test/http/webhook-app.test.ts",
      "test/http/xenforo-webhook.test.ts",
      "test/observability/logger.test.ts",
      "test/observability/operating.test.ts",
      "test/records/club-records.test.ts",
      "test/records/club-units.test.ts",
    ],
  },
} as const;

export type Tier = keyof typeof TIERS;

/**
 * The longest test files, longest first: `test/support/sequencer.ts` starts them first in their
 * tier, so that the two workers end together rather than one waiting on a long file started last.
 * A clean clone has no record of past runs; vitest alone would order them by file size. Files not
 * listed follow in vitest's order (durations it recorded on this machine, then size). Keep the list
 * to files of seconds, ordered by what a run prints.
 */
export const LONGEST_FIRST = [
  "test/infra/stack.test.ts",
  "test/reliability/bad-input.test.ts",
  "test/e2e/doc-examples.test.ts",
  "test/reliability/storage-faults.test.ts",
  "test/e2e/npm-start.test.ts",
  "test/browser/access-desk.test.ts",
  "test/reliability/duplicates.test.ts",
  "test/browser/duel-in-board.test.ts",
  "test/browser/desk-phone.test.ts",
  "test/reliability/order.test.ts",
  "test/browser/access.test.ts",
  "test/reliability/burst.test.ts",
  "test/browser/club-page.test.ts",
  "test/e2e/cdk-cli.test.ts",
  "test/forumactif/chain-watchdog.test.ts",
  "test/aws/code-cache.test.ts",
  "test/browser/forumactif-source.test.ts",
  "test/e2e/forumactif-duel.test.ts",
  "test/hiboux/french.test.ts",
  "test/adapters/contract/dynamodb-store.test.ts",
  "test/reliability/access.test.ts",
  "test/parsing/word-count.property.test.ts",
  "test/browser/register-duel.test.ts",
  "test/browser/desk-actions-phone.test.ts",
  "test/browser/admin-page.test.ts",
  "test/hiboux/slips.test.ts",
  "test/adapters/dynamodb/batch-requests.test.ts",
  "test/reliability/concurrency.test.ts",
] as const;

/** What a unit test that asks for DynamoDB Local is told (test/support/unit-guard.ts). */
export const NO_DYNAMODB_IN_UNIT =
  "This test uses DynamoDB Local, which the unit tier does not start: list it under `integration` " +
  "in test/tiers.ts (its file, or its directory if the whole directory needs DynamoDB).";

const within = (file: string, directories: readonly string[]) =>
  directories.some((directory) => file.startsWith(`${directory}/`));

/** The tier of one test file (a path relative to the repository root, with forward slashes). */
export function tierOf(file: string): Tier {
  const listed = (files: readonly string[]) => files.includes(file);
  if (listed(TIERS.slow.files) || within(file, TIERS.slow.directories)) return "slow";
  if (listed(TIERS.unit.files)) return "unit";
  if (listed(TIERS.integration.files) || within(file, TIERS.integration.directories)) return "integration";
  return "unit";
}

/** Every test file under `test/`, relative to `root`. */
export function testFiles(root: string): string[] {
  return readdirSync(join(root, "test"), { recursive: true, encoding: "utf8" })
    .map((file) => `test/${file.split(sep).join("/")}`)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .sort();
}

/** The test files of one tier: a vitest project's `include`. */
export function filesOf(tier: Tier, root: string): string[] {
  return testFiles(root).filter((file) => tierOf(file) === tier);
}
