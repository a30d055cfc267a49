import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE, esbuildOptions, lambdaBundling } from "../../infra/cdk/bundling.js";
import { FUNCTION_ENVIRONMENT } from "../../infra/cdk/constructs/functions.js";
import { FUNCTION_ENTRIES, type FunctionName, PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { logicalId, SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

const NAMES = Object.keys(FUNCTION_ENTRIES) as FunctionName[];

/** Dummy values shaped like the real ones; nothing here reaches AWS. */
const DUMMY: Record<(typeof FUNCTION_ENVIRONMENT)[FunctionName][number], string> = {
  TABLE_NAME: "DuelReferee-Table-TEST",
  ADMIN_TOKEN_SECRET_ARN: "arn:aws:secretsmanager:eu-west-3:123456789012:secret:AdminToken-AbCdEf",
  SCHEDULE_GROUP_NAME: "DuelReferee-timers",
  TIMER_FUNCTION_ARN: "arn:aws:lambda:eu-west-3:123456789012:function:DuelReferee-Timer",
  SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/DuelReferee-Scheduler",
  SCHEDULER_DLQ_ARN: "arn:aws:sqs:eu-west-3:123456789012:DuelReferee-DeadLetters",
};

/** What Lambda provides, plus exactly the variables the stack gives this function. */
function lambdaLikeEnvironment(name: FunctionName): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_OPTIONS: "--enable-source-maps",
    AWS_REGION: "eu-west-3",
    AWS_DEFAULT_REGION: "eu-west-3",
    AWS_ACCESS_KEY_ID: "AKIDTEST",
    AWS_SECRET_ACCESS_KEY: "test",
    AWS_EC2_METADATA_DISABLED: "true",
    AWS_LAMBDA_FUNCTION_NAME: `DuelReferee-${name}`,
    POWERTOOLS_SERVICE_NAME: `duel-referee-${name}`,
    LOG_LEVEL: "INFO",
    ...Object.fromEntries(FUNCTION_ENVIRONMENT[name].map((key) => [key, DUMMY[key]])),
  };
}

const outdir = mkdtempSync(join(tmpdir(), "duel-bundles-"));
let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
}, SYNTH_TIMEOUT_MS);
afterAll(() => {
  synth?.cleanup();
  rmSync(outdir, { recursive: true, force: true });
});

describe("the bundles, built as deployed", () => {
  it("share their options with the stack's NodejsFunctions", () => {
    expect(lambdaBundling()).toEqual({
      forceDockerBundling: false,
      target: BUNDLE.target,
      format: "esm",
      minify: BUNDLE.minify,
      sourceMap: BUNDLE.sourcemap,
      banner: BUNDLE.banner,
      mainFields: BUNDLE.mainFields,
      externalModules: [],
      commandHooks: expect.any(Object),
    });
    // Beside the bundle: the rules text the admin page links every verdict to.
    const hooks = lambdaBundling().commandHooks;
    expect(hooks?.afterBundling("/src", "/out")).toEqual([
      'mkdir -p "/out/docs"',
      'cp "/src/docs/RULES.md" "/out/docs/RULES.md"',
    ]);
  });

  for (const name of NAMES) {
    it(`${name}: bundles everything, and a fresh node imports it and finds \`handler\``, async () => {
      const dir = join(outdir, name);
      const result = await build(esbuildOptions(FUNCTION_ENTRIES[name], dir, PROJECT_ROOT));
      expect(result.errors).toEqual([]);
      const bundle = join(dir, BUNDLE.outputFile);

      // Byte for byte the code `cdk synth` staged for this function: same esbuild, same options.
      const staged = synth.template.toJSON().Resources[logicalId(synth.stack.functions[name].fn)];
      const assetHash = String(staged.Properties.Code.S3Key).replace(/\.zip$/, "");
      const deployed = readFileSync(join(synth.app.outdir, `asset.${assetHash}`, BUNDLE.outputFile), "utf8");
      expect(readFileSync(bundle, "utf8")).toBe(deployed);

      // A fresh process, as a cold start: a dependency left out of the bundle fails here.
      const script = [
        `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
        `if (typeof m.handler !== "function") { console.error("handler is " + typeof m.handler); process.exit(3); }`,
      ].join("\n");
      const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: dir,
        env: lambdaLikeEnvironment(name),
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status, run.stderr).toBe(0);
    });
  }
});
