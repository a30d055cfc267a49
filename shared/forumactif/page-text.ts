/** Text of page fragments, with the project's HTML reader and entity decoder. */
import { decodeEntities } from "../parsing/html-entities.js";
import { htmlToText } from "../parsing/html-text.js";

/** The text of an HTML fragment: tags gone, entities decoded, spaces collapsed, lines kept. */
export function fragmentText(html: string): string {
  return decodeEntities(htmlToText(html))
    .replace(/[ \t\u00a0\u202f]+/g, " ")
    .replace(/ ?\n ?/g, "\n");
}

/** The text of `html[start, end)` without the ranges in `excluded` (sorted or not). */
export function textOutside(
  html: string,
  start: number,
  end: number,
  excluded: readonly [number, number][],
): string {
  let kept = "";
  let at = start;
  for (const [from, to] of [...excluded].sort((a, b) => a[0] - b[0])) {
    if (to <= at || from >= end) continue;
    kept += `${html.slice(at, Math.max(at, from))}\n`;
    at = Math.max(at, to);
  }
  return fragmentText(kept + html.slice(at, end));
}
