import { readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Stack traces of the bundles, mapped back to the TypeScript sources when they are logged, rather
 * than by Node on every start. `--enable-source-maps` makes Node read, parse and index the bundle's
 * map, and scan the bundle for its magic comments, as it loads the bundle: every cold start paid
 * it (bench/README.md), for stack traces that a healthy function never prints. Here the map
 * (`index.mjs.map`, deployed beside the bundle) is read the first time a logged line carries a
 * stack, once per container.
 */

/** A frame's location in a JavaScript file: `file:///var/task/index.mjs:3:1234`. */
const FRAME = /(file:\/\/[^\s()]+\.m?js):(\d+):(\d+)/g;

/**
 * The folder of the bundle this module is built into (`/var/task`): the only folder whose maps are
 * read. A stack's text carries its error's message, which may name any file: a map is read for a
 * frame in this folder, never for a path a message makes up or climbs to.
 */
const BUNDLE_FOLDER = dirname(fileURLToPath(import.meta.url));

/** The maps read so far, by file path; null when a file has none (then its frames stay as they are). */
const maps = new Map<string, SourceMap | null>();
/** A folder holds a few bundles: more distinct names than this come from messages, not frames. */
const MAX_MAPS = 16;

function mapOf(url: string, folder: string): SourceMap | null {
  const path = fileURLToPath(url);
  if (dirname(path) !== folder) return null;
  let map = maps.get(path);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8")) as SourceMapPayload);
    } catch {
      map = null;
    }
    // A map that exists is always kept; the misses (names a message made up) only up to the bound.
    if (map !== null || maps.size < MAX_MAPS) maps.set(path, map);
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

/**
 * The stack with each frame in a mapped bundle pointing at its source file, line and column. It is
 * called while an error is being logged, so it never throws: a frame it cannot map stays as it is.
 */
export function mappedStack(stack: string, folder: string = BUNDLE_FOLDER): string {
  return stack.replace(FRAME, (frame, url: string, line: string, column: string) => {
    try {
      const entry = mapOf(url, folder)?.findEntry(Number(line) - 1, Number(column) - 1);
      // A map may name no source for a position (Node then gives `originalSource: undefined`).
      if (!entry || !("originalSource" in entry) || typeof entry.originalSource !== "string") return frame;
      return `${readable(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    } catch {
      return frame;
    }
  });
}
