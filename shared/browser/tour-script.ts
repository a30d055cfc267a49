import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BROWSER_ALIASES, BROWSER_TARGET, TOUR_ENTRY, TOUR_SCRIPT_FILE } from "./bundle-options.js";

/** The project's root in a checkout (local, tests); a Lambda bundle has none. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

let cached: Promise<string> | undefined;

/**
 * The turn-preparing page's script (CONTRACT.md 9): as the HTTP function's bundling wrote it beside
 * the bundle, else built now from shared/ with esbuild (a checkout: `npm start`, the tests), once
 * per process. esbuild is named in a variable so that the function's own bundling leaves it out.
 */
export function tourScript(): Promise<string> {
  cached ??= (async () => {
    const built = await readFile(join(process.cwd(), TOUR_SCRIPT_FILE), "utf8").catch(() => null);
    if (built !== null) return built;
    const name = "esbuild";
    const esbuild = (await import(name)) as typeof import("esbuild");
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [TOUR_ENTRY],
      bundle: true,
      platform: "browser",
      format: "iife",
      target: BROWSER_TARGET,
      minify: true,
      charset: "utf8",
      alias: { ...BROWSER_ALIASES },
      write: false,
      logLevel: "silent",
    });
    return result.outputFiles[0]?.text ?? "";
  })().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
