import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, type CfnElement, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import type { IConstruct } from "constructs";
import { DuelStack } from "../../infra/cdk/duel-stack.js";
import { addNagChecks } from "../../infra/cdk/nag.js";

/** Synthesis bundles the four functions with esbuild and runs each once for its code cache: seconds, not milliseconds. */
export const SYNTH_TIMEOUT_MS = 240_000;

export interface Synthesized {
  readonly app: App;
  /** The stack as `cdk synth` builds it, in the default `basic` observability. */
  readonly stack: DuelStack;
  readonly template: Template;
  /** The same stack with `--context observability=full` (infra/cdk/observability.ts). */
  readonly full: { readonly stack: DuelStack; readonly template: Template };
}

let synthesized: Synthesized | undefined;

/**
 * The app as `cdk synth` builds it (and the same stack in the `full` observability beside it): cdk.json's context (feature flags change the template), the nag
 * checks (an unacknowledged error makes synthesis throw), CDK's CloudFormation schema validation,
 * and real bundling. The assembly goes to a temporary directory, never into the repository, removed
 * when the process ends.
 *
 * Synthesis takes seconds, so it happens once per process and every infra test reads the same app:
 * vitest runs test/infra in one worker that keeps its modules from file to file (the `slow-cdk`
 * project of vitest.config.ts). Tests only read it.
 */
export function synthesize(): Synthesized {
  synthesized ??= synthesizeApp();
  return synthesized;
}

function synthesizeApp(): Synthesized {
  const cdkJson = JSON.parse(readFileSync(new URL("../../cdk.json", import.meta.url), "utf8")) as {
    context?: Record<string, unknown>;
  };
  const outdir = mkdtempSync(join(tmpdir(), "duel-cdk-"));
  process.once("exit", () => rmSync(outdir, { recursive: true, force: true }));
  const app = new App({ outdir, context: cdkJson.context ?? {}, builtinCloudFormationValidation: true });
  const stack = new DuelStack(app, "DuelReferee");
  // Both tiers in one app: they share its asset directory, so the functions are bundled once
  // (CDK's asset cache), and the nag checks and schema validation cover both.
  const full = new DuelStack(app, "DuelRefereeFull", { observability: "full" });
  addNagChecks(app);
  const template = Template.fromStack(stack);
  return { app, stack, template, full: { stack: full, template: Template.fromStack(full) } };
}

/** The logical id CloudFormation knows a construct by (its default child for L2 constructs). */
export function logicalId(construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  const stack = Stack.of(construct);
  return stack.resolve(stack.getLogicalId(element)) as string;
}

export const getAtt = (construct: IConstruct, attribute = "Arn") => ({
  "Fn::GetAtt": [logicalId(construct), attribute],
});
export const ref = (construct: IConstruct) => ({ Ref: logicalId(construct) });

/** One allowed (or denied) action on one resource, under its condition: statements, flattened. */
export interface Grant {
  readonly effect: string;
  readonly action: string;
  readonly resource: unknown;
  readonly condition?: unknown;
}

interface Statement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Flattens statements so the comparison ignores how CDK merged or ordered them. */
export function grantsOf(statements: readonly Statement[]): Grant[] {
  return statements.flatMap((s) =>
    list(s.Action).flatMap((action) =>
      list(s.Resource).map((resource) => ({
        effect: s.Effect,
        action,
        resource,
        ...(s.Condition === undefined ? {} : { condition: s.Condition }),
      })),
    ),
  );
}

/** Every grant of the identity policies attached to a role. */
export function roleGrants(template: Template, role: IConstruct): Grant[] {
  const policies = template.findResources("AWS::IAM::Policy", {
    Properties: { Roles: [{ Ref: logicalId(role) }] },
  });
  return Object.values(policies).flatMap((p) =>
    grantsOf(p.Properties.PolicyDocument.Statement as Statement[]),
  );
}

/** Sorted canonical JSON (keys in order), to compare two sets of grants as sets. */
export function sorted(grants: readonly Grant[]): string[] {
  return grants.map((g) => JSON.stringify(canonical(g))).sort();
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
}
