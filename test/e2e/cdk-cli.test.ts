import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Manifest } from "aws-cdk-lib/cloud-assembly-schema";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const NOTICE = /NodeVersionSupportWarning|require node >=/;

/**
 * An empty cloud assembly: `--app` on it spares the CLI the app's synthesis (a minute of bundling),
 * and `bootstrap` on an explicit environment builds the CLI's AWS SDK clients, which is when the
 * SDK prints its notice that its releases after January 2027 need Node 22. Fake credentials, no
 * instance metadata: the CLI fails to reach AWS, as it should here.
 */
const assembly = mkdtempSync(join(tmpdir(), "duel-cdk-cli-"));
writeFileSync(
  join(assembly, "manifest.json"),
  JSON.stringify({ version: Manifest.version(), artifacts: {} }),
);
afterAll(() => rmSync(assembly, { recursive: true, force: true }));

const bootstrap = ["bootstrap", "aws://123456789012/eu-west-3", "--app", assembly];
const env = {
  ...process.env,
  AWS_REGION: "eu-west-3",
  AWS_ACCESS_KEY_ID: "AKIAEXAMPLEFAKE",
  AWS_SECRET_ACCESS_KEY: "fake",
  AWS_EC2_METADATA_DISABLED: "true",
  CDK_DISABLE_CLI_TELEMETRY: "true",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: undefined,
};
const run = (command: string, args: readonly string[]) =>
  spawnSync(command, args, { cwd: root, env, encoding: "utf8", timeout: 60_000 });

describe("README's deploy: the CDK CLI on the operator's Node", () => {
  it("`npm run cdk -- …` prints no Node-version notice, which the bare CLI prints on Node 20", () => {
    const quiet = run("npm", ["run", "--silent", "cdk", "--", ...bootstrap]);
    // The CLI ran (not npm refusing an unknown script): it read the assembly, and found it empty.
    expect(quiet.stderr).toMatch(/contains no stacks|Bootstrapping/);
    expect(quiet.stderr).not.toMatch(NOTICE);
    // What the script spares: on a Node under 22, the CLI run bare prints the notice.
    if (Number(process.versions.node.split(".")[0]) < 22) {
      expect(run(join(root, "node_modules/.bin/cdk"), bootstrap).stderr).toMatch(NOTICE);
    }
  }, 120_000);
});
