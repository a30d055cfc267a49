/*
 * The CDK stack's tests, as one test file: its worker synthesizes the stack once (./synth.ts) while
 * the slow tier's other files run in the other worker. As separate files they needed a project of
 * one worker of their own, which vitest runs alone, before the rest, one core idle meanwhile.
 * Each suite stays in its own `*.cases.ts`; run one with `npx vitest run test/infra/stack.test.ts -t <name>`.
 */
import "./bundles.cases.js";
import "./nag.cases.js";
import "./functions.cases.js";
import "./iam.cases.js";
import "./alarms.cases.js";
import "./table.cases.js";
import "./operating.cases.js";
import "./tiers.cases.js";
