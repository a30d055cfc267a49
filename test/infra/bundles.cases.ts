import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as dynamodb from "@aws-sdk/client-dynamodb";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import * as scheduler from "@aws-sdk/client-scheduler";
import { NormalizedSchema } from "@smithy/core/schema";
import { build } from "esbuild";
import ts from "typescript-ast";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { asciiBundle } from "../../infra/cdk/ascii-bundle.js";
import {
  BUNDLE,
  browserScriptStep,
  CODE_CACHED,
  codeCachedEsbuildOptions,
  lambdaBundling,
} from "../../infra/cdk/bundling.js";
import { FUNCTION_ENVIRONMENT } from "../../infra/cdk/constructs/functions.js";
import { FUNCTION_ENTRIES, type FunctionName, PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { createTable } from "../../shared/adapters/dynamodb/table.js";
import { logicalId, SYNTH_TIMEOUT_MS, type Synthesized, synthesize } from "./synth.js";

const NAMES = Object.keys(FUNCTION_ENTRIES) as FunctionName[];

/** Dummy values shaped like the real ones; nothing here reaches AWS. */
const DUMMY: Record<(typeof FUNCTION_ENVIRONMENT)[FunctionName][number], string> = {
  TABLE_NAME: "DuelReferee-Table-TEST",
  SECRETS_KEY_ARN: "arn:aws:kms:eu-west-3:123456789012:key/00000000-0000-0000-0000-000000000000",
  ADMIN_TOKEN_PARAMETER: "/DuelReferee/admin-token",
  SCHEDULE_GROUP_NAME: "DuelReferee-timers",
  TIMER_FUNCTION_ARN: "arn:aws:lambda:eu-west-3:123456789012:function:DuelReferee-Timer",
  SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/DuelReferee-Scheduler",
  SCHEDULER_DLQ_ARN: "arn:aws:sqs:eu-west-3:123456789012:DuelReferee-DeadLetters",
};

/** What Lambda provides, plus exactly the variables the stack gives this function. */
function lambdaLikeEnvironment(name: FunctionName): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
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
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The folder `cdk synth` staged for a function's code: its bundle, its ESM entry, its code cache. */
function stagedAsset(name: FunctionName): string {
  const staged = synth.template.toJSON().Resources[logicalId(synth.stack.functions[name].fn)];
  return join(synth.app.outdir, `asset.${String(staged.Properties.Code.S3Key).replace(/\.zip$/, "")}`);
}

describe("the bundles, built as deployed", () => {
  it("share their options with the stack's NodejsFunctions", () => {
    expect(lambdaBundling("webhook")).toEqual({
      forceDockerBundling: false,
      target: BUNDLE.target,
      format: "cjs",
      minify: BUNDLE.minify,
      sourceMap: BUNDLE.sourcemap,
      sourcesContent: false,
      banner: CODE_CACHED.banner,
      footer: CODE_CACHED.footer,
      define: CODE_CACHED.define,
      mainFields: BUNDLE.mainFields,
      externalModules: [],
      // Its Headers, Request and Response are ours (LIGHT_FETCH): no undici on a cold start.
      inject: ["./shared/aws/light-fetch.ts"],
      esbuildArgs: {
        "--alias": [
          "@aws-sdk/credential-provider-node=./shared/aws/lambda-credentials.ts",
          "@smithy/core/event-streams=./shared/aws/no-event-streams.ts",
        ],
        "--supported:dynamic-import": "false",
      },
      commandHooks: expect.any(Object),
    });
    const hooks = lambdaBundling("webhook").commandHooks;
    expect(hooks?.afterBundling("/src", "/out")).toEqual([
      // The code-cached form: the bundle renamed, its ESM entry, its cache.
      'mv "/out/index.js" "/out/bundle.js"',
      'mv "/out/index.js.map" "/out/bundle.js.map"',
      `"/src/node_modules/.bin/esbuild" "/src/functions/code-cache-entry.ts" --bundle --platform=node --format=esm --target=${BUNDLE.target} --minify --log-level=warning --outfile="/out/index.mjs"`,
      `cd "/src" && "${process.execPath}" --import tsx infra/cdk/code-cache.ts "/out" webhook`,
    ]);
    // CONTRACT 9: the HTTP function alone also writes the turn page's script beside its bundle.
    const http = lambdaBundling("http").commandHooks?.afterBundling("/src", "/out") ?? [];
    expect(http.at(-2)).toBe(browserScriptStep("/src", "/out"));
    expect(http.at(-2)).toContain('"--outfile=/out/browser/tour-page.js"');
  });

  for (const name of NAMES) {
    it(`${name}: bundles everything, as \`cdk synth\` staged it, and a fresh node takes it from its code cache`, async () => {
      // Byte for byte the code `cdk synth` staged for this function: same esbuild, same options,
      // the same code before and after being wrapped for the code cache.
      const asset = stagedAsset(name);
      const dir = join(outdir, name);
      const options = codeCachedEsbuildOptions(FUNCTION_ENTRIES[name], dir, PROJECT_ROOT);
      const result = await build({ ...options.bundle, metafile: true });
      expect(result.errors).toEqual([]);
      const built = readFileSync(join(dir, CODE_CACHED.builtFile), "utf8");
      const deployed = readFileSync(join(asset, CODE_CACHED.bundleFile), "utf8");
      // ASCII-only (infra/cdk/ascii-bundle.ts): one byte a character in V8, decoded on the fast path.
      expect(deployed).toBe(asciiBundle(built).code);
      expect(deployed).not.toMatch(/[\u0080-\uffff]/);
      // Escaped, the characters mean the same only where esbuild leaves them: in regular
      // expression literals (a tagged template's raw text would read the escape itself).
      expect(outsideRegularExpressions(built)).toEqual([]);
      // A dynamic import would fail in a script run from a code cache.
      expect(built).not.toMatch(/\bimport\(/);

      // The SDK is in (bundled, not external); of its credential providers, only the environment's.
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs).toContain("shared/aws/lambda-credentials.ts");
      expect(inputs.some((input) => input.includes("node_modules/@aws-sdk/client-dynamodb/"))).toBe(true);
      expect(
        inputs.filter((input) =>
          /@aws-sdk\/(credential-provider-|nested-clients|token-providers)/.test(input),
        ),
      ).toEqual([]);
      // Nor the SDK's event streams, which no operation of its clients has (below).
      expect(inputs).toContain("shared/aws/no-event-streams.ts");
      expect(inputs.filter((input) => input.includes("/event-streams/"))).toEqual([]);

      // zod classic only where the admin API is: the other functions validate with zod/mini's
      // schemas (the webhooks' bodies, the referee's commands), and zod classic is a third of the
      // webhook's bundle. Modules tree-shaken away stay in the graph with no byte in the output.
      const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined);
      const classic = Object.entries(output?.inputs ?? {})
        .filter(
          ([input, { bytesInOutput }]) => input.includes("node_modules/zod/v4/classic/") && bytesInOutput > 0,
        )
        .map(([input]) => input);
      if (name === "http") expect(classic).not.toEqual([]);
      else expect(classic).toEqual([]);

      // Standard Webhooks is ours, on node:crypto (shared/http/standard-webhooks.ts): the library,
      // its pure-JS SHA-256 and its base64 are the tests' oracle, in no bundle.
      expect(
        inputs.filter((input) => /node_modules\/(standardwebhooks|fast-sha256|@stablelib)\//.test(input)),
      ).toEqual([]);
      // The webhook verifies with it (and the http function, whose app holds the same routes), the
      // relay signs the hiboux with it.
      if (name !== "timer") expect(inputs).toContain("shared/http/standard-webhooks.ts");

      // A fresh process, as a cold start, loads the staged entry, whose cache this Node wrote during
      // synthesis, with only the environment the stack gives: a dependency left out fails here.
      const script = [
        `const m = await import(${JSON.stringify(pathToFileURL(join(asset, BUNDLE.outputFile)).href)});`,
        `if (typeof m.handler !== "function") { console.error("handler is " + typeof m.handler); process.exit(3); }`,
        'process.stdout.write("\\nSTATE " + m.codeCache.state + "\\n");',
      ].join("\n");
      const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: asset,
        env: lambdaLikeEnvironment(name),
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("STATE accepted");
    });
  }
});

/** The non-ASCII characters of `code` outside its regular expression literals, with what surrounds them. */
function outsideRegularExpressions(code: string): string[] {
  const source = ts.createSourceFile("bundle.js", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const literals: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral)
      literals.push([node.getStart(source), node.end]);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  const outside: string[] = [];
  for (const match of code.matchAll(/[\u0080-\uffff]/g)) {
    const at = match.index;
    if (!literals.some(([start, end]) => start <= at && at < end)) outside.push(code.slice(at - 40, at + 10));
  }
  return outside;
}

/** A fresh table on the run's DynamoDB Local, for a bundle run in another process to use. */
async function tableOnDynamoDbLocal(prefix: string): Promise<string> {
  const client = new DynamoDBClient({
    endpoint: inject("dynamoEndpoint"),
    region: "eu-west-3",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const tableName = `${prefix}-${Date.now()}`;
  await createTable(client, tableName);
  client.destroy();
  return tableName;
}

describe("the SDK's credentials in the bundles", () => {
  let tableName: string;
  beforeAll(async () => {
    tableName = await tableOnDynamoDbLocal("bundle");
  });

  /** The staged relay's sweep of an empty outbox, in a fresh process: one signed Query. */
  function sweep(env: NodeJS.ProcessEnv) {
    const asset = stagedAsset("relay");
    const script = [
      `const m = await import(${JSON.stringify(pathToFileURL(join(asset, BUNDLE.outputFile)).href)});`,
      "try { console.log(JSON.stringify(await m.handler({ sweep: true }))); }",
      "catch (error) { console.log(JSON.stringify({ error: String(error?.message ?? error) })); }",
      "process.exit(0);",
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: asset,
      env: {
        ...lambdaLikeEnvironment("relay"),
        TABLE_NAME: tableName,
        AWS_ENDPOINT_URL_DYNAMODB: inject("dynamoEndpoint"),
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
        ...env,
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "null") as Record<string, unknown>;
  }

  it("signs with the environment's credentials, as Lambda gives them", () => {
    expect(sweep({ AWS_SESSION_TOKEN: "session-token" })).toEqual({ done: 0, batchItemFailures: [] });
  });

  it("reads no other source: without them, the request fails and says why", () => {
    const answer = sweep({ AWS_ACCESS_KEY_ID: "", AWS_SECRET_ACCESS_KEY: "" });
    expect(String(answer.error)).toMatch(/no AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
  });
});

describe("the SDK's event streams, left out of the bundles", () => {
  for (const [client, exports] of [
    ["DynamoDB", dynamodb],
    ["Scheduler", scheduler],
  ] as const) {
    it(`are used by no operation of the ${client} client`, () => {
      const commands = Object.entries(exports).filter(([name]) => /^[A-Z]\w*Command$/.test(name));
      expect(commands.length).toBeGreaterThan(10);
      for (const [name, Command] of commands) {
        // What the SDK's Command asks before sending (@smithy/core client/smithy-client/command.js).
        const { schema } = new (Command as new (input: object) => { schema: unknown })({});
        // An operation schema: [9, namespace, name, traits, input, output].
        expect(Array.isArray(schema) && schema[0] === 9, name).toBe(true);
        type Member = NonNullable<Parameters<typeof NormalizedSchema.of>[0]>;
        const [, , , , input, output] = schema as [9, string, string, unknown, Member, Member];
        expect(NormalizedSchema.of(input).getEventStreamMember(), name).toBe("");
        expect(NormalizedSchema.of(output).getEventStreamMember(), name).toBe("");
      }
    });
  }
});

describe("the webhook function's HTTP classes (shared/aws/light-fetch.ts)", () => {
  let tableName: string;
  beforeAll(async () => {
    tableName = await tableOnDynamoDbLocal("webhook");
  });

  it("answer through the staged bundle, from its code cache, and never load Node's undici", () => {
    const asset = stagedAsset("webhook");
    const event = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => ({
      version: "2.0",
      routeKey: "$default",
      rawPath: path,
      rawQueryString: "",
      headers: { host: "api.example.com", ...headers },
      requestContext: { domainName: "api.example.com", http: { method, path }, requestId: "r" },
      ...(body === undefined ? {} : { body }),
      isBase64Encoded: false,
    });
    const signed = {
      "content-type": "application/json",
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
      "webhook-signature": "v1,c2lnbmF0dXJl",
    };
    const events = [
      event("GET", "/healthz"),
      // A delivery for a forum that does not exist: its body read, the forum read on DynamoDB
      // Local, the signature refused.
      event("POST", "/webhooks/absent/generic", signed, '{"type":"post.created","data":{}}'),
      // Over the body limit (its body made in the process: an argument is at most 128 KB).
      event("POST", "/webhooks/absent/generic", signed, "{}"),
      event("GET", "/nowhere"),
    ];
    const script = [
      `const m = await import(${JSON.stringify(pathToFileURL(join(asset, BUNDLE.outputFile)).href)});`,
      `const events = ${JSON.stringify(events)};`,
      'events[2].body = JSON.stringify({ type: "post.created", data: { content: "x".repeat(1100000) } });',
      "const answers = [];",
      "for (const event of events) {",
      "  const res = await m.handler(event, { awsRequestId: 'test' });",
      "  answers.push({ status: res.statusCode, type: res.headers['content-type'], body: JSON.parse(res.body) });",
      "}",
      "const undici = process.moduleLoadList.filter((name) => name.includes('undici'));",
      'process.stdout.write("\\nANSWERS " + JSON.stringify({ state: m.codeCache.state, answers, undici }) + "\\n");',
      "process.exit(0);",
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: asset,
      env: {
        ...lambdaLikeEnvironment("webhook"),
        TABLE_NAME: tableName,
        AWS_ENDPOINT_URL_DYNAMODB: inject("dynamoEndpoint"),
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const line = run.stdout.split("\n").find((l) => l.startsWith("ANSWERS ")) ?? "ANSWERS null";
    const { state, answers, undici } = JSON.parse(line.slice("ANSWERS ".length));
    expect(state).toBe("accepted");
    expect(answers.map((a: { status: number; type: string }) => [a.status, a.type])).toEqual([
      [200, "application/json"],
      [401, "application/json"],
      [413, "application/json"],
      [404, "application/json"],
    ]);
    expect(answers[0].body).toEqual({ ok: true });
    expect(answers.slice(1).map((a: { body: { error: { code: string } } }) => a.body.error.code)).toEqual([
      "invalid_signature",
      "payload_too_large",
      "not_found",
    ]);
    expect(undici).toEqual([]);
  });
});
