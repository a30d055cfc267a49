import { build } from "esbuild";
import { esbuildOptions } from "../infra/cdk/bundling.ts";

for (const n of ["http", "timer", "relay"]) {
  const t = Date.now();
  const r = await build({
    ...esbuildOptions(`functions/${n}/handler.ts`, `/tmp/bb/${n}`, "/work/main"),
    metafile: true,
  });
  const { statSync } = await import("node:fs");
  console.log(n, statSync(`/tmp/bb/${n}/index.mjs`).size, Date.now() - t, "ms");
}
