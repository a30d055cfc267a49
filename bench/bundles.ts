import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { BUNDLE, CODE_CACHED, esbuildOptions } from "../infra/cdk/bundling.js";
import { stageCodeCachedBundle } from "../infra/cdk/code-cache.js";
import { PROJECT_ROOT } from "../infra/cdk/paths.js";

export interface Bundle {
  readonly name: string;
  readonly entry: string;
  readonly file: string;
  readonly bytes: number;
  readonly mapBytes: number;
  /** The biggest contributors to the minified output, by package (or source folder). */
  readonly topInputs: readonly { readonly name: string; readonly bytes: number }[];
}

/** Output bytes by npm package, or by the first two folders of a source of ours. */
function byPackage(metafile: Metafile): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint) continue;
    for (const [file, input] of Object.entries(output.inputs)) {
      const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
      const name = pkg ?? file.split("/").slice(0, 2).join("/");
      totals.set(name, (totals.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6);
}

/**
 * Bundles one entry with the options the CDK stack deploys with (infra/cdk/bundling.ts: esbuild,
 * minified, ESM, node target, AWS SDK included), into its own folder under `outdir`.
 */
export async function bundle(name: string, entry: string, outdir: string): Promise<Bundle> {
  const dir = join(outdir, name);
  const result = await build({ ...esbuildOptions(entry, dir, PROJECT_ROOT), metafile: true });
  if (result.errors.length > 0) throw new Error(`${name}: ${JSON.stringify(result.errors)}`);
  const file = join(dir, BUNDLE.outputFile);
  const map = `${file}.map`;
  return {
    name,
    entry,
    file,
    bytes: statSync(file).size,
    mapBytes: BUNDLE.sourcemap ? Buffer.byteLength(readFileSync(map)) : 0,
    topInputs: byPackage(result.metafile),
  };
}

/** The code-cached form of an entry (CODE_CACHED): `bundle.js`, wrapped CommonJS, and its `index.mjs`. */
export async function codeCachedBundle(name: string, entry: string, outdir: string): Promise<Bundle> {
  const dir = join(outdir, name);
  const result = await stageCodeCachedBundle(entry, dir);
  const file = join(dir, CODE_CACHED.bundleFile);
  return {
    name,
    entry,
    file: join(dir, BUNDLE.outputFile),
    bytes: statSync(file).size + statSync(join(dir, BUNDLE.outputFile)).size,
    mapBytes: Buffer.byteLength(readFileSync(`${file}.map`)),
    topInputs: byPackage(result.metafile),
  };
}
