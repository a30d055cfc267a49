/** The ellipsis that marks a truncated text. */
export const ELLIPSIS = "…";

/**
 * Cuts `text` to at most `max` UTF-16 code units, ending with "…" when cut. Never splits a
 * surrogate pair, so an emoji is dropped whole rather than left as half a character. Counting code
 * units is conservative: Discord and Discourse count characters, never more than code units.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  if (max < ELLIPSIS.length + 1) return ELLIPSIS.slice(0, max);
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + ELLIPSIS;
}
