import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, Stack, Validations } from "aws-cdk-lib";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { AwsSolutionsChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { addNagChecks } from "../../infra/cdk/nag.js";
import { SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

let synth: Synthesized;
beforeAll(() => {
  // Throws if cdk-nag reports an unacknowledged error: reaching the tests is already the first check.
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);

interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: string;
}

/** Every `Validations.acknowledge` in the tree, where it was made. */
function acknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ path: construct.node.path, id: id.replace(/^annotation::/i, ""), reason })),
  );
}

describe("cdk-nag AwsSolutions", () => {
  it("reports nothing on the stack: no error, no warning", () => {
    const report = new AwsSolutionsChecks(synth.app, { verbose: true }).validateScope(synth.app);
    expect(report.violations).toEqual([]);
    expect(report.success).toBe(true);
  });

  it("leaves the validation report `cdk synth` writes empty (cdk-nag and CloudFormation schema checks)", () => {
    const report = JSON.parse(readFileSync(join(synth.app.outdir, "validation-report.json"), "utf8"));
    expect(report.pluginReports).toEqual([]);
  });

  it("has every acknowledgement explained, and each one silences a real finding there", () => {
    const acks = acknowledgements(synth.app);
    expect(acks.length).toBeGreaterThan(0);
    // What the pack finds when acknowledgements are ignored. isAcknowledged is cdk-nag's private
    // hook (cdk-nag is pinned); overriding it shows which findings the acknowledgements hide.
    const blind = new AwsSolutionsChecks(synth.app);
    (blind as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    const findings = blind.validateScope(synth.app).violations;
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.id} at ${ack.path} needs a real reason`).toBeGreaterThan(60);
      const finding = findings.find((v) => v.ruleName === ack.id);
      const paths = finding?.violatingResources.map((r) => r.constructPath) ?? [];
      expect(
        paths.some((p) => p?.startsWith(`${ack.path}/`) === true),
        `${ack.id} at ${ack.path} matches no finding`,
      ).toBe(true);
    }
  });

  it("makes synthesis fail on an unacknowledged error", () => {
    const outdir = mkdtempSync(join(tmpdir(), "duel-cdk-nag-"));
    try {
      const app = new App({ outdir });
      // No DLQ (SQS3) and no TLS-only policy (SQS4): two AwsSolutions errors.
      new Queue(new Stack(app, "Careless"), "Queue");
      addNagChecks(app);
      expect(() => app.synth()).toThrow(/AwsSolutions-SQS3/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
