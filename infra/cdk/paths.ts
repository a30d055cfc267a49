import { fileURLToPath } from "node:url";

/**
 * The repository root: NodejsFunction's project root (esbuild runs there and finds tsconfig.json)
 * and where package-lock.json pins what gets bundled.
 */
export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The lock file NodejsFunction needs to locate the project; named so it is never guessed. */
export const LOCK_FILE = fileURLToPath(new URL("../../package-lock.json", import.meta.url));

/** The four Lambda entries, one folder each under functions/, each exporting `handler`. */
export const FUNCTION_ENTRIES = {
  webhook: fileURLToPath(new URL("../../functions/webhook/handler.ts", import.meta.url)),
  http: fileURLToPath(new URL("../../functions/http/handler.ts", import.meta.url)),
  timer: fileURLToPath(new URL("../../functions/timer/handler.ts", import.meta.url)),
  relay: fileURLToPath(new URL("../../functions/relay/handler.ts", import.meta.url)),
} as const;

export type FunctionName = keyof typeof FUNCTION_ENTRIES;
