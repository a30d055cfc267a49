import { fileURLToPath } from "node:url";

/**
 * Where a browser test saves a picture the documents show (`docs/<name>`): into `docs/` only when
 * asked (`UPDATE_DOCS_SCREENSHOTS=1`), else beside the test run's other pictures in
 * `test-artifacts/`, so that `npm test` leaves the checkout as it found it (a page's pixels differ
 * from run to run: fonts, timings).
 */
export function docsScreenshot(name: string): string {
  const folder = process.env.UPDATE_DOCS_SCREENSHOTS === "1" ? "../../docs/" : "../../test-artifacts/";
  return fileURLToPath(new URL(`${folder}${name}`, import.meta.url));
}
