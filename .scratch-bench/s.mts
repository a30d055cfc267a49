import { build } from "esbuild";
import { esbuildOptions } from "../infra/cdk/bundling.ts";

const n = process.argv[2] ?? "timer";
const pat = process.argv[3] ?? "@smithy/core";
const r = await build({
  ...esbuildOptions(`functions/${n}/handler.ts`, `/tmp/bb/${n}`, "/work/main"),
  metafile: true,
});
const out = Object.values(r.metafile.outputs).find((o) => o.entryPoint)!;
const rows = Object.entries(out.inputs)
  .filter(([f]) => f.includes(pat))
  .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
console.log(
  rows.length,
  rows
    .slice(0, 25)
    .map(([f, i]) => `${i.bytesInOutput} ${f}`)
    .join("\n"),
);
