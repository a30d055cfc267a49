import { build } from "esbuild";
import { esbuildOptions } from "../infra/cdk/bundling.ts";

const n = process.argv[2] ?? "timer";
const r = await build({
  ...esbuildOptions(`functions/${n}/handler.ts`, `/tmp/bb/${n}`, "/work/main"),
  metafile: true,
});
const out = Object.values(r.metafile.outputs).find((o) => o.entryPoint)!;
const rows = Object.entries(out.inputs)
  .filter(([f]) => f.includes("zod"))
  .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
console.log(
  rows.length,
  rows
    .slice(0, 15)
    .map(([f, i]) => `${i.bytesInOutput} ${f}`)
    .join("\n"),
);
// who imports zod
for (const [f, i] of Object.entries(r.metafile.inputs))
  for (const imp of i.imports)
    if (imp.path.includes("zod") && !f.includes("zod")) console.log(f, "->", imp.path, imp.original);
