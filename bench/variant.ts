import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Under the repository, so that the copy's imports of packages resolve; `.scratch*` is ignored by git. */
const SCRATCH = join(ROOT, ".scratch-what-pays");

/**
 * A copy of `shared/` with exact pieces of text replaced, so that a piece of performance work can
 * be measured against the code without it (or with it back) in the same process: returns the
 * copy's root; import its modules by path. Every `from` must occur in its file.
 */
export function variant(name: string, edits: Record<string, readonly (readonly [string, string])[]>): string {
  const root = join(SCRATCH, name);
  rmSync(root, { recursive: true, force: true });
  cpSync(join(ROOT, "shared"), join(root, "shared"), { recursive: true });
  for (const [file, pairs] of Object.entries(edits)) {
    const path = join(root, file);
    let text = readFileSync(path, "utf8");
    for (const [from, to] of pairs) {
      if (!text.includes(from)) throw new Error(`${file} no longer holds: ${from}`);
      text = text.replace(from, to);
    }
    writeFileSync(path, text);
  }
  return root;
}

/** Removes every copy made by {@link variant}. */
export function dropVariants(): void {
  rmSync(SCRATCH, { recursive: true, force: true });
}
