/**
 * Forumactif's EDITED_MESSAGE line: `Dernière édition par Harry le Lun 30 Nov 2026 - 21:04, édité
 * 2 fois` (English boards: `Last edited by Harry on Mon 30 Nov 2026 - 21:04; edited 2 times in
 * total`). The wrapper around it differs between versions, so it is found by its words.
 */
import { type DateContext, parseForumactifDate } from "./dates.js";
import type { EditedNote } from "./types.js";

const START = /(?:Derni[eè]re [ée]dition par|Last edited by)\s+/i;
const COUNT = /[,;]?\s*(?:[ée]dit[ée]\s+(\d+)\s+fois|edited\s+(\d+)\s+times?(?:\s+in\s+total)?)\s*\.?\s*$/i;

/** Where the note starts in a text, or -1. */
export function editedNoteIndex(text: string): number {
  const match = START.exec(text);
  return match === null ? -1 : match.index;
}

/**
 * The note in a post's text outside its message, or null when there is none. Parts that cannot
 * be read are null (a board may drop the count or use its own date format); the name is the
 * text before the last ` le `/` on ` that a date follows.
 */
export function readEditedNote(text: string, ctx: DateContext): EditedNote | null {
  const start = START.exec(text);
  if (start === null) return null;
  const line = (text.slice(start.index + start[0].length).split("\n")[0] ?? "").trim();
  const count = COUNT.exec(line);
  const rest = count === null ? line : line.slice(0, count.index).trim();
  const times = count === null ? null : Number(count[1] ?? count[2]);
  const separator = /\s+(?:le|on)\s+/gi;
  for (let m = separator.exec(rest); m !== null; m = separator.exec(rest)) {
    const at = parseForumactifDate(rest.slice(m.index + m[0].length), ctx);
    if (at !== null) return { by: rest.slice(0, m.index).trim() || null, at, count: times };
  }
  return { by: rest || null, at: null, count: times };
}
