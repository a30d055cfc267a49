import { findDuration } from "../../parsing/french-duration.js";

/**
 * A duration as a person types it on the desk, as ISO 8601 for the API: « 3 jours », « 30 minutes »,
 * « 6 mois », « 2 jours et 12 heures » (the way the desk shows one back), or ISO itself. Null when the
 * text holds anything else, so a typo is refused rather than half read.
 */
export function deskDuration(text: string): string | null {
  const found = findDuration(text);
  return found && /^(?:\s|,|et)*$/i.test(found.rest) ? found.iso : null;
}
