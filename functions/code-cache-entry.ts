import { fileURLToPath } from "node:url";
import { runCachedBundle, writeCodeCache } from "../shared/aws/code-cache.js";

/**
 * The entry Lambda loads (`index.mjs`) in front of a function's bundle (`bundle.js`), which it runs
 * from the code cache written beside it at build time (shared/aws/code-cache.ts). A few hundred
 * bytes: compiling it costs nothing.
 */
const bundleFile = fileURLToPath(new URL("./bundle.js", import.meta.url));
const bundle = runCachedBundle(bundleFile);

if (bundle.cache === "rejected" || bundle.cache === "mismatched") {
  // Not an error: the function runs as it would without a cache, only its first request is slower.
  process.stdout.write(
    `${JSON.stringify({ level: "WARN", message: "code cache not used: the bundle was compiled without it", codeCache: bundle.cache, node: process.version })}\n`,
  );
}

export const handler = bundle.exports.handler as (event: unknown, context: unknown) => Promise<unknown>;

/** How the bundle was compiled, and the build step's way to write the cache after a first request. */
export const codeCache = {
  state: bundle.cache,
  write: (file: string) => writeCodeCache(bundle, file),
};
