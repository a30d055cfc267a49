import { join } from "node:path";
import { type BundlingOptions, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import type { BuildOptions } from "esbuild";
import { TOUR_SCRIPT_FILE, tourScriptArgs } from "../../shared/browser/bundle-options.js";
import { FUNCTION_ENTRIES, type FunctionName } from "./paths.js";

/**
 * The Node.js major the functions run on. The Lambda runtime and the esbuild target derive from it,
 * so moving to a newer runtime is a one-line change that moves both.
 */
export const NODE_MAJOR = 22;

/**
 * ESM bundles of CommonJS dependencies call `require` for Node built-ins; ESM has no `require`, so
 * the banner makes one. The alias keeps the banner's import from clashing with a bundled one.
 */
export const REQUIRE_BANNER =
  'import { createRequire as __bannerCreateRequire } from "node:module"; const require = __bannerCreateRequire(import.meta.url);';

/**
 * Modules replaced in the bundles, each by a module of ours (paths from the project root, where
 * esbuild runs). Only for code that cannot run in these functions; each replacement says why in its
 * own file, and test/infra/bundles.cases.ts checks both the reason and the result.
 *
 * - The SDK's default credential chain: in Lambda the role's credentials are always in the
 *   environment, the chain's first link; its other links and their STS, SSO and sign-in clients are
 *   never used there (shared/aws/lambda-credentials.ts).
 * - The SDK's event streams: no operation of the DynamoDB and Scheduler clients has one
 *   (shared/aws/no-event-streams.ts).
 */
export const ALIASES: Readonly<Record<string, string>> = {
  "@aws-sdk/credential-provider-node": "./shared/aws/lambda-credentials.ts",
  "@smithy/core/event-streams": "./shared/aws/no-event-streams.ts",
};

/**
 * The functions whose bundle takes `Headers`, `Request` and `Response` from
 * shared/aws/light-fetch.ts (esbuild `inject`, paths from the project root) in place of Node's
 * undici (why: shared/aws/light-fetch.ts). The webhook
 * function only: a forum's delivery is bytes in and JSON out, which those classes hold themselves;
 * the HTTP function's desk (forms, cookies, redirects) keeps Node's.
 */
export const LIGHT_FETCH: Readonly<Partial<Record<FunctionName, readonly string[]>>> = {
  webhook: ["./shared/aws/light-fetch.ts"],
};

/** What the bundling injects into the bundle of `entry` (LIGHT_FETCH), if anything. */
function injectFor(entry: string): string[] {
  const name = (Object.keys(FUNCTION_ENTRIES) as FunctionName[]).find((n) => FUNCTION_ENTRIES[n] === entry);
  return [...((name && LIGHT_FETCH[name]) ?? [])];
}

/**
 * How every function is bundled, in one place: the stack turns it into NodejsFunction options and
 * test/infra/bundles.cases.ts into esbuild options, so the bundle under test is the one deployed.
 *
 * `external` is empty on purpose: the AWS SDK v3 clients are bundled at the version pinned in
 * package-lock.json rather than taken from the Lambda runtime, whose SDK AWS updates on its own
 * schedule. What the tests ran against is then exactly what runs in the cloud.
 */
export const BUNDLE = {
  target: `node${NODE_MAJOR}`,
  format: "esm",
  minify: true,
  sourcemap: true,
  /**
   * The map without the sources' text, deployed beside the bundle (`index.mjs.map`). The functions
   * run without `--enable-source-maps` (which made Node read, parse and index the map as it loaded
   * the bundle, on every cold start); a logged stack is mapped when it is logged
   * (shared/observability/stack-map.ts), to the TypeScript file, line and column.
   */
  sourcesContent: false,
  banner: REQUIRE_BANNER,
  // ESM builds first: the SDK and Hono ship them, and they tree-shake better than CommonJS.
  mainFields: ["module", "main"],
  alias: ALIASES,
  external: [] as readonly string[],
  /** NodejsFunction names an ESM bundle `index.mjs` (handler `index.handler`). */
  outputFile: "index.mjs",
} as const;

/**
 * A function deployed with a V8 code cache (shared/aws/code-cache.ts): its bundle is a CommonJS body
 * wrapped in a function expression (`bundle.js`), run by a small ESM entry (`index.mjs`, from
 * functions/code-cache-entry.ts) from the cache (`bundle.js.cache`) written after a representative
 * first request (infra/cdk/code-cache.ts). `import.meta.url`, which CommonJS has not, is the
 * bundle's own URL.
 */
export const CODE_CACHED = {
  bundleFile: "bundle.js",
  /** What esbuild names it (NodejsFunction's CommonJS output), renamed `bundleFile` after the build. */
  builtFile: "index.js",
  entry: "functions/code-cache-entry.ts",
  banner:
    '(function (exports, require, module, __filename, __dirname) { const __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
  footer: "})",
  define: { "import.meta.url": "__bundleUrl" },
} as const;

/**
 * The NodejsFunction bundling options of function `name`, bundled locally with the installed
 * esbuild, never in Docker, in the code-cached form (CODE_CACHED): NodejsFunction writes the
 * wrapped CommonJS bundle (`index.js`), and the steps after it rename it `bundle.js`, build the ESM
 * entry `index.mjs` that Lambda loads, and write the code cache (infra/cdk/code-cache.ts) with the
 * Node that runs the build.
 */
export function lambdaBundling(name: string): BundlingOptions {
  const inject = LIGHT_FETCH[name as FunctionName];
  return {
    forceDockerBundling: false,
    target: BUNDLE.target,
    format: OutputFormat.CJS,
    minify: BUNDLE.minify,
    sourceMap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    banner: CODE_CACHED.banner,
    footer: CODE_CACHED.footer,
    define: { ...CODE_CACHED.define },
    mainFields: [...BUNDLE.mainFields],
    externalModules: [...BUNDLE.external],
    ...(inject ? { inject: [...inject] } : {}),
    esbuildArgs: {
      // BundlingOptions has no `alias`: esbuild's own flag, once per package (`--alias:from=to`).
      "--alias": Object.entries(BUNDLE.alias).map(([from, to]) => `${from}=${to}`),
      "--supported:dynamic-import": "false",
    },
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) => [
        `mv "${outputDir}/${CODE_CACHED.builtFile}" "${outputDir}/${CODE_CACHED.bundleFile}"`,
        `mv "${outputDir}/${CODE_CACHED.builtFile}.map" "${outputDir}/${CODE_CACHED.bundleFile}.map"`,
        `"${inputDir}/node_modules/.bin/esbuild" "${inputDir}/${CODE_CACHED.entry}" --bundle --platform=node ` +
          `--format=esm --target=${BUNDLE.target} --minify --log-level=warning --outfile="${outputDir}/${BUNDLE.outputFile}"`,
        ...(name === "http" ? [browserScriptStep(inputDir, outputDir)] : []),
        `cd "${inputDir}" && "${process.execPath}" --import tsx infra/cdk/code-cache.ts "${outputDir}" ${name}`,
      ],
    },
  };
}

/**
 * The HTTP function serves the turn-preparing page's script (CONTRACT.md 9): the referee's rules
 * code bundled for browsers (shared/browser/bundle-options.ts), written beside the bundle, where
 * shared/browser/tour-script.ts reads it (Lambda's working directory is the bundle's folder).
 */
export function browserScriptStep(inputDir: string, outputDir: string): string {
  const args = tourScriptArgs(`${outputDir}/${TOUR_SCRIPT_FILE}`).map((a) => `"${a}"`);
  return `cd "${inputDir}" && "${inputDir}/node_modules/.bin/esbuild" ${args.join(" ")}`;
}

/** The same bundle as esbuild build options, as NodejsFunction passes them to the esbuild CLI. */
export function esbuildOptions(entry: string, outdir: string, projectRoot: string): BuildOptions {
  return {
    absWorkingDir: projectRoot,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: BUNDLE.target,
    format: BUNDLE.format,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    banner: { js: BUNDLE.banner },
    mainFields: [...BUNDLE.mainFields],
    alias: { ...BUNDLE.alias },
    external: [...BUNDLE.external],
    inject: injectFor(entry),
    outfile: join(outdir, BUNDLE.outputFile),
    logLevel: "silent",
  };
}

/**
 * The code-cached form's two builds (CODE_CACHED): the wrapped CommonJS bundle (written as
 * `builtFile`, as NodejsFunction writes it, to be renamed `bundleFile`), and its ESM entry.
 */
export function codeCachedEsbuildOptions(
  entry: string,
  outdir: string,
  projectRoot: string,
): { bundle: BuildOptions; entry: BuildOptions } {
  const esm = esbuildOptions(entry, outdir, projectRoot);
  return {
    bundle: {
      ...esm,
      format: "cjs",
      banner: { js: CODE_CACHED.banner },
      footer: { js: CODE_CACHED.footer },
      define: { ...CODE_CACHED.define },
      // `import()` of Node's modules (the SDK's HTTP handler, Powertools' invoke store) as
      // `require`: a script run from a code cache cannot import (V8 drops the script's import
      // callback with the cache on Node 20).
      supported: { "dynamic-import": false },
      outfile: join(outdir, CODE_CACHED.builtFile),
    },
    entry: {
      ...esbuildOptions(join(projectRoot, CODE_CACHED.entry), outdir, projectRoot),
      sourcemap: false,
    },
  };
}
