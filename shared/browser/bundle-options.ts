/**
 * How the turn-preparing page's script is bundled for browsers (CONTRACT.md 9): the referee's own
 * rules code from shared/ (parser and decider), not a copy. One description for both builds: the
 * HTTP function's bundling writes it beside the bundle (infra/cdk/bundling.ts, esbuild's command
 * line), and a checkout without that file builds it on its first request (./tour-script.ts).
 */

/** The page's entry, from the project root. */
export const TOUR_ENTRY = "shared/browser/tour-page.ts";

/** Where the HTTP function's bundling writes it, relative to the bundle's folder (Lambda's working directory). */
export const TOUR_SCRIPT_FILE = "browser/tour-page.js";

/**
 * `node:crypto`, which the decider imports for a content hash, replaced by ./browser-hash.ts: a
 * browser has no `node:crypto`, and the hash means nothing to a post that is only prepared.
 */
export const BROWSER_ALIASES: Readonly<Record<string, string>> = {
  "node:crypto": "./shared/browser/browser-hash.ts",
};

/** Browsers of phones a few years old. */
export const BROWSER_TARGET = "es2020";

/** The same options as esbuild's command-line flags, for the bundling's shell step. */
export function tourScriptArgs(outfile: string): string[] {
  return [
    TOUR_ENTRY,
    "--bundle",
    "--platform=browser",
    "--format=iife",
    `--target=${BROWSER_TARGET}`,
    "--minify",
    "--charset=utf8",
    "--log-level=warning",
    ...Object.entries(BROWSER_ALIASES).map(([from, to]) => `--alias:${from}=${to}`),
    `--outfile=${outfile}`,
  ];
}
