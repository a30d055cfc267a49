import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runModuleScript } from "../infra/cdk/code-cache.js";
import { bundle } from "./bundles.js";
import { startFakeKms } from "./fake-kms.js";
import { median, round } from "./stats.js";

/**
 * What the KMS client costs a webhook's cold first turn, apart: `npx tsx bench/kms-share.ts`
 * (RUNS, default 9). A fresh process bundled as the functions are (bench/hello/kms-share-handler.ts)
 * builds the DynamoDB and KMS clients as shared/aws/runtime.ts does, then sends two `GetItem`s and
 * two `Decrypt`s, and prints the CPU time of each step (median over the processes): the KMS
 * client's first request against its second, and against DynamoDB's first and second. Once with
 * the KMS client on its own HTTP handler (as deployed), once sharing DynamoDB's. DynamoDB is a
 * loopback server answering `{}`, KMS the bench's fake (bench/fake-kms.ts): no Java needed.
 */
const runs = Number(process.env.RUNS ?? 9);
const loadAtStart = loadavg()[0] ?? 0;
const dynamo = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.setHeader("content-type", "application/x-amz-json-1.0");
    res.end("{}");
  });
});
await new Promise<void>((resolve) => dynamo.listen(0, "127.0.0.1", resolve));
const kms = await startFakeKms();
const outdir = mkdtempSync(join(tmpdir(), "duel-kms-share-"));
try {
  const built = await bundle(
    "kms-share",
    fileURLToPath(new URL("./hello/kms-share-handler.ts", import.meta.url)),
    outdir,
  );
  const env = (share: boolean): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    AWS_REGION: "eu-west-3",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
    AWS_ENDPOINT_URL_KMS: kms.endpoint,
    SECRETS_KEY_ARN: "arn:aws:kms:eu-west-3:123456789012:key/00000000-0000-0000-0000-000000000000",
    SHARE_HANDLER: share ? "1" : "",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  });
  const script = [
    `const m = await import(${JSON.stringify(pathToFileURL(built.file).href)});`,
    "const steps = await m.handler();",
    "const cpu = process.cpuUsage();",
    'process.stdout.write("\\nSTEPS " + JSON.stringify({ ...steps, process: (cpu.user + cpu.system) / 1000 }) + "\\n");',
    "process.exit(0);",
  ].join("\n");
  const samples = new Map<boolean, Record<string, number[]>>([
    [false, {}],
    [true, {}],
  ]);
  for (let r = 0; r < runs; r++) {
    for (const share of [false, true]) {
      const { status, out, err } = await runModuleScript(process.execPath, script, env(share));
      const line = out.split("\n").find((l) => l.startsWith("STEPS "));
      if (status !== 0 || !line) throw new Error(`kms-share failed (${status}): ${err || out}`);
      const into = samples.get(share) ?? {};
      for (const [step, ms] of Object.entries(
        JSON.parse(line.slice("STEPS ".length)) as Record<string, number>,
      ))
        into[step] = [...(into[step] ?? []), ms];
    }
  }
  for (const [share, steps] of samples) {
    const figures = Object.entries(steps).map(([step, ms]) => `${step} ${round(median(ms), 1)}`);
    process.stdout.write(
      `${share ? "KMS on DynamoDB's handler" : "KMS on its own handler"}: ${figures.join(", ")} (CPU ms)\n`,
    );
  }
  process.stdout.write(
    `${runs} rounds, Node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}\n`,
  );
} finally {
  rmSync(outdir, { recursive: true, force: true });
  dynamo.close();
  await kms.stop();
}
