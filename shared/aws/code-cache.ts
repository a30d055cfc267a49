import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";

// Taken from Node, not imported: this module runs in Lambda's ES module entry (`index.mjs`), where an
// import of a builtin builds its ES module facade, which reads every export and so loads what they
// defer (node:fs's streams, a few ms of every cold start).
const { readFileSync, writeFileSync } = process.getBuiltinModule("node:fs");
const { crc32 } = process.getBuiltinModule("node:zlib");

/**
 * A function's bundle run from a V8 code cache written at build time, after a representative first
 * request (infra/cdk/code-cache.ts): V8 then neither parses nor compiles what that request ran, and
 * compiling the bundle is the largest single item of a cold start. The bundle is a CommonJS body
 * wrapped in a function expression (`(function (exports, require, module, __filename, __dirname) {…})`,
 * CODE_CACHED in infra/cdk/bundling.ts), so that `vm.Script` can run it and produce its cache.
 *
 * V8 rejects a cache made by another V8 version or with other flags, but it does not check the
 * cache's bytes (a corrupt cache crashes the process) and knows the source only by its length. So
 * the file carries, before V8's bytes, the CRC-32 of the bundle it was made for and of those bytes;
 * either differing, the cache is not handed to V8. Whatever the reason, a rejected cache only means
 * the bundle is compiled as if there were none. A checksum, not a cryptographic digest: it guards
 * against a damaged or mismatched file, not against someone who could write the function's code
 * itself, and a cold start checks 2 MB with it in a fraction of a millisecond (SHA-256 took about
 * 4 ms of the webhook's first turn).
 */
export type CodeCacheState =
  /** No cache file. */
  | "none"
  | "accepted"
  /** The file is not a cache of this bundle, or is damaged: V8 never saw it. */
  | "mismatched"
  /** V8 refused it: another Node build or other V8 flags. */
  | "rejected";

export interface CachedBundle {
  readonly exports: Record<string, unknown>;
  readonly cache: CodeCacheState;
  /** The compiled script, whose `createCachedData()` is the cache to write after a first request. */
  readonly script: Script;
  readonly source: string;
}

const MAGIC = Buffer.from("duel-code-cache-2", "utf8");
const CHECKSUM = 4;
const HEADER = MAGIC.length + 2 * CHECKSUM;

const checksum = (data: string | Uint8Array) => {
  const sum = Buffer.alloc(CHECKSUM);
  sum.writeUInt32BE(crc32(data));
  return sum;
};

/** The cache of a bundle lives beside it. */
export function codeCachePath(bundleFile: string): string {
  return `${bundleFile}.cache`;
}

/**
 * V8's bytes out of a cache file, if the file was written for this very source and is intact. The
 * source as the file's bytes or as its text (the same checksum): the bytes are summed without first
 * being encoded again, which a cold start would pay on every bundle.
 */
export function openCodeCache(file: Buffer, source: string | Uint8Array): Buffer | undefined {
  if (file.length <= HEADER || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const forSource = file.subarray(MAGIC.length, MAGIC.length + CHECKSUM);
  const forData = file.subarray(MAGIC.length + CHECKSUM, HEADER);
  const data = file.subarray(HEADER);
  if (!checksum(source).equals(forSource) || !checksum(data).equals(forData)) return undefined;
  return data;
}

/** A cache file: the checksums of the source and of V8's bytes, then the bytes. */
export function sealCodeCache(data: Buffer, source: string | Uint8Array): Buffer {
  return Buffer.concat([MAGIC, checksum(source), checksum(data), data]);
}

function readIfAny(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Runs `bundleFile` (a wrapped CommonJS body) from its code cache when it has a usable one. */
export function runCachedBundle(
  bundleFile: string,
  cacheFile: string = codeCachePath(bundleFile),
): CachedBundle {
  const bytes = readFileSync(bundleFile);
  const source = bytes.toString("utf8");
  const file = readIfAny(cacheFile);
  const cachedData = file === undefined ? undefined : openCodeCache(file, bytes);
  // Named by URL, as an ES module is: logged stacks are mapped by their `file://` frames
  // (shared/observability/stack-map.ts).
  const filename = pathToFileURL(bundleFile).href;
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  const cache: CodeCacheState =
    file === undefined
      ? "none"
      : cachedData === undefined
        ? "mismatched"
        : script.cachedDataRejected
          ? "rejected"
          : "accepted";
  const body = script.runInThisContext() as (
    exports: Record<string, unknown>,
    require: NodeJS.Require,
    module: { exports: Record<string, unknown> },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as Record<string, unknown> };
  body(module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
  return { exports: module.exports, cache, script, source };
}

/** Writes the cache of what the script has compiled so far (after the representative request). */
export function writeCodeCache(bundle: CachedBundle, cacheFile: string): number {
  const file = sealCodeCache(bundle.script.createCachedData(), bundle.source);
  writeFileSync(cacheFile, file);
  return file.length;
}
