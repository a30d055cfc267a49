import { build } from "esbuild";
import { esbuildOptions } from "../infra/cdk/bundling.ts";

const n = process.argv[2] ?? "timer";
const r = await build({
  ...esbuildOptions(`functions/${n}/handler.ts`, `/tmp/bb/${n}`, "/work/main"),
  metafile: true,
});
const out = Object.values(r.metafile.outputs).find((o) => o.entryPoint);
const byPkg = new Map<string, number>();
for (const [file, info] of Object.entries(out!.inputs)) {
  const m = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const k = m ? m[1] : file.split("/").slice(0, 2).join("/");
  byPkg.set(k, (byPkg.get(k) ?? 0) + info.bytesInOutput);
}
console.log(
  [...byPkg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, v]) => `${(v / 1024).toFixed(1).padStart(8)} KB ${k}`)
    .join("\n"),
);
