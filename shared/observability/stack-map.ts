import { readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Stack traces of the bundles, mapped back to the TypeScript sources when they are logged, rather
 * than by Node on every start. `--enable-source-maps` makes Node read, parse and index the bundle's
 * map, and scan the bundle for its magic comments, as it loads the bundle: 5–15 ms of every cold
 * start (bench/README.md), for stack traces that a healthy function never prints. Here the map
 * (`index.mjs.map`, deployed beside the bundle) is read the first time a logged line carries a
 * stack, once per container.
 */

/** A frame's location in a JavaScript file: `file:///var/task/index.mjs:3:1234`. */
const FRAME = /(file:\/\/[^\s()]+\.m?js):(\d+):(\d+)/g;

/** The maps read so far, by file URL; null when a file has none (then its frames stay as they are). */
const maps = new Map<string, SourceMap | null>();

function mapOf(url: string): SourceMap | null {
  let map = maps.get(url);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, "utf8")) as SourceMapPayload);
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return map;
}

/**
 * A source's path as the map gives it (relative to the bundle's build folder) without the
 * climb to it: `../../shared/http/errors.ts` reads `shared/http/errors.ts`.
 */
function readable(source: string): string {
  return source.replace(/^(?:\.\.?\/)+/, "");
}

/** The stack with each frame in a mapped bundle pointing at its source file, line and column. */
export function mappedStack(stack: string): string {
  return stack.replace(FRAME, (frame, url: string, line: string, column: string) => {
    const entry = mapOf(url)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !("originalSource" in entry)) return frame;
    return `${readable(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
